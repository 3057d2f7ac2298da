package main

// A hint names a Samurai's rows and columns as the board does: by the
// frame's row and column, the numbers its cells are named by ("row 2,
// column 13"). The page numbered them in the order of the houses, grid by
// grid, so the top-right grid's second row was "row 11" and its first
// column "column 10", and a hint sent the player to another row.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"
)

// swplaySamuraiHouseNames leaves one cell empty in a row (then in a
// column) of the top-right grid, its other house having a second empty
// cell, so that the first hint is that row's (column's) full house, and
// checks that the house the hint names at level 1 is the one it shades.
func swplaySamuraiHouseNames(t *testing.T, b *playBrowser, corpus string) {
	r := swplayRecord(t, corpus, "samurai-9-0000000")
	page := swplayPage(t, corpus, "en")
	const w = 21
	for _, c := range []struct {
		name string
		a, b int // the empty cells (not givens): a the house's only one
		kind string
	}{
		// r1c13 alone in its row; r3c13 shares its column and box
		{"row", 12, 2*w + 12, "row"},
		// r3c13 alone in its column; r3c14 shares its row and box
		{"column", 2*w + 12, 2*w + 13, "column"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := []byte(r.Solution)
			for i := range v {
				if r.Puzzle[i] != '.' || i == c.a || i == c.b {
					v[i] = '.'
				}
			}
			p := b.tab(t)
			p.open(page, "")
			p.setProgress(r.ID, fmt.Sprintf(`{"v":%q}`, v))
			h := p.hint(1)
			m := regexp.MustCompile(c.kind + ` (\d+)`).FindStringSubmatch(h.Text)
			if m == nil {
				t.Fatalf("hint %q names no %s", h.Text, c.kind)
			}
			n, _ := strconv.Atoi(m[1])
			shaded := eval[[]int](p, `[...document.querySelectorAll('#board .c.hu')].map(c => +c.dataset.i)`)
			if len(shaded) != 9 {
				t.Fatalf("hint %q shades %d cells, want a house of 9", h.Text, len(shaded))
			}
			for _, i := range shaded {
				at := i/w + 1
				if c.kind == "column" {
					at = i%w + 1
				}
				if at != n {
					t.Errorf("hint %q shades row %d, column %d: the house it names is not the one it shows", h.Text, i/w+1, i%w+1)
					break
				}
			}
		})
	}
}

// swplayRecord reads the record with this id from a corpus.
func swplayRecord(t *testing.T, corpus, id string) (r struct{ ID, Puzzle, Solution string }) {
	t.Helper()
	f, err := os.Open(corpus)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("%s: no record %s", corpus, id)
	return r
}
