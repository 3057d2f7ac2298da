package variantkind

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/variant"
)

// TestVreqSmallBoards establishes smallTops: for every list of the
// variants defined on 4x4 but jigsaw (X and anti-knight always, every
// combination with SUDOGEN_LONG=1, about 2 s), it lists the board's
// solution grids (smallGrids) and every minimal puzzle of each
// (smallMinimal), grades each with the variant grader and checks that
// the highest rating is the table's, or that the board has no grid
// when the list is not in the table. Then it grades puzzles with more
// givens than minimal ones (a random superset of each of 300 minimal
// puzzles of X) and finds none rated above the table's rating either,
// as the monotone singles say (smallTops).
func TestVreqSmallBoards(t *testing.T) {
	_, gr := variantKind(t)
	names := []string{variant.X, variant.DisjointGroups, variant.AntiKnight, variant.AntiKing, variant.NonConsecutive}
	long := os.Getenv("SUDOGEN_LONG") == "1"
	rng := rand.New(rand.NewPCG(4, 4))
	for set := 1; set < 1<<len(names); set++ {
		var list []string
		for i, nm := range names {
			if set&(1<<i) != 0 {
				list = append(list, nm)
			}
		}
		if !long && set != 1 && set != 4 {
			continue // X and anti-knight
		}
		g, err := variant.Build(variant.Spec{Size: 4, Variants: list})
		if err != nil {
			t.Fatal(err)
		}
		key := strings.Join(g.Variants, ",")
		want, listed := smallTops[key]
		grids := smallGrids(g)
		if !listed {
			if len(grids) > 0 {
				t.Errorf("%s 4x4: %d grids, and not in smallTops", key, len(grids))
			}
			continue
		}
		rate := func(cells, sol []uint8) float64 {
			var rec export.Record
			if err := gr.Grade(&Puzzle{Geometry: g, Cells: cells}, Format(g, sol), &rec); err != nil {
				t.Fatal(err)
			}
			if rec.Rating <= 0 {
				t.Fatalf("%s 4x4 %s: unrated, tier %s", key, Format(g, cells), rec.Tier)
			}
			return rec.Rating
		}
		top, puzzles, supersets := 0.0, 0, 0
		for gi, sol := range grids {
			smallMinimal(grids, gi, func(mask uint32) {
				puzzles++
				cells := make([]uint8, len(sol))
				for i := range cells {
					if mask&(1<<i) != 0 {
						cells[i] = sol[i]
					}
				}
				top = max(top, rate(cells, sol))
				if set == 1 && puzzles%50 == 0 {
					// A random superset: each empty cell given with
					// probability 1/3.
					for i := range cells {
						if cells[i] == 0 && rng.IntN(3) == 0 {
							cells[i] = sol[i]
						}
					}
					supersets++
					if r := rate(cells, sol); r > want+1e-9 {
						t.Errorf("%s 4x4 %s: rated %.1f", key, Format(g, cells), r)
					}
				}
			})
		}
		if top != want || puzzles == 0 {
			t.Errorf("%s 4x4: %d grids, %d minimal puzzles, highest rating %.1f; smallTops says %.1f", key, len(grids), puzzles, top, want)
		}
		if set == 1 && supersets < 200 {
			t.Errorf("%s 4x4: %d supersets graded", key, supersets)
		}
	}
}

// smallGrids lists every solution grid of g (a 4x4 board) by a
// backtracking fill checked by the geometry's own rule check
// (Geometry.Check), not by the variant solver.
func smallGrids(g *variant.Geometry) [][]uint8 {
	n := g.N()
	cells := make([]uint8, g.Cells())
	var out [][]uint8
	var fill func(i int)
	fill = func(i int) {
		if i == len(cells) {
			out = append(out, append([]uint8(nil), cells...))
			return
		}
		for v := 1; v <= n; v++ {
			cells[i] = uint8(v)
			if g.Check(cells) == nil {
				fill(i + 1)
			}
		}
		cells[i] = 0
	}
	fill(0)
	return out
}

// smallMinimal calls f with the givens mask of every minimal puzzle of
// grid k among grids (every other grid differs from it on a givens cell,
// and every given is the only one where some grid differs).
func smallMinimal(grids [][]uint8, k int, f func(mask uint32)) {
	var diffs []uint32
	for j, h := range grids {
		if j == k {
			continue
		}
		var d uint32
		for i := range h {
			if h[i] != grids[k][i] {
				d |= 1 << i
			}
		}
		diffs = append(diffs, d)
	}
	// Only the inclusion-minimal difference sets matter.
	var minimal []uint32
	for i, d := range diffs {
		keep := true
		for j, e := range diffs {
			if e&d == e && (e != d || j < i) {
				keep = false
				break
			}
		}
		if keep {
			minimal = append(minimal, d)
		}
	}
	cells := len(grids[k])
	for s := uint32(1); s < 1<<cells; s++ {
		hitsAll := true
		var sole uint32 // givens some set meets alone
		for _, d := range minimal {
			x := d & s
			if x == 0 {
				hitsAll = false
				break
			}
			if bits.OnesCount32(x) == 1 {
				sole |= x
			}
		}
		if hitsAll && sole == s {
			f(s)
		}
	}
}

// TestVreqSmallJigsaw: jigsaw is not in smallTops: some minimal 4x4
// jigsaw puzzles rate above hidden singles, such as this one, unique and
// minimal among the grids of its layout (smallGrids), rated hard. A
// scratch run of TestVreqSmallBoards's enumeration over every 4x4 jigsaw
// layout (117, 109 with a grid: 13,872 grids, 4,106,112 minimal puzzles,
// 3.5 CPU-minutes) found ratings up to 6.5: easy 4,005,792, medium
// 3,552, hard 92,928, expert 3,840.
func TestVreqSmallJigsaw(t *testing.T) {
	_, gr := variantKind(t)
	if _, listed := smallTops[variant.Jigsaw]; listed {
		t.Fatal("jigsaw in smallTops")
	}
	const regions, puzzle = "1111222233343444", "12....4........."
	g, err := variant.Build(variant.Spec{Size: 4, Variants: []string{variant.Jigsaw}, Regions: regions})
	if err != nil {
		t.Fatal(err)
	}
	cells, err := readCells(g, puzzle, true)
	if err != nil {
		t.Fatal(err)
	}
	grids := smallGrids(g)
	sol := -1
	for gi := range grids {
		smallMinimal(grids, gi, func(mask uint32) {
			match := true
			for i, v := range cells {
				match = match && (v != 0) == (mask&(1<<i) != 0) && (v == 0 || v == grids[gi][i])
			}
			if match {
				sol = gi
			}
		})
	}
	if sol < 0 {
		t.Fatalf("%s %s: not a minimal puzzle of the layout's %d grids", puzzle, regions, len(grids))
	}
	var rec export.Record
	if err := gr.Grade(&Puzzle{Geometry: g, Cells: cells}, Format(g, grids[sol]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Rating <= 1.5 || rec.Tier != "hard" {
		t.Errorf("%s %s: rated %.1f, tier %s", puzzle, regions, rec.Rating, rec.Tier)
	}
}
