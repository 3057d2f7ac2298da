package main

import (
	"bufio"
	"fmt"

	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/kind"
)

// killerExplain is explain for a killer given in one of its text forms:
// the cage map, then the steps and the closing line of the killer kind's
// Explain (the same as for a killer record). The classic Sudoku flags
// do not apply.
func killerExplain(opts *ExplainOptions, p *killer.Puzzle) error {
	switch {
	case opts.NoUniqueness, opts.MaxRating != 0, opts.MaxWork != 0, opts.Profile != "se":
		return UsageErrorf("explain: --profile, --no-uniqueness, --max-rating and --work-budget are for classic Sudoku")
	}
	kp := killer.KindPuzzle{P: p}
	count, sol, err := kp.Solve(2)
	if err != nil {
		return err
	}
	if err := opts.unsolvable("killer", count); err != nil {
		return err
	}
	steps, summary, err := killer.Kind{}.Explain(kp, sol, kind.GradeOptions{}, opts.Next)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(opts.Out)
	defer w.Flush()
	if opts.Next {
		if len(steps) == 0 {
			fmt.Fprintln(w, "no step found: the killer ladder cannot make progress here")
			return nil
		}
		writeSteps(w, steps, true)
		return nil
	}
	fmt.Fprintln(w, kp.Pretty(""))
	writeSteps(w, steps, false)
	fmt.Fprintln(w)
	fmt.Fprintln(w, summary)
	return nil
}
