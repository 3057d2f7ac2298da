package kind

import (
	"context"
	"fmt"
	"sync"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/slide"
)

func init() { MustRegister(&Slide{}) }

// Slide is sliding-tile puzzles (3x3 to 5x5): the slide and generate
// packages behind the Kind interface. Its solvers (one per width, with
// their pattern databases) are made on first use and shared.
type Slide struct {
	// Options are the solvers' options (cache folder, --exact); set them
	// before the first Solve.
	Options slide.Options

	mu      sync.Mutex
	solvers map[int]*slide.Solver
}

// Name is "slide".
func (*Slide) Name() string { return export.KindSlide }

// Export is the slide records' export kind (tiles, measured in moves).
func (*Slide) Export() export.RecordKind {
	k, _ := export.KindOf(export.KindSlide)
	return k
}

// Parse reads the record's tiles ("tiles", width "size" or the square
// root of their count) with slide.FromRecord, which checks the goal and
// move piece against the only ones the format defines, and checks that
// the board can reach the goal.
func (s *Slide) Parse(rec *export.Record) (Puzzle, error) {
	b, err := slide.FromRecord(rec.Size, rec.Tiles, rec.Goal, rec.MovePiece)
	if err != nil {
		return nil, err
	}
	if err := b.Solvable(); err != nil {
		return nil, err
	}
	return SlidePuzzle{Board: b, kind: s}, nil
}

// solver is the shared solver of width w.
func (s *Slide) solver(w int) (*slide.Solver, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sv, ok := s.solvers[w]; ok {
		return sv, nil
	}
	sv, err := slide.NewSolver(w, s.Options)
	if err != nil {
		return nil, err
	}
	if s.solvers == nil {
		s.solvers = map[int]*slide.Solver{}
	}
	s.solvers[w] = sv
	return sv, nil
}

// SlidePuzzle is a parsed sliding puzzle.
type SlidePuzzle struct {
	Board slide.Board
	kind  *Slide
}

// Solve returns 1 and the moves of an optimal solution (bounded
// suboptimal on 5x5 without Exact); a board that cannot reach the goal is
// refused by Parse.
func (p SlidePuzzle) Solve(int) (int, string, error) {
	sv, err := p.kind.solver(p.Board.W)
	if err != nil {
		return 0, "", err
	}
	r, err := sv.Solve(p.Board)
	if err != nil {
		return 0, "", err
	}
	return 1, r.Moves, nil
}

// Canonical is the board's key under the symmetry that keeps the goal
// (slide.Board.Canonical).
func (p SlidePuzzle) Canonical() string { return p.Board.Canonical() }

// Makers makes slide records: spec.Options, a batch.SlideOptions, says
// everything; without it, boards of spec.Size (default 4) in spec.Tier
// of the built-in tier table. A run should drop the records
// batch.SlideAccept refuses (searches cut short by an interruption).
func (s *Slide) Makers(spec Spec) (func(ctx context.Context) (batch.Maker, error), error) {
	var o batch.SlideOptions
	switch opts := spec.Options.(type) {
	case batch.SlideOptions:
		o = opts
	case nil:
		size := spec.Size
		if size == 0 {
			size = 4
		}
		o.Generate = generate.SlideOptions{Size: size, Tier: spec.Tier, Tiers: generate.DefaultSlideTiers()}
		o.Solver = s.Options
	default:
		return nil, fmt.Errorf("kind slide: options of type %T, expected batch.SlideOptions", spec.Options)
	}
	o.Seed = spec.Seed
	return batch.SlideMakers(o), nil
}

// Grader: a sliding puzzle has no grader; its difficulty is its optimal
// length, which Solve finds and the tier table bands.
func (*Slide) Grader(GradeOptions) (Grader, error) {
	return nil, fmt.Errorf("kind slide: %w: a sliding puzzle's difficulty is its optimal length (solve finds it)", ErrNoGrader)
}

// Tiers are the built-in tier names of boards of width size (default 4).
func (*Slide) Tiers(size int) []string {
	if size == 0 {
		size = 4
	}
	var names []string
	for _, t := range generate.DefaultSlideTiers()[size] {
		names = append(names, t.Name)
	}
	return names
}
