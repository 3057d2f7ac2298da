package main

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/playhints"
	"github.com/sudogen/sudogen/sudoku"
)

// playOptions are the play page's options: its title, language (""
// follows the browser's; a tag no table serves is a usage error), the
// grader's solve paths for hints, and the glossary's order of techniques
// (the grader's catalogue by Sudoku Explainer rating, easiest first).
func playOptions(title, lang string) (export.HTMLOptions, error) {
	if lang != "" {
		if _, err := i18n.Lookup(lang); err != nil {
			return export.HTMLOptions{}, UsageErrorf("--lang: %v", err)
		}
	}
	techs := grade.Techniques()
	sort.SliceStable(techs, func(i, j int) bool { return techs[i].SE < techs[j].SE })
	order := make([]string, 0, len(techs))
	for _, t := range techs {
		if t.SE > 0 {
			order = append(order, t.ID)
		}
	}
	return export.HTMLOptions{Title: title, Lang: lang, Hints: playHints, TechOrder: order}, nil
}

// hintProgress reports the play page's hint computation on w, which can
// take minutes for big boards: on a terminal a line redrawn at most 5
// times a second, elsewhere a line every 30 s once it has run 10 s;
// nothing when quiet.
func hintProgress(w io.Writer, quiet bool) func(done, total int) {
	if quiet {
		return nil
	}
	term := isTerminal(w)
	start := time.Now()
	var last time.Time
	return func(done, total int) {
		now := time.Now()
		end := done == total
		switch {
		case term && (end || now.Sub(last) >= 200*time.Millisecond):
			fmt.Fprintf(w, "\rplay page hints: %s of %s puzzles", numfmt.Int(done), numfmt.Int(total))
			if end {
				fmt.Fprintln(w)
			}
		case !term && now.Sub(start) >= 10*time.Second && (end || now.Sub(last) >= 30*time.Second):
			fmt.Fprintf(w, "play page hints: %s of %s puzzles (%s)\n", numfmt.Int(done), numfmt.Int(total), now.Sub(start).Round(time.Second))
		default:
			return
		}
		last = now
	}
}

// playHints is the hint source of the play page (`export --format html`):
// the record's solve path by the grader's Sudoku Explainer profile, each
// step with the pattern that proves it (houses, cells, digits, chains),
// which the page phrases and draws in the player's language. The HTML
// writer calls it for many records at once; it shares nothing but the
// read-only profile.
func playHints(rec *export.Record) (export.Hints, error) {
	shape, err := recordShape(rec)
	if err != nil {
		return export.Hints{}, err
	}
	p, err := sudoku.Parse(rec.Puzzle, shape)
	if err != nil {
		return export.Hints{}, fmt.Errorf("puzzle: %v", err)
	}
	sol, err := sudoku.Parse(rec.Solution, shape)
	if err != nil {
		return export.Hints{}, fmt.Errorf("solution: %v", err)
	}
	// The work budget grade and explain use: a 25x25 whose path needs
	// more gets no stored path (the page says so) instead of a page that
	// never finishes.
	res, err := grade.NewEngine(grade.SEProfile()).Solve(grade.NewGrid(p),
		grade.Options{Solution: sol.Cells, KeepSteps: true, MaxWork: grade.DefaultMaxWork(shape)})
	if err != nil {
		return export.Hints{}, err
	}
	if res.OverBudget {
		return export.Hints{OverBudget: true}, nil
	}
	return export.Hints{Solved: res.Solved, Steps: playhints.Steps(res.Steps)}, nil
}

// recordShape is the box shape of a sudoku record: its box field, else
// the standard shape for its size, else for its puzzle's length.
func recordShape(rec *export.Record) (sudoku.Shape, error) {
	switch {
	case len(rec.Box) == 2:
		return sudoku.ParseShape(fmt.Sprintf("%dx%d", rec.Box[0], rec.Box[1]))
	case rec.Size > 0:
		return sudoku.ShapeForSize(rec.Size)
	}
	return sudoku.ShapeForCells(len(rec.Puzzle))
}
