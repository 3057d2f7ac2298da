package basics

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// TestBasicsAgainstSE checks the pre-filter against Sudoku Explainer's own
// ratings (cb-ser-dev.tsv, SE's column): a puzzle SE rates 1.5 or less is
// exactly one hidden singles solve; naked singles solve nothing SE rates
// above 2.3, locked candidates nothing above 2.8 (the highest rating of the
// SE rules up to naked single and up to claiming); and every closure that
// solves a puzzle ends at its solution.
func TestBasicsAgainstSE(t *testing.T) {
	rows := testdata.Fields(t, "sudoku/cb-ser-dev.tsv")
	b := NewBasics(sudoku.Shape9)
	levels := [4]int{}
	bounds := catalogueBounds(t)
	for i, f := range rows {
		p, err := sudoku.ParseAuto(f[0])
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		se, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		lv := b.Level(p.Cells)
		levels[lv]++
		bound := bounds[lv]
		if se > bound+1e-9 {
			t.Fatalf("line %d %s: level %v, but SE rates it %.1f (> %.1f)", i+1, f[0], lv, se, bound)
		}
		if (se <= 1.5) != (lv == BasicHiddenSingles) {
			t.Fatalf("line %d %s: SE %.1f but level %v", i+1, f[0], se, lv)
		}
		if lv != BasicBeyond {
			sol, n := sudoku.Solve(p)
			if n != 1 {
				t.Fatalf("line %d: %d solutions", i+1, n)
			}
			for c := range sol.Cells {
				v := b.Value(c)
				if v != sol.Cells[c] {
					t.Fatalf("line %d %s: the closure put %d in cell %d, the solution has %d", i+1, f[0], v, c, sol.Cells[c])
				}
			}
		}
	}
	t.Logf("%d puzzles: hidden singles %d, singles %d, locked %d, beyond %d; bounds from the catalogue %v", len(rows), levels[0], levels[1], levels[2], levels[3], bounds[:3])
	for lv, n := range levels {
		if n == 0 {
			t.Errorf("no puzzle at level %v: the test does not exercise it", Basic(lv))
		}
	}
}

// catalogueBounds asks the grader's catalogue for the highest SE rating
// of each level's techniques (the bound SE's rating of a puzzle the level
// solves cannot exceed: 1.5, 2.3, 2.8 today); BasicBeyond has none. An id
// the catalogue does not know, or one without a fixed SE rating, fails.
func catalogueBounds(t *testing.T) [4]float64 {
	bounds := [4]float64{0, 0, 0, 99}
	for lv := BasicHiddenSingles; lv < BasicBeyond; lv++ {
		for _, id := range lv.Techniques() {
			tq, ok := grade.TechniqueByID(id)
			if !ok {
				t.Fatalf("level %v: technique %q is not in the grader's catalogue", lv, id)
			}
			_, hi, fixed := tq.SERange()
			if !fixed {
				t.Fatalf("level %v: technique %q has no fixed SE rating", lv, id)
			}
			bounds[lv] = max(bounds[lv], hi)
		}
	}
	return bounds
}

// TestBasicsAgainstGrader compares the closure with the grader's SE path on
// generated puzzles of every shape up to 12x12: the path of a puzzle the
// closure of level L solves uses only rules up to L's last rule in the SE
// order, and a path that uses only L's techniques means L solves it.
// 60 puzzles per shape (6 of 12x12, whose full grading is slow); 150 (40)
// with SUDOGEN_LONG=1.
func TestBasicsAgainstGrader(t *testing.T) {
	se := grade.SEProfile()
	long := os.Getenv("SUDOGEN_LONG") != ""
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12} {
		g, err := generate.New(generate.Options{Shape: sh, Minimal: true})
		if err != nil {
			t.Fatal(err)
		}
		b := NewBasics(sh)
		e := grade.NewEngine(se)
		n := 60
		switch {
		case long && sh.N() >= 12:
			n = 40
		case long:
			n = 150
		case sh.N() >= 12:
			n = 6
		}
		for i := 0; i < n; i++ {
			p, err := g.Sudoku(rand.New(rand.NewPCG(77, uint64(i))))
			if err != nil {
				t.Fatal(err)
			}
			lv := b.Level(p.Puzzle.Cells)
			res, err := e.Rate(p.Puzzle, grade.Options{Solution: p.Solution.Cells})
			if err != nil {
				t.Fatal(err)
			}
			allowed := map[string]bool{}
			last := -1
			for _, id := range lv.Techniques() {
				for k, r := range se.Rules {
					if r.Tech == id && k > last {
						last = k
					}
				}
			}
			for k := 0; k <= last; k++ {
				allowed[se.Rules[k].Tech] = true
			}
			for _, tq := range grade.Techniques() {
				if allowed[tq.MadeBy] {
					allowed[tq.ID] = true
				}
			}
			for _, c := range res.Counts {
				if lv != BasicBeyond && !allowed[c.Tech] {
					t.Fatalf("%s %s: level %v but the SE path uses %s", sh, p.Puzzle, lv, c.Tech)
				}
			}
			own := map[string]bool{}
			for _, id := range lv.Techniques() {
				own[id] = true
			}
			for l := BasicHiddenSingles; l < lv; l++ {
				only := true
				ids := map[string]bool{}
				for _, id := range l.Techniques() {
					ids[id] = true
				}
				for _, c := range res.Counts {
					only = only && ids[c.Tech]
				}
				if only && res.Solved {
					t.Fatalf("%s %s: the SE path uses only %v techniques, but the closure says %v", sh, p.Puzzle, l, lv)
				}
			}
		}
	}
}

// BenchmarkBasics measures the pre-filter on generated minimal 9x9
// puzzles.
func BenchmarkBasics(b *testing.B) {
	g, _ := generate.New(generate.Options{Shape: sudoku.Shape9, Minimal: true})
	var ps [][]uint8
	for i := 0; i < 200; i++ {
		p, _ := g.Sudoku(rand.New(rand.NewPCG(5, uint64(i))))
		ps = append(ps, p.Puzzle.Cells)
	}
	bs := NewBasics(sudoku.Shape9)
	i, cpu0 := 0, cputime.Now()
	for b.Loop() {
		bs.Level(ps[i%len(ps)])
		i++
	}
	b.ReportMetric(float64(i)/(cputime.Now()-cpu0).Seconds(), "puzzles/cpu-s")
}
