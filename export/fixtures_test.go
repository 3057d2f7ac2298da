package export

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// testTiers cycles through the tiers, with one untiered record in five, so
// fixtures exercise section order.
var testTiers = []string{"hard", "easy", "", "expert", "medium"}

var (
	genMu    sync.Mutex
	genCache = map[string][]*Record{}
)

// makeRecords generates n real puzzles of shape s (deterministically, from
// seed 1) and fills the grading fields by hand: grading is not export's job.
func makeRecords(t testing.TB, s sudoku.Shape, n int) []*Record {
	t.Helper()
	key := fmt.Sprintf("%v/%d", s, n)
	genMu.Lock()
	defer genMu.Unlock()
	if recs, ok := genCache[key]; ok {
		return cloneRecords(recs)
	}
	g, err := generate.New(generate.Options{Shape: s})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, uint64(s.N())))
	recs := make([]*Record, n)
	for i := range recs {
		var p generate.Puzzle
		if s.N() <= 9 {
			if p, err = g.Sudoku(rng); err != nil {
				t.Fatal(err)
			}
		} else {
			p = patternPuzzle(s, rng)
		}
		tier := testTiers[i%len(testTiers)]
		minimal := p.Minimal
		techs := map[string]int{"hidden-single": 40 + i%7}
		if i%3 != 0 { // a count is >= 1 (CheckGrading)
			techs["naked-pair"] = i % 3
		}
		recs[i] = &Record{
			ID: fmt.Sprintf("s%d-%s-%07d", s.N(), tierOrNone(tier), i), Kind: "sudoku", Size: s.N(),
			Box: []int{s.BoxRows, s.BoxCols}, Puzzle: p.Puzzle.String(), Solution: p.Solution.String(),
			Givens: p.Puzzle.Givens(), Minimal: &minimal, Symmetry: "none",
			Rating: math.Round(12+float64(i%50)*2) / 10, Tier: tier, Hardest: "hidden-single",
			Techniques: techs,
			Canonical:  p.Puzzle.String(), Seed: 1, Index: int64(i),
		}
	}
	genCache[key] = recs
	return cloneRecords(recs)
}

func tierOrNone(t string) string {
	if t == "" {
		return "none"
	}
	return t
}

func cloneRecords(in []*Record) []*Record {
	out := make([]*Record, len(in))
	for i, r := range in {
		c := *r
		out[i] = &c
	}
	return out
}

// patternPuzzle makes a valid full grid of a large shape from the standard
// pattern, shuffled, and empties cells in random order, each only if the
// puzzle keeps one solution, until about half are empty. It is fast where
// digging a minimal 16x16 puzzle is not.
func patternPuzzle(s sudoku.Shape, rng *rand.Rand) generate.Puzzle {
	n := s.N()
	sol := sudoku.NewGrid(s)
	perm := rng.Perm(n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := (r%s.BoxRows*s.BoxCols + r/s.BoxRows + c) % n
			sol.Cells[r*n+c] = uint8(perm[v] + 1)
		}
	}
	p := sol.Clone()
	sv := sudoku.NewSolver(s)
	empty := 0
	for _, i := range rng.Perm(len(p.Cells)) {
		if empty >= len(p.Cells)/2 {
			break
		}
		v := p.Cells[i]
		p.Cells[i] = 0
		if !sv.Unique(p.Cells) {
			p.Cells[i] = v
			continue
		}
		empty++
	}
	return generate.Puzzle{Puzzle: p, Solution: sol}
}
