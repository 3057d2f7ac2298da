package main

// A Windoku board's conflicts are those of its rules: rows, columns,
// boxes and the four shaded windows. The five windows those imply (with
// the boxes) are houses of the grader (SukakuExplainer's), so the page's
// candidates and hints use them, but the rules the player reads name four
// windows: two equal digits that share only an implied window broke no
// rule the page states, and the page outlined them as a conflict.

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// swplay2WindokuConflicts enters one digit in two cells that share only
// an implied window (no conflict, and selecting one does not highlight
// the other), then in two that share only a shaded window (a conflict,
// highlighted).
func swplay2WindokuConflicts(t *testing.T, b *playBrowser, corpus string) {
	r := swplay2Record(t, corpus)
	windows := [][]int{ // docs/variants.md: the four shaded windows
		{10, 11, 12, 19, 20, 21, 28, 29, 30}, {14, 15, 16, 23, 24, 25, 32, 33, 34},
		{46, 47, 48, 55, 56, 57, 64, 65, 66}, {50, 51, 52, 59, 60, 61, 68, 69, 70}}
	// stated: the digits the givens put in a cell's stated houses
	stated := func(i int) string {
		var s strings.Builder
		for j := range 81 {
			same := j/9 == i/9 || j%9 == i%9 || (j/27 == i/27 && j%9/3 == i%9/3)
			for _, w := range windows {
				in := 0
				for _, c := range w {
					if c == i || c == j {
						in++
					}
				}
				same = same || in == 2
			}
			if same && r.Puzzle[j] != '.' {
				s.WriteByte(r.Puzzle[j])
			}
		}
		return s.String()
	}
	page := filepath.Join(t.TempDir(), "windoku.html")
	if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", "en", "--no-hints", "-q", "-o", page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	for _, c := range []struct {
		name     string
		a, b     int
		conflict bool
	}{
		// r1c2 and r5c4: the implied window of r1, r5, r9 by c2-4
		{"implied window", 1, 39, false},
		// r2c2 and r4c4: the shaded window r2-4 c2-4
		{"shaded window", 10, 30, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if r.Puzzle[c.a] != '.' || r.Puzzle[c.b] != '.' {
				t.Fatalf("r%dc%d or r%dc%d is a given", c.a/9+1, c.a%9+1, c.b/9+1, c.b%9+1)
			}
			d := ""
			for _, x := range "123456789" {
				if !strings.ContainsRune(stated(c.a)+stated(c.b), x) {
					d = string(x)
					break
				}
			}
			p := b.tab(t)
			p.open(page, "#play="+r.ID)
			for _, i := range []int{c.a, c.b} {
				p.click(fmt.Sprintf("#c%d", i))
				p.keys(d)
			}
			p.waitFor(fmt.Sprintf(`document.getElementById('c%d').textContent === %q`, c.b, d))
			got := eval[[]int](p, `[...document.querySelectorAll('#board .c.conflict')].map(c => +c.dataset.i)`)
			if want := []int{c.a, c.b}; c.conflict && fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s in r%dc%d and r%dc%d (one shaded window): conflicts at %v, want %v", d, c.a/9+1, c.a%9+1, c.b/9+1, c.b%9+1, got, want)
			} else if !c.conflict && len(got) > 0 {
				t.Errorf("%s in r%dc%d and r%dc%d (only an implied window in common, no rule the page states): conflicts at %v, want none", d, c.a/9+1, c.a%9+1, c.b/9+1, c.b%9+1, got)
			}
			// the selection's highlight: the cells of its rules' houses
			p.click(fmt.Sprintf("#c%d", c.a))
			if peer := eval[bool](p, fmt.Sprintf(`document.getElementById('c%d').classList.contains('peer')`, c.b)); peer != c.conflict {
				t.Errorf("r%dc%d selected: r%dc%d highlighted %v, want %v", c.a/9+1, c.a%9+1, c.b/9+1, c.b%9+1, peer, c.conflict)
			}
		})
	}
}
