package grade

import (
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// frameLayouts are the layouts of testLayouts plus disjoint groups (extra
// houses crossing every box) and anti-king (diagonal king steps as sees
// pairs): the variant kinds SukakuExplainer rates on a classic frame.
func frameLayouts(t *testing.T) map[string]*Layout {
	t.Helper()
	out := testLayouts(t)
	g9 := sudoku.GeometryOf(sudoku.Shape9)
	var groups [][]int
	for p := 0; p < 9; p++ {
		var h []int
		for b := 0; b < 9; b++ {
			h = append(h, (b/3*3+p/3)*9+b%3*3+p%3)
		}
		groups = append(groups, h)
	}
	var king [][2]int
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		for _, dc := range []int{-1, 1} {
			if r+1 < 9 && col+dc >= 0 && col+dc < 9 {
				king = append(king, [2]int{c, (r+1)*9 + col + dc})
			}
		}
	}
	for name, spec := range map[string]LayoutSpec{
		"disjoint-groups": {Classic: g9, Houses: groups},
		"anti-king":       {Classic: g9, Sees: king},
	} {
		l, err := NewLayout(spec)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = l
	}
	return out
}

// TestFrameFindersSound checks the techniques marked Frame (wings, aligned
// exclusion, fish over rows and columns, SE's cycles and forcing chains
// with their nesting levels) on variant layouts against the solution,
// found independently by brute force over the layout's sees relation
// (layoutSolve): on grids part-way through a solve (givens plus a random
// share of the solution, so the solution stays the only one) every
// elimination and placement of every Frame finder must agree with it, and
// full SE solves (every step verified against the solution) must finish
// using Frame techniques on extra houses or sees pairs.
func TestFrameFindersSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	per := 1 // puzzles per layout; SUDOGEN_LONG=1: 6
	if os.Getenv("SUDOGEN_LONG") != "" {
		per = 6
	}
	var frame []*Technique
	long := os.Getenv("SUDOGEN_LONG") != ""
	for _, tech := range techList {
		// the nesting levels' finders alone take CPU-seconds a grid:
		// SUDOGEN_LONG=1 checks them on part-way grids too (full solves
		// always run them when a puzzle needs them)
		if (tech.Frame || tech.Houses) && tech.Find != nil && (long || tech.SE < 9) {
			frame = append(frame, tech)
		}
	}
	if len(frame) < 8 {
		t.Fatalf("only %d techniques marked Frame or Houses", len(frame))
	}
	used := map[string]int{}
	ls := frameLayouts(t)
	for _, name := range slices.Sorted(maps.Keys(ls)) {
		l := ls[name]
		for i := 0; i < per; i++ {
			p, sol := layoutPuzzle(l, rng)
			if _, n := layoutSolve(l, p, 2); n != 1 {
				t.Fatalf("%s: puzzle with %d solutions", name, n)
			}
			g, _ := NewLayoutGrid(l, p)
			res, err := NewEngine(SEProfile()).Solve(g, Options{Solution: sol, KeepSteps: true})
			if err != nil {
				t.Fatalf("%s %v: %v", name, p, err)
			}
			for _, s := range res.Steps {
				if !onLayouts(s.Tech) {
					t.Fatalf("%s: step %s on a variant layout is neither a houses nor a frame technique", name, s.Tech)
				}
				if !techByID(s.Tech).Houses {
					used[s.Tech]++
				}
			}
			for k := 0; k < 3; k++ {
				g := partGrid(t, l, p, sol, 4, rng)
				for _, tech := range frame {
					for _, s := range All(tech.Finder(ScanSE), g) {
						checkSound(t, name, &s, sol)
					}
				}
			}
		}
	}
	t.Logf("frame steps in full solves: %v", used)
	if len(used) == 0 {
		t.Error("no frame technique was needed on any variant layout")
	}
}
