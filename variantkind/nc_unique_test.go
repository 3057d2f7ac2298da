package variantkind

import (
	"context"
	"testing"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// TestNCUniquenessSound: on a non-consecutive board a unique loop whose
// two fillings a pair could tell apart proves nothing, so the grader
// drops it (grade.LayoutSpec.Consecutive, SukakuExplainer's rule). Each
// case is graded with its solution, which refutes any elimination of a
// solution digit. Before the rule (main at 4f84a96) both failed: the 6x6
// puzzle with "step 1: unique-loop eliminates the true digit 6r1c3"
// (puzzle 101 of `batch --variant non-consecutive --size 6 --count 300
// --seed 1 --no-grade`), and puzzle 133 of `batch --variant
// non-consecutive --tier expert --seed 5` with "unique-rectangle
// eliminates the true digit 5r4c2", which ended that run.
func TestNCUniquenessSound(t *testing.T) {
	_, gr := variantKind(t)
	g6, err := variant.Build(variant.Spec{Size: 6, Variants: []string{variant.NonConsecutive}})
	if err != nil {
		t.Fatal(err)
	}
	p6, err := readCells(g6, "........3....3..............1.......", true)
	if err != nil {
		t.Fatal(err)
	}
	sol6 := make([]uint8, len(p6))
	if n := variant.NewSolver(g6).Solve(p6, sol6); n != 1 {
		t.Fatalf("6x6 case: %d solutions, want 1", n)
	}
	var rec export.Record
	if err := gr.Grade(&Puzzle{Geometry: g6, Cells: p6}, Format(g6, sol6), &rec); err != nil {
		t.Errorf("6x6 case: %v", err)
	} else if rec.Tier == "beyond" || rec.Techniques["unique-loop"] > 0 {
		t.Errorf("6x6 case: rated %.1f (%s) with %v; want a rating without the loop", rec.Rating, rec.Tier, rec.Techniques)
	}

	// The expert run's puzzle, made as the run makes it (its maker, its
	// index's random stream), graded in full with its solution.
	k, _ := variantKind(t)
	mk, err := k.Makers(kind.Spec{Seed: 5, Options: Options{Spec: variant.Spec{Size: 9, Variants: []string{variant.NonConsecutive}},
		Grade: gr, Tiers: map[string]bool{"expert": true}}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := mk(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	const index = 133
	rec, err = m.Make(index, batch.NewRNG(5, index))
	if err != nil {
		t.Fatalf("expert puzzle %d: %v", index, err)
	}
	g9 := ncGeometry(t)
	cells, err := readCells(g9, rec.Puzzle, true)
	if err != nil {
		t.Fatal(err)
	}
	var full export.Record
	if err := gr.Grade(&Puzzle{Geometry: g9, Cells: cells}, rec.Solution, &full); err != nil {
		t.Fatalf("expert puzzle %d graded in full: %v", index, err)
	}
}
