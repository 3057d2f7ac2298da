package grade

import (
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSolvedOnlySame runs steered digs (remove a given while the ladder
// capped at the band's top still solves the puzzle, as the variant
// generator's Keep does) and asks every removal of the capped ladder
// with and without Options.SolvedOnly: the answers (Solved) must agree.
// The removals near a dig's end are where an order-dependent rule would
// show. On a layout whose SukakuExplainer rules leave a house without
// naked subsets (X) only direct pointing is skipped (TestSolvedOnlySkips).
func TestSolvedOnlySame(t *testing.T) {
	digs := 2
	if os.Getenv("SUDOGEN_LONG") != "" {
		digs = 60
	}
	layouts := map[string]*Layout{}
	for name, l := range testLayouts(t) {
		layouts[name] = l
	}
	w := testLayouts(t)["windoku"]
	types := make([]HouseType, len(w.Houses)-27)
	for i := range types {
		types[i] = HouseWindow
	}
	if err := w.SetHouseTypes(types, nil); err != nil {
		t.Fatal(err)
	}
	layouts["windoku-typed"] = w
	x := testLayouts(t)["x-sudoku"]
	if err := x.SetHouseTypes([]HouseType{HouseDiagonal, HouseDiagonal}, nil); err != nil {
		t.Fatal(err)
	}
	layouts["x-typed"] = x
	layouts["jigsaw"] = framelessLayouts(t)["jigsaw"]
	layouts["classic"] = ClassicLayout(sudoku.GeometryOf(sudoku.Shape9))
	layouts["classic-6x6"] = ClassicLayout(sudoku.GeometryOf(sudoku.Shape{BoxRows: 2, BoxCols: 3}))
	names := make([]string, 0, len(layouts))
	for name := range layouts {
		names = append(names, name)
	}
	sort.Strings(names)
	rng := rand.New(rand.NewPCG(26, 12))
	full, fast := NewEngine(SEProfile()), NewEngine(SEProfile())
	asked, skipping := 0, 0
	for _, name := range names {
		l := layouts[name]
		for _, maxRating := range []float64{2.8, 4.0, 4.4} {
			opt := Options{MaxRating: maxRating, NoUniqueness: true}
			fopt := opt
			fopt.SolvedOnly = true
			if fast.skipped(l, &fopt) != nil {
				skipping++
			}
			for range digs {
				v := fillLayout(l, rng)
				for _, c := range rng.Perm(l.Cells) {
					if v[c] == 0 {
						continue
					}
					d := v[c]
					v[c] = 0
					g1, err := NewLayoutGrid(l, v)
					if err != nil {
						t.Fatal(err)
					}
					g2, _ := NewLayoutGrid(l, v)
					r1, err1 := full.Solve(g1, opt)
					r2, err2 := fast.Solve(g2, fopt)
					if err1 != nil || err2 != nil {
						t.Fatalf("%s: %v, %v", name, err1, err2)
					}
					asked++
					if r1.Solved != r2.Solved {
						t.Fatalf("%s, cap %.1f: full run solved %v, SolvedOnly run %v: %v", name, maxRating, r1.Solved, r2.Solved, v)
					}
					if !r1.Solved {
						v[c] = d
					}
				}
			}
		}
	}
	if skipping == 0 {
		t.Fatal("no layout skipped a rule: the test checks nothing")
	}
	t.Logf("%d removals asked, %d layout/cap pairs skipping", asked, skipping)
}

// fillLayout returns a random solution grid of l (fillRandom), the
// search restarted after 2,000 nodes (its time is heavy-tailed on
// anti-knight layouts).
func fillLayout(l *Layout, rng *rand.Rand) []uint8 {
	v := make([]uint8, l.Cells)
	for {
		clear(v)
		if fillRandom(l, v, rng, 2000) {
			return v
		}
	}
}

// TestSolvedOnlySkips checks which runs skip: the direct rules under a
// cap that holds their plain rules; on a layout whose house types take
// naked subsets away from a house (SukakuExplainer's diagonals) only
// direct pointing (the hidden subsets are not monotone there); nothing
// without a classic frame, SolvedOnly or a cap.
func TestSolvedOnlySkips(t *testing.T) {
	classic := ClassicLayout(sudoku.GeometryOf(sudoku.Shape9))
	x := testLayouts(t)["x-sudoku"]
	if err := x.SetHouseTypes([]HouseType{HouseDiagonal, HouseDiagonal}, nil); err != nil {
		t.Fatal(err)
	}
	e := NewEngine(SEProfile())
	skippedTechs := func(l *Layout, opt Options) []string {
		var out []string
		for i, s := range skipRules(e.Profile, l, &opt) {
			if s {
				out = append(out, e.Profile.Rules[i].Tech)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		l    *Layout
		opt  Options
		want []string
	}{
		{"hard band", classic, Options{SolvedOnly: true, MaxRating: 4.4, NoUniqueness: true}, []string{"direct-pointing", "direct-hidden-pair", "direct-hidden-triple"}},
		{"medium band", classic, Options{SolvedOnly: true, MaxRating: 2.8, NoUniqueness: true}, []string{"direct-pointing"}},
		{"below claiming", classic, Options{SolvedOnly: true, MaxRating: 2.6, NoUniqueness: true}, nil},
		{"hidden pair, not triple", classic, Options{SolvedOnly: true, MaxRating: 3.6, NoUniqueness: true}, []string{"direct-pointing", "direct-hidden-pair"}},
		{"no classic frame", framelessLayouts(t)["jigsaw"], Options{SolvedOnly: true, MaxRating: 4.4, NoUniqueness: true}, nil},
		{"x-sudoku typed", x, Options{SolvedOnly: true, MaxRating: 4.4, NoUniqueness: true}, []string{"direct-pointing"}},
		{"unique loops in reach", classic, Options{SolvedOnly: true, MaxRating: 4.6}, []string{"direct-pointing", "direct-hidden-pair", "direct-hidden-triple"}},
		{"chains in reach", classic, Options{SolvedOnly: true, MaxRating: 6.9, NoUniqueness: true}, []string{"direct-pointing", "direct-hidden-pair", "direct-hidden-triple"}},
	} {
		if got := skippedTechs(tc.l, tc.opt); !slices.Equal(got, tc.want) {
			t.Errorf("%s: skips %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, opt := range []Options{{MaxRating: 4.4, NoUniqueness: true}, {SolvedOnly: true, NoUniqueness: true}} {
		if s := e.skipped(classic, &opt); s != nil {
			t.Errorf("%+v: skips rules", opt)
		}
	}
}

// TestSolvedOnlyDiagonals is a removal of a steered X-Sudoku dig (seed
// 2026) where the order of the steps decides: the full ladder capped at
// 4.4 places two digits by a direct hidden pair and triple in houses
// too empty for a hidden subset search and solves the puzzle; without
// the direct rules it stalls (no naked subsets on the diagonals), so a
// SolvedOnly run must not skip them there.
func TestSolvedOnlyDiagonals(t *testing.T) {
	x := testLayouts(t)["x-sudoku"]
	if err := x.SetHouseTypes([]HouseType{HouseDiagonal, HouseDiagonal}, nil); err != nil {
		t.Fatal(err)
	}
	v := []uint8{0, 7, 4, 1, 0, 0, 8, 9, 0, 9, 5, 0, 4, 8, 6, 0, 7, 0, 0, 8, 0, 0, 0, 0, 0, 0, 4, 0, 6, 0, 8, 0, 4, 0, 0, 0, 8, 0, 0, 0, 0, 0, 4, 5, 0, 4, 3, 0, 0, 0, 7, 0, 6, 8, 0, 4, 8, 0, 0, 0, 0, 3, 0, 0, 2, 0, 0, 0, 8, 0, 4, 0, 0, 0, 6, 0, 4, 0, 7, 8, 2}
	opt := Options{MaxRating: 4.4, NoUniqueness: true}
	want := map[bool]bool{}
	for _, solvedOnly := range []bool{false, true} {
		g, err := NewLayoutGrid(x, v)
		if err != nil {
			t.Fatal(err)
		}
		o := opt
		o.SolvedOnly = solvedOnly
		r, err := NewEngine(SEProfile()).Solve(g, o)
		if err != nil {
			t.Fatal(err)
		}
		want[solvedOnly] = r.Solved
	}
	if want[false] != want[true] {
		t.Fatalf("full run solved %v, SolvedOnly run %v", want[false], want[true])
	}
}
