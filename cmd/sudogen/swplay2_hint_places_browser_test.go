package main

// A hint whose step places two digits (a killer's innies and outies, a
// cage's combination) enters both, and never takes out a digit the
// player has already entered. The page entered the first placement only,
// and when the player had entered that digit already, the hint's button
// entered it again: the same digit twice clears a cell, so the hint
// removed the player's right digit.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/killer"
)

// swplay2HintPlacesTwo opens the killer at the position its grader's
// solve path reaches just before its first step that places two digits
// (the digits and removals of every earlier step made), once as it is and
// once with the step's first digit already entered by the player, takes
// the hint to its move and makes it: both cells must then hold the
// solution's digits.
func swplay2HintPlacesTwo(t *testing.T, b *playBrowser, corpus string) {
	r := swplay2Record(t, corpus)
	hs, err := killer.PlayHints(&r)
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for i, s := range hs.Steps {
		if len(s.Places) >= 2 {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatalf("%s: no step of the killer grader's path places two digits", r.ID)
	}
	step := hs.Steps[k]
	// the position before step k: its placements as the player's entries,
	// its removals as what earlier hints removed
	v := []byte(r.Puzzle)
	for i := range v {
		v[i] = '.'
	}
	var known []int
	for _, s := range hs.Steps[:k] {
		for _, pl := range s.Places {
			v[pl.Cell] = r.Solution[pl.Cell]
		}
	}
	for _, s := range hs.Steps[:k] {
		for _, e := range s.Elims {
			if v[e.Cell] == '.' {
				known = append(known, e.Cell*32+e.Digit)
			}
		}
	}
	page := filepath.Join(t.TempDir(), "killer.html")
	if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", "en", "-q", "-o", page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	for _, c := range []struct {
		name    string
		entered bool // the step's first digit entered by the player
	}{{"as the path stands", false}, {"first digit entered", true}} {
		t.Run(c.name, func(t *testing.T) {
			pos := append([]byte(nil), v...)
			first := step.Places[0].Cell
			if c.entered {
				pos[first] = r.Solution[first]
			}
			kj, _ := json.Marshal(known)
			p := b.tab(t)
			p.open(page, "")
			p.setProgress(r.ID, fmt.Sprintf(`{"v":%q,"k":%s}`, pos, kj))
			// the page's own singles come first: make them (a player
			// following the hints) until the hint is the step
			h := p.hint(3)
			for n := 0; h.Tech != step.Tech && n < 20; n++ {
				p.click("#hint-apply")
				h = p.hint(3)
			}
			if h.Tech != step.Tech {
				t.Fatalf("the hint at step %d is %s (%q), want the path's %s", k, h.Tech, h.Text, step.Tech)
			}
			// the button names the digits it enters: those not entered
			want := "Enter " + string(r.Solution[step.Places[1].Cell])
			if !c.entered {
				want = "Enter " + string(r.Solution[first]) + " and " + string(r.Solution[step.Places[1].Cell])
			}
			if len(step.Places) != 2 {
				t.Fatalf("step %d places %d digits, the test expects 2", k, len(step.Places))
			}
			if h.Apply != want {
				t.Errorf("the hint's button says %q, want %q", h.Apply, want)
			}
			p.click("#hint-apply")
			for _, pl := range step.Places {
				want := string(r.Solution[pl.Cell])
				if got := p.text(fmt.Sprintf("#c%d", pl.Cell)); got != want {
					t.Errorf("after the hint %q and its button %q, row %d, column %d holds %q, want %s",
						h.Text, h.Apply, pl.Cell/9+1, pl.Cell%9+1, got, want)
				}
			}
		})
	}
}

// swplay2Record reads the first record of a corpus.
func swplay2Record(t *testing.T, corpus string) (r export.Record) {
	t.Helper()
	b, err := os.ReadFile(corpus)
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	if err := export.DecodeLine(line, &r); err != nil {
		t.Fatalf("%s:1: %v", corpus, err)
	}
	return r
}
