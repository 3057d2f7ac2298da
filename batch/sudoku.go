package batch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// SudokuOptions say what Sudoku records a run makes.
type SudokuOptions struct {
	// Generate configures the generator. Its Cancel, when closed, makes
	// Make return generate.ErrCanceled soon after; SudokuMakers sets it to
	// the worker's ctx.Done(), so a run that needs no more puzzles stops
	// the ones in progress.
	Generate generate.Options
	Seed     uint64
	// Grade, when set, grades every puzzle (see batch/grade.go).
	Grade *grade.GraderOptions
	// Target, when set (with Grade), drops the puzzles it does not keep
	// as early as it can: Make returns a *Rejection for them (target.go).
	Target *TargetPlan
	// Search, when set (with Target), makes each puzzle by a vicinity
	// search (vicinity.go). Its Cancel is set like Generate's.
	Search *SearchOptions
	// Exclude, when set, holds the canonical forms of excluded corpora
	// (batch --exclude): a generated puzzle whose form it holds is dropped
	// before it is graded, Make returning ErrExcluded (the collector
	// counts it as a duplicate). The run's Deduper must not add to it
	// (see NewExcludingDedupe): the workers read it concurrently. A
	// vicinity search's puzzles are graded as they are found and are left
	// to the Deduper.
	Exclude *CanonSet
}

// ErrExcluded is what a Maker returns for an index whose puzzle is in an
// excluded corpus (SudokuOptions.Exclude): not a failure, a duplicate.
var ErrExcluded = errors.New("excluded puzzle")

// SudokuMaker makes Sudoku records with one worker's generator.
type SudokuMaker struct {
	opts   SudokuOptions
	gen    *generate.Generator
	grader *grade.Grader
	canon  *sudoku.Canonicalizer // the record's canonical form (dedupe.go)
	judge  *judge                // the target's early rejection, if any
	vic    *generate.Vicinity    // the vicinity search, if any
	solver *sudoku.Solver        // solves the seeds of a search
	// seedScore caches the climb scores of the --from seeds this worker
	// rated.
	seedScore map[int]float64
	// climbGrader rates a climb's puzzles with the SE profile only (nil:
	// with the judge's grader; vicinity.go).
	climbGrader *grade.Grader
}

// NewSudokuMaker returns a Maker for opts; use it as Options.NewMaker via
// SudokuMakers.
func NewSudokuMaker(opts SudokuOptions) (*SudokuMaker, error) {
	g, err := generate.New(opts.Generate)
	if err != nil {
		return nil, err
	}
	m := &SudokuMaker{opts: opts, gen: g, canon: sudoku.NewCanonicalizer(opts.Generate.Shape)}
	switch {
	case opts.Target != nil && opts.Grade == nil:
		return nil, fmt.Errorf("batch: a target needs grading options")
	case opts.Target != nil:
		if m.judge, err = newJudge(opts.Target, opts.Generate.Shape, *opts.Grade); err != nil {
			return nil, err
		}
	case opts.Grade != nil:
		if m.grader, err = grade.NewGrader(*opts.Grade); err != nil {
			return nil, err
		}
	}
	if opts.Search != nil {
		if m.judge == nil {
			return nil, errSearchNeedsTarget
		}
		vo := opts.Search.Vicinity
		vo.Shape, vo.Minimal, vo.Cancel = opts.Generate.Shape, opts.Generate.Minimal, opts.Generate.Cancel
		if m.vic, err = generate.NewVicinity(vo); err != nil {
			return nil, err
		}
		if m.climbGrader, err = climbGrader(opts.Target, vo, *opts.Grade); err != nil {
			return nil, err
		}
		m.solver = sudoku.NewSolver(opts.Generate.Shape)
	}
	return m, nil
}

// SudokuMakers returns a NewMaker function for Options: each worker's
// generator is canceled with the worker's ctx.
func SudokuMakers(opts SudokuOptions) func(ctx context.Context) (Maker, error) {
	return func(ctx context.Context) (Maker, error) {
		o := opts
		o.Generate.Cancel = ctx.Done()
		return NewSudokuMaker(o)
	}
}

// sudokuID is the stable id of a Sudoku record: "s<size>-<index>", the
// index zero-padded to 7 digits, e.g. "s9-0000042".
func sudokuID(size int, index int64) string {
	return fmt.Sprintf("s%d-%07d", size, index)
}

// Make generates puzzle index from rng.
func (m *SudokuMaker) Make(index int64, rng *rand.Rand) (export.Record, error) {
	var p generate.Puzzle
	var gr grade.Grade
	var canonical string // computed early when excluded corpora are checked
	var err error
	if m.vic != nil {
		if p, gr, err = m.search(index, rng); err != nil {
			return export.Record{}, err
		}
	} else if p, err = m.gen.Sudoku(rng); err != nil {
		return export.Record{}, err
	} else if canonical, err = m.excluded(p.Puzzle); err != nil {
		return export.Record{}, err
	} else if m.judge != nil {
		if err := m.canceled(); err != nil {
			return export.Record{}, err
		}
		var why Reason
		var ok bool
		if gr, why, ok, err = m.judge.rate(p.Puzzle, p.Solution); err != nil {
			return export.Record{}, fmt.Errorf("grading %s: %w", p.Puzzle, err)
		} else if !ok {
			return export.Record{}, reject(why)
		}
	}
	geo := p.Puzzle.Geo
	minimal := p.Minimal
	rec := export.Record{
		ID:       sudokuID(geo.N, index),
		Kind:     export.KindSudoku,
		Size:     geo.N,
		Box:      []int{geo.BoxRows, geo.BoxCols},
		Puzzle:   p.Puzzle.String(),
		Solution: p.Solution.String(),
		Givens:   p.Puzzle.Givens(),
		Minimal:  &minimal,
		Symmetry: p.Symmetry,
		Seed:     m.opts.Seed,
		Index:    index,
		// Grading the canonical isomorph sets the same form again.
		Canonical: canonical,
	}
	switch {
	case m.judge != nil:
		ApplyGrade(&rec, &gr)
	case m.grader != nil:
		if err := m.canceled(); err != nil {
			return rec, err
		}
		if err := gradeRecord(m.grader, &rec, p.Puzzle, p.Solution); err != nil {
			return rec, fmt.Errorf("grading %s: %w", rec.Puzzle, err)
		}
	}
	if rec.Canonical == "" {
		// Not graded, or graded as given: canonicalize here.
		rec.Canonical = m.canon.String(p.Puzzle)
	}
	return rec, nil
}

// excluded returns p's canonical form when the run excludes corpora
// ("" when it does not), or ErrExcluded when p is in one: checked before
// grading, the costly part of a puzzle.
func (m *SudokuMaker) excluded(p sudoku.Grid) (string, error) {
	if m.opts.Exclude == nil {
		return "", nil
	}
	key := m.canon.String(p)
	if m.opts.Exclude.Has(key) {
		if m.judge != nil {
			m.judge.work.Generated++
		}
		return "", ErrExcluded
	}
	return key, nil
}

// canceled returns generate.ErrCanceled once the worker's ctx is done:
// grading a 25x25 puzzle takes seconds, so an interrupted run does not
// start one.
func (m *SudokuMaker) canceled() error {
	if c := m.opts.Generate.Cancel; c != nil {
		select {
		case <-c:
			return generate.ErrCanceled
		default:
		}
	}
	return nil
}

// TakeWork returns the tally of the puzzles made since the last call (all
// zero without a target).
func (m *SudokuMaker) TakeWork() Work {
	if m.judge == nil {
		return Work{}
	}
	w := m.judge.work
	m.judge.work = Work{}
	return w
}
