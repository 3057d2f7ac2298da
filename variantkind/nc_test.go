package variantkind

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

func ncGeometry(t *testing.T) *variant.Geometry {
	t.Helper()
	g, err := variant.Build(variant.Spec{Size: 9, Variants: []string{variant.NonConsecutive}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// ncLayout returns ncGeometry and its grading layout.
func ncLayout(t *testing.T) (*variant.Geometry, *grade.Layout) {
	t.Helper()
	g := ncGeometry(t)
	l, err := variant.Layout(g)
	if err != nil {
		t.Fatal(err)
	}
	return g, l
}

// TestNCForcingCellBruteForce: for every candidate set of a cell (2 or 3
// values), the values the forcing cell removes from a neighbour are
// exactly those no candidate of the cell allows there, by the rules
// alone: the neighbour shares a row or column with the cell (so not the
// same value) and must not differ from it by 1 (1 and 9 do not).
func TestNCForcingCellBruteForce(t *testing.T) {
	g, l := ncLayout(t)
	nb := newNCBoard(g)
	const cell, nbr = 40, 41 // r5c5 and its right neighbour
	for set := uint32(1); set < 1<<9; set++ {
		grid, err := grade.NewLayoutGrid(l, make([]uint8, 81))
		if err != nil {
			t.Fatal(err)
		}
		// Only the cell is restricted; every other cell keeps 1-9, so
		// only cell can be a forcing cell.
		grid.Cand[cell] = set
		var s grade.Step
		found := nb.forcingCell(grid, &s)
		var want uint32
		if k := bits.OnesCount32(set); k == 2 || k == 3 {
			for v := 1; v <= 9; v++ {
				allowed := false
				for w := 1; w <= 9; w++ {
					if set&(1<<(w-1)) != 0 && w != v && w-v != 1 && v-w != 1 {
						allowed = true
					}
				}
				if !allowed {
					want |= 1 << (v - 1)
				}
			}
		}
		var got uint32
		for _, e := range s.Eliminations {
			if e.Cell == nbr {
				got |= 1 << (e.Digit - 1)
			}
			if e.Cell != 31 && e.Cell != 39 && e.Cell != 41 && e.Cell != 49 {
				t.Errorf("set %09b: removes from r%dc%d, not a neighbour of r5c5", set, e.Cell/9+1, e.Cell%9+1)
			}
		}
		if found != (want != 0) || got != want {
			t.Errorf("set %09b: removed %09b from the neighbour (found %v), the rules say %09b", set, got, found, want)
		}
	}
}

// TestNCLockedBruteForce: in row 5, 7 can only go in r5c4 or r5c5 (the
// other cells of the row lack it); every cell next to or on both of them
// (r5c4 and r5c5 themselves) loses 6 and 8; cells next to only one keep
// them. Brute force: over both placements of 7, a candidate 6 or 8 of a
// cell is removed exactly when no placement leaves it possible.
func TestNCLockedBruteForce(t *testing.T) {
	g, l := ncLayout(t)
	nb := newNCBoard(g)
	grid, err := grade.NewLayoutGrid(l, make([]uint8, 81))
	if err != nil {
		t.Fatal(err)
	}
	for c := 36; c < 45; c++ {
		if c != 39 && c != 40 {
			grid.Cand[c] &^= 1 << 6
		}
		// No forcing cell anywhere: every cell keeps 4+ candidates.
	}
	var s grade.Step
	var sc ncScratch
	if !nb.step(grid, &s, &sc) || s.Tech != TechLockedNC {
		t.Fatalf("no locked NC step (got %q)", s.Tech)
	}
	got := map[grade.Candidate]bool{}
	for _, e := range s.Eliminations {
		got[e] = true
	}
	// Brute force over the positions of 7, for the values the technique
	// is about (6 and 8; 7 itself is the intersections' business).
	for c := range 81 {
		for _, d := range []uint8{6, 8} {
			if !grid.Has(c, d) {
				continue
			}
			possible := false
			for _, p := range []int{39, 40} {
				if p == c {
					possible = possible || d == 7
					continue
				}
				adj := false
				for _, n := range nb.neighbours(p) {
					adj = adj || int(n) == c
				}
				if !(adj && (d == 6 || d == 8)) && !(sameLine(p, c) && d == 7) {
					possible = true
				}
			}
			if got[grade.Candidate{Cell: c, Digit: d}] == possible {
				t.Errorf("r%dc%d %d: removed %v, brute force says possible %v", c/9+1, c%9+1, d, got[grade.Candidate{Cell: c, Digit: d}], possible)
			}
		}
	}
}

func sameLine(a, b int) bool {
	return a/9 == b/9 || a%9 == b%9 || (a/27 == b/27 && a%9/3 == b%9/3)
}

// TestNCRatings: a non-consecutive puzzle's rating is its hardest
// step's, every step checked against the solution: puzzles solved by
// singles alone rate at most 2.3 (a one-step run's ER is Beyond, 20.0,
// which the fold used to take for the step's rating: every solved
// non-consecutive puzzle was 20.0).
func TestNCRatings(t *testing.T) {
	_, gr := variantKind(t)
	g := ncGeometry(t)
	rng := rand.New(rand.NewPCG(5, 6))
	sol := make([]uint8, 81)
	if !variant.NewSolver(g).Random(rng, nil, sol) {
		t.Fatal("no full grid")
	}
	singles := 0
	for range 10 {
		cells := append([]uint8(nil), sol...)
		for _, i := range rng.Perm(81)[:35] {
			cells[i] = 0
		}
		var rec export.Record
		if err := gr.Grade(&Puzzle{Geometry: g, Cells: cells}, Format(g, sol), &rec); err != nil {
			t.Fatal(err)
		}
		only := true
		for tech := range rec.Techniques {
			only = only && (tech == "full-house" || tech == "hidden-single" || tech == "naked-single")
		}
		if !only {
			continue
		}
		singles++
		if rec.Rating < 1 || rec.Rating > 2.3 || rec.Tier == "beyond" {
			t.Errorf("puzzle solved by %v rated %.1f (%s); singles rate 1.0-2.3", rec.Techniques, rec.Rating, rec.Tier)
		}
	}
	if singles == 0 {
		t.Fatal("no puzzle of 46 givens was solved by singles alone")
	}
}

// TestNCSukakuRatings: the stored SukakuExplainer ratings of 20 hard
// non-consecutive puzzles (testdata/sukaku-nc-se121.tsv, the anchor run
// with Sudoku Explainer 1.2.1's techniques and its NC techniques) equal
// ours for at least 95% (all 20 when stored).
func TestNCSukakuRatings(t *testing.T) {
	total, equal := checkSukakuRatings(t, "testdata/sukaku-nc-se121.tsv", false, 1)
	if total != 20 || equal*100 < 95*total {
		t.Errorf("%d of %d ratings equal to SukakuExplainer's, want at least 95%% of 20", equal, total)
	}
}

// TestNCChainSukakuRatings: SukakuExplainer's ratings of 166 puzzles
// with non-consecutive pairs (alone and with x, anti-king, anti-knight,
// disjoint groups), most of them rated by chains, cycles and nested
// forcing chains (up to 10.3; testdata/sukaku-nc-chains-se121.tsv), all
// equal ours: its chains link a digit to the digits next to it in the
// neighbouring cells (the pair rule), and so do ours. Without those
// links 64 of the first 111 non-consecutive and none of the 15
// x,non-consecutive ones were equal.
//
// The default run grades every third line (56 of the 166, every variant
// set among them); SUDOGEN_LONG=1 all of them.
func TestNCChainSukakuRatings(t *testing.T) {
	every, want := 3, 56
	if os.Getenv("SUDOGEN_LONG") != "" {
		every, want = 1, 166
	}
	total, equal := checkSukakuRatings(t, "testdata/sukaku-nc-chains-se121.tsv", true, every)
	if total != want || equal != total {
		t.Errorf("%d of %d ratings equal to SukakuExplainer's, want all of %d", equal, total, want)
	}
}

// checkSukakuRatings grades the puzzles of a file of SukakuExplainer's
// ratings ("PUZZLE<TAB>ER" lines of non-consecutive puzzles, or with
// variants "VARIANTS<TAB>PUZZLE<TAB>ER", VARIANTS a comma list; "#"
// lines are comments) and counts them and the ratings equal to the
// anchor's, logging each difference; only every every-th puzzle line.
func checkSukakuRatings(t *testing.T, file string, withVariants bool, every int) (total, equal int) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	k, gr := variantKind(t)
	cols, seen := 2, 0
	if withVariants {
		cols = 3
	}
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if seen++; (seen-1)%every != 0 {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != cols {
			t.Fatalf("%s:%d: %q, expected %d tab-separated fields", file, n+1, line, cols)
		}
		vs := []string{variant.NonConsecutive}
		if withVariants {
			vs, f = strings.Split(f[0], ","), f[1:]
			slices.Sort(vs)
		}
		want, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			t.Fatalf("%s:%d: %v", file, n+1, err)
		}
		rec := export.Record{Kind: Name, Puzzle: f[0], Fields: &Fields{Variants: vs}}
		p, err := k.Parse(&rec)
		if err != nil {
			t.Fatalf("%s:%d: %v", file, n+1, err)
		}
		if err := gr.Grade(p, "", &rec); err != nil {
			t.Fatal(err)
		}
		total++
		if rec.Rating == want {
			equal++
		} else {
			t.Logf("%s:%d: ours %.1f (%s), SukakuExplainer %.1f", file, n+1, rec.Rating, rec.Hardest, want)
		}
	}
	return total, equal
}

// variantKind returns the registered variant kind and its SE grader.
func variantKind(t testing.TB) (kind.Kind, kind.Grader) {
	t.Helper()
	k, err := kind.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := k.Grader(kind.GradeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return k, gr
}

// TestNCLockedBitsSame: on boards of at most 128 cells locked NC looks
// for its step on bitsets (lockedBits); it finds the step the cell by
// cell scan finds (the same value, house, eliminations in the same order,
// cells), or none when that finds none, on grids of random candidates
// around a solution from full to sparse.
func TestNCLockedBitsSame(t *testing.T) {
	g, l := ncLayout(t)
	fast := newNCBoard(g)
	if fast.near == nil {
		t.Fatal("no bitsets on a 9x9 board")
	}
	slow := *fast
	slow.near, slow.hmask = nil, nil
	rng := rand.New(rand.NewPCG(7, 8))
	sv := variant.NewSolver(g)
	sv.SetLimit(150)
	sol := make([]uint8, 81)
	found, none := 0, 0
	for trial := range 300 {
		if trial%30 == 0 {
			for try := 0; !sv.Random(rng, nil, sol); try++ {
				if try == variant.PairRestarts {
					t.Fatal("no solution")
				}
			}
		}
		grid, err := grade.NewLayoutGrid(l, make([]uint8, 81))
		if err != nil {
			t.Fatal(err)
		}
		keep := 0.2 + 0.7*rng.Float64() // the share of wrong candidates kept
		for c := range 81 {
			for d := uint8(1); d <= 9; d++ {
				if d != sol[c] && rng.Float64() > keep {
					grid.Cand[c] &^= 1 << (d - 1)
				}
			}
		}
		var a, b grade.Step
		var sa, sb ncScratch
		okA, okB := fast.locked(grid, &a, &sa), slow.locked(grid, &b, &sb)
		if okA != okB || (okA && (a.Tech != b.Tech || !slices.Equal(a.Eliminations, b.Eliminations) ||
			!slices.Equal(a.Cells, b.Cells) || !slices.Equal(a.Digits, b.Digits))) {
			t.Fatalf("trial %d: bitsets %v %+v, scan %v %+v", trial, okA, a, okB, b)
		}
		if okA {
			found++
		} else {
			none++
		}
	}
	if found == 0 || none == 0 {
		t.Fatalf("%d steps found, %d none: both should be met", found, none)
	}
	t.Logf("%d steps, %d none", found, none)
}

// TestNCEliminatePlacedSame: the untraced pair eliminations from the
// cells placed since the last call (eliminatePlaced) leave the grid
// eliminatePairs leaves, call after call while cells get placed.
func TestNCEliminatePlacedSame(t *testing.T) {
	g, l := ncLayout(t)
	nb := newNCBoard(g)
	pairs := g.Data().Pairs
	rng := rand.New(rand.NewPCG(9, 10))
	sv := variant.NewSolver(g)
	sv.SetLimit(150)
	sol := make([]uint8, 81)
	for trial := range 20 {
		for try := 0; !sv.Random(rng, nil, sol); try++ {
			if try == variant.PairRestarts {
				t.Fatal("no solution")
			}
		}
		puzzle := make([]uint8, 81)
		order := rng.Perm(81)
		for _, c := range order[:10+trial] {
			puzzle[c] = sol[c]
		}
		a, err := grade.NewLayoutGrid(l, puzzle)
		if err != nil {
			t.Fatal(err)
		}
		b, err := grade.NewLayoutGrid(l, puzzle)
		if err != nil {
			t.Fatal(err)
		}
		done := make([]bool, 81)
		for round, c := range order[10+trial : 10+trial+12] {
			nb.eliminatePlaced(a, done)
			eliminatePairs(b, pairs, nil)
			if !slices.Equal(a.Cand, b.Cand) {
				t.Fatalf("trial %d round %d: the candidates differ", trial, round)
			}
			for _, x := range []*grade.Grid{a, b} {
				if x.Values[c] == 0 && x.Has(c, sol[c]) {
					x.Place(c, sol[c])
				}
			}
		}
	}
}
