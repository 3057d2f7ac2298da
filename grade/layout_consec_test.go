package grade

import (
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestConsecutiveRestricts checks the non-consecutive tests of unique
// loops and the BUG (Layout.consecutiveLoop, consecutiveBUG) against
// their definition, SukakuExplainer's isRestricted: on a 6x6 layout whose
// only pair joins cells 0 and 1, a loop through cell 0 on digits v1, v2
// (or a bivalue grave cell 0 holding them) is restricted exactly when
// cell 1 can hold a digit one away from v1 or v2 (1 and 6 are not one
// away), or cell 1 is on the loop too and v1, v2 are one apart (cell 0,
// its neighbour, holds them); without pairs nothing is.
func TestConsecutiveRestricts(t *testing.T) {
	shape, err := sudoku.ShapeForSize(6)
	if err != nil {
		t.Fatal(err)
	}
	geo := sudoku.GeometryOf(shape)
	plain, err := NewLayout(LayoutSpec{Classic: geo})
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewLayout(LayoutSpec{Classic: geo, Consecutive: [][2]int{{0, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if !l.Plain() {
		t.Fatal("pairs made the layout other than classic: its techniques would change")
	}
	g, err := NewLayoutGrid(l, make([]uint8, geo.Cells))
	if err != nil {
		t.Fatal(err)
	}
	gp, err := NewLayoutGrid(plain, make([]uint8, geo.Cells))
	if err != nil {
		t.Fatal(err)
	}
	loops := [][]int{{0, 3, 15, 12}, {0, 1, 7, 6}}
	for v1 := range 6 {
		for v2 := v1 + 1; v2 < 6; v2++ {
			for held := uint32(0); held < 1<<6; held++ {
				want := false
				for d := range 6 {
					if held&(1<<d) != 0 && (d-v1 == 1 || v1-d == 1 || d-v2 == 1 || v2-d == 1) {
						want = true
					}
				}
				for _, gr := range []*Grid{g, gp} {
					clear(gr.Cand)
					gr.Cand[0] = 1<<v1 | 1<<v2
					gr.Cand[1] = held
					w := want && gr == g
					for i, loop := range loops {
						w := w || gr == g && i == 1 && v2-v1 == 1
						if got := gr.lay().consecutiveLoop(gr, loop, v1, v2); got != w {
							t.Fatalf("pairs %v, loop %v on %d,%d, cell 1 holding %06b: restricted %v, want %v", gr == g, loop, v1+1, v2+1, held, got, w)
						}
					}
					if got := gr.lay().consecutiveBUG(gr, gr.Cand); got != w {
						t.Fatalf("pairs %v, grave cell 0 on %d,%d, cell 1 holding %06b: restricted %v, want %v", gr == g, v1+1, v2+1, held, got, w)
					}
				}
			}
		}
	}
	if _, err := NewLayout(LayoutSpec{Classic: geo, Consecutive: [][2]int{{0, 0}}}); err == nil {
		t.Error("a pair of one cell was taken")
	}
}

// TestCycleRuleParentsSeesCell: a cycle used by a nesting level names as
// rule parents, for each on node of its chains, what was removed where
// that node's cause lies (SukakuExplainer's collectRuleParents). In the
// reversed chain an off node of a sees link (anti-knight, anti-king) or
// of a non-consecutive pair turns on with its cause kept, which
// SukakuExplainer gives as NakedSingle: the candidates its cell lost.
func TestCycleRuleParentsSeesCell(t *testing.T) {
	shape, err := sudoku.ShapeForSize(6)
	if err != nil {
		t.Fatal(err)
	}
	geo := sudoku.GeometryOf(shape)
	l, err := NewLayout(LayoutSpec{Classic: geo, Consecutive: [][2]int{{0, 1}}, Sees: [][2]int{{0, 14}}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewLayoutGrid(l, make([]uint8, geo.Cells))
	if err != nil {
		t.Fatal(err)
	}
	c := getChainer(g)
	defer c.release()
	src := slices.Clone(g.Cand)
	cur := slices.Clone(g.Cand)
	// the working grid lost digit 6 in cell 14 and in cell 1, and digit
	// 4 in cell 2 (same box and row as cell 1, not in its cell)
	cur[14] &^= 1 << 5
	cur[1] &^= 1 << 5
	cur[2] &^= 1 << 3
	for _, cause := range []uint8{causeSees, causeConsec} {
		other := int32(14)
		if cause == causeConsec {
			other = 1
		}
		// a cycle start r1c1 digit 1 on -> other cell's digit 2 off (by
		// the link) -> ... -> back: only the link's node matters here
		h := chainHint{cycle: true, path: []pathNode{
			{c.candKey(0, 0), true, causeNone},
			{c.candKey(int(other), 1), false, cause},
			{c.candKey(0, 0), true, causeBox},
		}}
		got := h.ruleParents(c, src, cur)
		want := []int32{c.candKey(int(other), 5)}
		// the closing node's box cause: digit 1's positions the box lost
		// (none)
		if !slices.Equal(got, want) {
			t.Errorf("cause %d: rule parents %v, want %v (the link's cell's lost candidates)", cause, got, want)
		}
	}
}
