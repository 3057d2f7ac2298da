package grade

import (
	"errors"
	"math/bits"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// testNakedSingle is a minimal finder for engine tests (independent of the
// profiles): the first cell with one candidate.
var testNakedSingle = FinderFunc(func(g *Grid, emit func(*Step) bool) {
	for i, m := range g.Cand {
		if g.Values[i] == 0 && bits.OnesCount32(m) == 1 {
			d := uint8(bits.TrailingZeros32(m) + 1)
			emit(&Step{Tech: "naked-single", Placements: []Candidate{{i, d}}})
			return
		}
	}
})

// testWrongElim eliminates the first candidate it sees, true or not.
var testWrongElim = FinderFunc(func(g *Grid, emit func(*Step) bool) {
	for i, m := range g.Cand {
		if m != 0 {
			d := uint8(bits.TrailingZeros32(m) + 1)
			emit(&Step{Eliminations: []Candidate{{i, d}}})
			return
		}
	}
})

func mustParse(t *testing.T, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.ParseAuto(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestEngineLoop(t *testing.T) {
	// Solvable by naked singles alone.
	puz := mustParse(t, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	sol, n := sudoku.Solve(puz)
	if n != 1 {
		t.Fatalf("solutions: %d", n)
	}
	levels := []Level{{"Easy", 800}, {"Medium", 1000}, {"Hard", 1600}, {"Unfair", 1800}, {"Extreme", 0}}
	p := &Profile{Name: "t", Levels: levels, Rules: []Rule{{Tech: "naked-single", Finder: testNakedSingle, Difficulty: 2.3, Score: 4}}}
	e := NewEngine(p)
	res, err := e.Rate(puz, Options{Solution: sol.Cells, KeepSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	empty := 81 - puz.Givens()
	if !res.Solved || res.NSteps != empty || res.ER != 2.3 || res.ED != 2.3 || res.EP != 2.3 || res.Hardest != "naked-single" {
		t.Fatalf("result %+v", res)
	}
	if res.Score != 4*empty || res.Level != "Easy" || len(res.Steps) != empty || res.Filled != 81 {
		t.Fatalf("score %d level %s steps %d", res.Score, res.Level, len(res.Steps))
	}
	// Level climbs with the score: 4*49 = 196 > 100 -> next level.
	p.Levels = []Level{{"A", 100}, {"B", 150}, {"C", 0}}
	res, _ = e.Rate(puz, Options{})
	if res.Level != "C" {
		t.Fatalf("level %s for score %d", res.Level, res.Score)
	}
}

func TestEngineStuckAndVerify(t *testing.T) {
	puz := mustParse(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	sol, _ := sudoku.Solve(puz)
	p := &Profile{Name: "t", Rules: []Rule{{Tech: "naked-single", Finder: testNakedSingle, Difficulty: 2.3}}}
	res, err := NewEngine(p).Rate(puz, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solved || res.ER != Beyond || res.Filled != puz.Givens() {
		t.Fatalf("stuck result %+v", res)
	}
	// A wrong elimination is caught, naming technique and candidate.
	p.Rules = append(p.Rules, Rule{Tech: "bad", Finder: testWrongElim, Difficulty: 9})
	_, err = NewEngine(p).Rate(puz, Options{Solution: sol.Cells, NoUniqueness: true})
	var ve *VerifyError
	if !errors.As(err, &ve) || ve.Tech != "bad" {
		t.Fatalf("want VerifyError from bad, got %v", err)
	}
	// Uniqueness rules are dropped with NoUniqueness.
	p.Rules[1].Uniqueness = true
	res, err = NewEngine(p).Rate(puz, Options{Solution: sol.Cells, NoUniqueness: true})
	if err != nil || res.Solved {
		t.Fatalf("no-uniqueness run: %v %+v", err, res)
	}
}

func TestRound1(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{{6.6 + 0.1, 6.7}, {6.5 + 0.1 + 0.1, 6.7}, {4.45, 4.5}, {20, 20}, {1.2, 1.2}, {7.0 + 0.1 + 0.1 + 0.1, 7.3}} {
		if got := Round1(c.in); got != c.want {
			t.Errorf("Round1(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestMemoTracksGrid checks the incremental unit tables against a fresh
// computation after every step of a solve.
func TestMemoTracksGrid(t *testing.T) {
	puz := mustParse(t, ".2...67..4.71.923......31...7.........4..1..29312......8.9..56.5....8.........3.8")
	g := NewGrid(puz)
	var m gridMemo
	g.memo = &m
	for !g.Solved() {
		s := First(SEProfile().Rules[0].Finder, g)
		for _, r := range SEProfile().Rules {
			if s = First(r.Finder, g); s != nil {
				break
			}
		}
		if s == nil {
			t.Fatal("stuck")
		}
		s.Apply(g)
		pos, empty := g.unitTables()
		fresh := g.Clone()
		fpos, fempty := fresh.unitTables()
		for u := range pos {
			if pos[u] != fpos[u] || empty[u] != fempty[u] {
				t.Fatalf("unit %d: memo %v/%d, fresh %v/%d after %s", u, pos[u][:9], empty[u], fpos[u][:9], fempty[u], s.Tech)
			}
		}
	}
}

// TestRatingBounds checks Options.MaxRating and MinRating against
// uncapped runs on cb-ser-dev puzzles: a bound at the rating changes
// nothing, a bound 0.1 below caps the run with an honest lower bound
// (above the bound, not above the real rating), MinRating flags puzzles
// solved below it.
func TestRatingBounds(t *testing.T) {
	cases := loadSER(t)
	e := NewEngine(SEProfile())
	n := 0
	for i := 0; i < len(cases); i += 61 {
		if cases[i].ser > 6.9 {
			continue
		}
		p := mustParse(t, cases[i].puzzle)
		full, err := e.Rate(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !full.Solved {
			continue
		}
		r := full.Rating()
		n++
		at, _ := e.Rate(p, Options{MaxRating: r, MinRating: r})
		if at.Capped || at.BelowMin || at.ER != full.ER || at.EP != full.EP || at.ED != full.ED || at.NSteps != full.NSteps {
			t.Fatalf("%s: bounds at the rating %.1f changed the run: %+v vs %+v", cases[i].puzzle, r, at, full)
		}
		if r <= 1.0 {
			continue
		}
		lo, _ := e.Rate(p, Options{MaxRating: r - 0.1})
		if !lo.Capped || lo.Solved || lo.Rating() <= r-0.1+1e-9 || lo.Rating() > r+1e-9 {
			t.Fatalf("%s: MaxRating %.1f on a %.1f puzzle: capped %v solved %v ER %v", cases[i].puzzle, r-0.1, r, lo.Capped, lo.Solved, lo.ER)
		}
		below, _ := e.Rate(p, Options{MinRating: r + 0.1})
		if !below.BelowMin || below.ER != full.ER {
			t.Fatalf("%s: MinRating %.1f on a %.1f puzzle: BelowMin %v", cases[i].puzzle, r+0.1, r, below.BelowMin)
		}
	}
	if n < 100 {
		t.Fatalf("only %d puzzles checked", n)
	}
}
