package batch_test

import (
	"context"
	"fmt"
	"os"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// A batch into a writer: make, grade and deduplicate puzzles on two
// workers and stream them, in index order, to any sink, here the Sudoku
// Explainer rating lines of the se format on stdout. With
// export.NewJSONLWriter(os.Stdout) instead, the bytes are those of
// `sudogen batch --count 4 --seed 1` (the same records whatever the
// number of workers).
func ExampleRun() {
	opts := batch.Options{
		Count:   4,
		Seed:    1,
		Workers: 2,
		NewMaker: batch.SudokuMakers(batch.SudokuOptions{
			Generate: generate.Options{Shape: sudoku.Shape9, Minimal: true},
			Seed:     1,
			Grade:    &grade.GraderOptions{},
		}),
		Dedupe: batch.NewCanonSet(4),
	}
	st, err := batch.Run(context.Background(), opts, export.NewLineWriter(os.Stdout, export.SE))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Accepted, "puzzles")
	// Output:
	// 87......1.2..........249.5.........3.....697.1..59.4...14..87..2.......5...7...6. ED=1.2/1.2/1.2
	// .47..19..5..2....3..83...4.8...........1...6......2.89.76...........42...2....31. ED=7.2/1.2/1.2
	// .........87...1.353..8...9453...8..7.1..6...8.....9.13..7....8.68..95.2....1..... ED=2.0/1.2/1.2
	// 31.8..69..5.7..1.....16...51.89..............6.......7...4...1.7...8...4.2.6....8 ED=8.8/1.2/1.2
	// 4 puzzles
}

// printer is a Sink of one's own: it prints each record's id, tier and
// rating.
type printer struct{}

func (printer) Write(r *export.Record) error {
	fmt.Printf("%s %-9s %.1f\n", r.ID, r.Tier, r.Rating)
	return nil
}

func (printer) Close() error { return nil }

// A custom tier table: three tiers of one's own on the SE rating, and a
// run that keeps only the middle one.
func ExampleRun_customTiers() {
	tiers, err := grade.ParseTiers([]byte(`
sudoku:
  scale: se
  beyond: impossible
  tiers:
    - {name: gentle, min: 0.0, max: 2.0}
    - {name: tricky, min: 2.1, max: 6.9}
    - {name: fiendish, min: 7.0}
`), "my-tiers.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tiers.Names())
	opts := batch.Options{
		Count: 3,
		Seed:  1,
		NewMaker: batch.SudokuMakers(batch.SudokuOptions{
			Generate: generate.Options{Shape: sudoku.Shape9, Minimal: true},
			Seed:     1,
			Grade:    &grade.GraderOptions{Tiers: tiers},
		}),
		Accept: func(r *export.Record) bool { return r.Tier == "tricky" },
		Dedupe: batch.NewCanonSet(3),
	}
	if _, err := batch.Run(context.Background(), opts, printer{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [gentle tricky fiendish impossible]
	// s9-0000007 tricky    4.2
	// s9-0000010 tricky    2.6
	// s9-0000013 tricky    4.4
}
