package grade

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// seSinglesPath is Sudoku Explainer's solving loop with its first
// producer alone (../shared/SE-RULES.md, section 2, "Hidden single"),
// written from the rules, not from the grader: each step, pass 1 visits
// the houses with one empty cell, pass 2 the others, both in region
// order B (the boxes, then the columns, then the rows; here a layout's
// regions or boxes, then its columns, then its rows, each in layout
// order), digits 1 to 9, and the first digit with exactly one place left
// is placed: 1.0 in pass 1, else 1.2 in a box and 1.5 in a row or
// column. kind gives each house's kind ('b', 'c' or 'r'). It returns the
// placements in order and ER, EP, ED, or ok false when it gets stuck.
func seSinglesPath(l *Layout, kind []byte, puzzle []uint8) (path []Candidate, er, ep, ed float64, ok bool) {
	v := slices.Clone(puzzle)
	var order []int
	for _, k := range []byte{'b', 'c', 'r'} {
		for h := range l.Houses {
			if kind[h] == k {
				order = append(order, h)
			}
		}
	}
	sees := func(c int, d uint8) bool {
		for _, p := range l.Peers[c] {
			if v[p] == d {
				return true
			}
		}
		return false
	}
	for {
		empty := 0
		for c, x := range v {
			if x == 0 && (l.Used == nil || l.Used[c]) {
				empty++
			}
		}
		if empty == 0 {
			return path, er, ep, ed, true
		}
		found := false
		for pass := 1; pass <= 2 && !found; pass++ {
			for _, h := range order {
				n := 0
				for _, c := range l.Houses[h] {
					if v[c] == 0 {
						n++
					}
				}
				if n == 0 || (pass == 1) != (n == 1) {
					continue
				}
				for d := uint8(1); d <= uint8(l.N) && !found; d++ {
					at, places := -1, 0
					for _, c := range l.Houses[h] {
						if v[c] == d {
							places = -1
							break
						}
						if v[c] == 0 && !sees(c, d) {
							at, places = c, places+1
						}
					}
					if places != 1 {
						continue
					}
					diff := 1.0
					if pass == 2 {
						diff = 1.2
						if kind[h] != 'b' {
							diff = 1.5
						}
					}
					v[at] = d
					path = append(path, Candidate{at, d})
					er = max(er, diff)
					if len(path) == 1 {
						ed, ep = diff, er
					}
					found = true
				}
				if found {
					break
				}
			}
		}
		if !found {
			return path, er, ep, ed, false
		}
	}
}

// TestFramelessHiddenSingles: on a jigsaw and on two 9x9 grids sharing a
// box, puzzles a person solves with hidden singles alone (dug from the
// solution while SE's loop of seSinglesPath still solves them) are
// rated by the SE profile as Sudoku Explainer rates singles: the same
// placements in the same order and the same ER, EP and ED (a hidden
// single in a row or column 1.5, in a box or region 1.2; boxes scanned
// first). Until 2026-12-07 these boards rated a hidden single 1.2 in any
// house and scanned the rows first.
func TestFramelessHiddenSingles(t *testing.T) {
	ls := framelessLayouts(t)
	eng := NewEngine(SEProfile())
	for _, name := range slices.Sorted(maps.Keys(ls)) {
		l := ls[name]
		sol := framelessSolution(name, l)
		// the houses' kinds, from how framelessLayouts lists them: a
		// jigsaw row, column, row, ... then its regions; each twodoku
		// grid row, column, box (the shared box once)
		kind := make([]byte, len(l.Houses))
		for h, cells := range l.Houses {
			kind[h] = 'b'
			if step := cells[1] - cells[0]; !slices.ContainsFunc(cells[1:], func(c int) bool { return c != cells[0]+step*slices.Index(cells, c) }) {
				kind[h] = 'c'
				if step == 1 {
					kind[h] = 'r'
				}
			}
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		ratings := map[float64]int{}
		for k := 0; k < 12; k++ {
			p := slices.Clone(sol)
			for _, c := range rng.Perm(len(p)) {
				if p[c] == 0 {
					continue
				}
				d := p[c]
				p[c] = 0
				if _, _, _, _, ok := seSinglesPath(l, kind, p); !ok {
					p[c] = d
				}
			}
			want, er, ep, ed, _ := seSinglesPath(l, kind, p)
			ratings[er]++
			g, err := NewLayoutGrid(l, p)
			if err != nil {
				t.Fatal(err)
			}
			res, err := eng.Solve(g, Options{Solution: sol, KeepSteps: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []Candidate
			for _, s := range res.Steps {
				got = append(got, s.Placements...)
			}
			if !slices.Equal(got, want) || res.ER != er || res.EP != ep || res.ED != ed {
				n := min(len(got), len(want))
				first := n
				for i := 0; i < n; i++ {
					if got[i] != want[i] {
						first = i
						break
					}
				}
				t.Errorf("%s puzzle %d: rated %.1f/%.1f/%.1f, SE's loop gives %.1f/%.1f/%.1f; paths part at step %d (%d and %d steps)", name, k, res.ER, res.EP, res.ED, er, ep, ed, first+1, len(got), len(want))
			}
		}
		if ratings[1.5] == 0 {
			t.Errorf("%s: no puzzle needed a single in a row or column (%v): the test proves nothing", name, ratings)
		}
	}
}
