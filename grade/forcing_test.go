package grade

import (
	"fmt"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// pathOf prints a solve path: every step's technique, placements,
// eliminations and difficulty bits.
func pathOf(res Result) string {
	s := ""
	for _, st := range res.Steps {
		s += fmt.Sprintf("%s|%v|%v|%x;", st.Tech, st.Placements, st.Eliminations, st.Difficulty)
	}
	return s
}

// serPicks returns up to n puzzles of cb-ser-dev whose SE rating is in
// [lo, hi), every one at a line index divisible by every.
func serPicks(t *testing.T, lo, hi float64, every, n int) []sudoku.Grid {
	var ps []sudoku.Grid
	for i, c := range loadSER(t) {
		if c.ser >= lo && c.ser < hi && i%every == 0 {
			p, _ := sudoku.ParseAuto(c.puzzle)
			ps = append(ps, p)
		}
	}
	return ps[:min(len(ps), n)]
}

// TestParallelSearchSame rates forcing-chain puzzles with the searches
// split among goroutines: every step must be the sequential run's.
func TestParallelSearchSame(t *testing.T) {
	ps := serPicks(t, 8.5, 99, 7, 5)
	ps = append(ps, readPuzzles(t, "sudoku/forum-hardest-1106.txt", 1)...)
	seq, par := NewEngine(SEProfile()), NewEngine(SEProfile())
	for _, p := range ps {
		a, err := seq.Rate(p, Options{KeepSteps: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := par.Rate(p, Options{KeepSteps: true, Parallel: 3})
		if err != nil {
			t.Fatal(err)
		}
		if a.ER != b.ER || pathOf(a) != pathOf(b) {
			t.Fatalf("%s: parallel search %.1f (%s) differs from sequential %.1f (%s)", p, b.Rating(), b.Hardest, a.Rating(), a.Hardest)
		}
	}
	t.Logf("%d puzzles, identical paths", len(ps))
}

// TestSparseRunTables rates forcing-chain puzzles with the sparse run
// tables that grids above 12x12 use (fcDenseKeys), with and without kept
// node bit sets (fcBitKeys): every step must be the dense tables' one.
func TestSparseRunTables(t *testing.T) {
	ps := serPicks(t, 8.5, 9.5, 11, 2)
	e := NewEngine(SEProfile())
	for _, p := range ps {
		a, err := e.Rate(p, Options{KeepSteps: true})
		if err != nil {
			t.Fatal(err)
		}
		// sparse runs with their node bit sets kept (16x16), then with
		// one scratch set (25x25)
		for _, bitKeys := range []int{fcBitKeys, 0} {
			oldDense, oldBits := fcDenseKeys, fcBitKeys
			fcDenseKeys, fcBitKeys = 0, bitKeys
			b, err := e.Rate(p, Options{KeepSteps: true})
			fcDenseKeys, fcBitKeys = oldDense, oldBits
			if err != nil {
				t.Fatal(err)
			}
			if a.ER < 8.5 || a.ER != b.ER || pathOf(a) != pathOf(b) {
				t.Fatalf("%s: sparse tables (bit sets kept up to %d keys) %.1f (%s), dense %.1f (%s)", p, bitKeys, b.Rating(), b.Hardest, a.Rating(), a.Hardest)
			}
		}
	}
}

// TestSparseRunIndex checks the sparse runs' membership tables (index,
// node) against the runs' own node lists: after a static and a dynamic
// multiple search on hard 9x9 grids with sparse tables, with the bit sets
// kept and with one scratch set, every key's node in every run must be
// the one its on (off) list holds, or none.
func TestSparseRunIndex(t *testing.T) {
	oldDense, oldBits := fcDenseKeys, fcBitKeys
	defer func() { fcDenseKeys, fcBitKeys = oldDense, oldBits }()
	runs := 0
	for _, p := range serPicks(t, 8.5, 99, 9, 4) {
		for _, bitKeys := range []int{fcBitKeys, 0} {
			for _, dyn := range []bool{false, true} {
				fcDenseKeys, fcBitKeys = 0, bitKeys
				g := NewGrid(p)
				ctx := &fcContext{}
				s := newFCSearch(g, ctx, fcMode{multiple: true, dynamic: dyn})
				s.search(0, len(g.Cand))
				c := s.c
				want := make([]int32, 2*s.nk)
				for i := range s.runs {
					r := &s.runs[i]
					for k := range want {
						want[k] = -1
					}
					for _, x := range c.onOrder[r.onLo:r.onHi] {
						want[2*c.pool[x].key+1] = x
					}
					for _, x := range c.offOrder[r.offLo:r.offHi] {
						want[2*c.pool[x].key] = x
					}
					for key := range int32(s.nk) {
						for _, on := range []bool{false, true} {
							slot := 2 * key
							if on {
								slot++
							}
							if got := s.node(r, key, on); got != want[slot] {
								t.Fatalf("%s (dynamic %v, bit sets up to %d keys): run %d, key %d on %v: node %d, its list %d", p, dyn, bitKeys, i, key, on, got, want[slot])
							}
						}
					}
					// retain keeps the keys the run has (all keys asked)
					for _, on := range []bool{false, true} {
						all := make([]int32, s.nk)
						for k := range all {
							all[k] = int32(k)
						}
						got := s.retain(all, r, on)
						j := 0
						for key := range int32(s.nk) {
							slot := 2 * key
							if on {
								slot++
							}
							if want[slot] < 0 {
								continue
							}
							if j >= len(got) || got[j] != key {
								t.Fatalf("%s (dynamic %v, bit sets up to %d keys): run %d on %v: retain lost key %d", p, dyn, bitKeys, i, on, key)
							}
							j++
						}
						if j != len(got) {
							t.Fatalf("%s (dynamic %v, bit sets up to %d keys): run %d on %v: retain kept %d keys, want %d", p, dyn, bitKeys, i, on, len(got), j)
						}
					}
					runs++
				}
				s.release()
			}
		}
	}
	if runs == 0 {
		t.Fatal("no runs checked")
	}
	t.Logf("%d runs checked", runs)
}
