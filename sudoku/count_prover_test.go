package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestCountTwoProver sends every large-grid count up to 2 that needs a
// branch to the Prover (countTwo's search cap at zero nodes) and checks
// its answers against the depth-first search without a cap (an
// independent engine): random 16x16 and 25x25 puzzles dug to a unique one
// (count 1), the same with a given removed (usually 2), with a given
// changed (usually 0), and with two given digits swapped; limits 1 and 2;
// the solution written when it is unique.
func TestCountTwoProver(t *testing.T) {
	defer func(n int) { searchNodesPerCell = n }(searchNodesPerCell)
	counts := map[int]int{}
	for _, shape := range []Shape{Shape16, Shape25} {
		g := GeometryOf(shape)
		s := NewSolver(shape)
		rng := rand.New(rand.NewPCG(16, uint64(g.N)))
		full := make([]uint8, g.Cells)
		trials, dig := 4, 100 // percent of the cells tried
		if g.N == 25 {
			trials, dig = 1, 50 // deeper digs of 25x25 can take the search minutes
		}
		for trial := 0; trial < trials; trial++ {
			p := uniqueDug(t, s, rng, full, shape, dig)
			var givens []int
			for c, v := range p {
				if v != 0 {
					givens = append(givens, c)
				}
			}
			removed := append([]uint8(nil), p...)
			removed[givens[rng.IntN(len(givens))]] = 0
			changed := append([]uint8(nil), p...)
			c := givens[rng.IntN(len(givens))]
			changed[c] = uint8(int(changed[c])%g.N + 1)
			swapped := append([]uint8(nil), p...)
			a, b := givens[0], givens[len(givens)-1]
			swapped[a], swapped[b] = swapped[b], swapped[a]
			// an empty cell given a digit other than the solution's that
			// no peer holds: p is unique, so no solution (found by search)
			wrong := append([]uint8(nil), p...)
			for _, c := range rng.Perm(g.Cells) {
				if p[c] != 0 {
					continue
				}
				if w := peerFree(g, p, c, full[c]); w != 0 {
					wrong[c] = w
					break
				}
			}
			for _, q := range [][]uint8{p, removed, changed, swapped, wrong} {
				for _, limit := range []int{1, 2} {
					searchNodesPerCell = 10
					wantSol := make([]uint8, g.Cells)
					want := s.run(q, limit, wantSol, nil, -1, 0, -1)
					searchNodesPerCell = 0
					gotSol := make([]uint8, g.Cells)
					got := s.Count(q, limit, gotSol)
					if got != want {
						t.Fatalf("%v: Count(%s, %d) = %d by the Prover, %d by the search", shape, Grid{g, q}, limit, got, want)
					}
					if got >= 1 && !(Grid{g, q}).SolvedBy(Grid{g, gotSol}) {
						t.Fatalf("%v: Count(%s, %d) wrote %s: not a solution", shape, Grid{g, q}, limit, Grid{g, gotSol})
					}
					if got == 1 && limit == 2 && string(gotSol) != string(wantSol) {
						t.Fatalf("%v: Count(%s) wrote %s, the only solution is %s", shape, Grid{g, q}, Grid{g, gotSol}, Grid{g, wantSol})
					}
					if got2 := s.Count(q, limit, nil); got2 != want {
						t.Fatalf("%v: Count(%s, %d, nil) = %d by the Prover, %d by the search", shape, Grid{g, q}, limit, got2, want)
					}
					if limit == 2 && s.run(q, 2, nil, nil, -1, 0, 0) < 0 {
						counts[want]++ // the search branches: the Prover answered
					}
				}
			}
		}
	}
	t.Logf("the Prover counted %d puzzles with no solution, %d with one, %d with two or more", counts[0], counts[1], counts[2])
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Fatalf("cases not varied: the Prover counted %v puzzles with 0, 1 and 2 solutions", counts)
	}
}

// uniqueDug returns a random full grid's puzzle dug in random order while
// the search says it stays unique, percent of the cells tried.
func uniqueDug(t *testing.T, s *Solver, rng *rand.Rand, full []uint8, shape Shape, percent int) []uint8 {
	t.Helper()
	clear(full)
	if !s.Random(full, rng, full) {
		t.Fatalf("%v: no random full grid", shape)
	}
	p := append([]uint8(nil), full...)
	for _, c := range rng.Perm(len(p))[:len(p)*percent/100] {
		v := p[c]
		p[c] = 0
		if s.run(p, 2, nil, nil, -1, 0, -1) != 1 {
			p[c] = v
		}
	}
	return p
}

// peerFree returns a digit other than not that no peer of cell c holds in
// p, or 0.
func peerFree(g *Geometry, p []uint8, c int, not uint8) uint8 {
	var seen uint64
	for _, u := range g.CellUnits[c] {
		for _, q := range g.Units[u] {
			seen |= 1 << p[q]
		}
	}
	for w := 1; w <= g.N; w++ {
		if uint8(w) != not && seen&(1<<w) == 0 {
			return uint8(w)
		}
	}
	return 0
}
