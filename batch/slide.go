package batch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/slide"
)

// SlideOptions say what sliding-puzzle records a run makes.
type SlideOptions struct {
	Generate generate.SlideOptions // Size, Tier, Tiers (Solver is ignored)
	Solver   slide.Options         // cache folder, --exact, weight
	Seed     uint64
}

// SlideMaker makes sliding-puzzle records with one worker's generator.
// The solver tables are shared by every worker of the process.
type SlideMaker struct {
	opts SlideOptions
	gen  *generate.SlideGenerator
}

// NewSlideMaker returns a Maker for opts.
func NewSlideMaker(opts SlideOptions) (*SlideMaker, error) {
	s, err := slide.NewSolver(opts.Generate.Size, opts.Solver)
	if err != nil {
		return nil, err
	}
	g := opts.Generate
	g.Solver = s
	gen, err := generate.NewSlide(g)
	if err != nil {
		return nil, err
	}
	return &SlideMaker{opts: opts, gen: gen}, nil
}

// SlideMakers returns a NewMaker function for Options: each worker's
// searches are canceled with the worker's ctx.
func SlideMakers(opts SlideOptions) func(ctx context.Context) (Maker, error) {
	return func(ctx context.Context) (Maker, error) {
		o := opts
		o.Solver.Cancel = ctx.Done()
		return NewSlideMaker(o)
	}
}

// SlideID is the stable id of a slide record: "slide<width>-<index>", the
// index zero-padded to 7 digits, e.g. "slide4-0000042".
func SlideID(width int, index int64) string {
	return fmt.Sprintf("slide%d-%07d", width, index)
}

// Make generates and solves puzzle index from rng.
func (m *SlideMaker) Make(index int64, rng *rand.Rand) (export.Record, error) {
	p, err := m.gen.Slide(rng)
	if errors.Is(err, slide.ErrCanceled) {
		// The run is being interrupted: an empty record, which
		// SlideAccept drops, rather than an error that would discard the
		// output.
		return export.Record{Kind: export.KindSlide, Index: index}, nil
	}
	if err != nil {
		return export.Record{}, err
	}
	rec := SlideRecord(p.Board, p.Result, p.Tier)
	rec.ID = SlideID(p.Board.W, index)
	rec.Seed = m.opts.Seed
	rec.Index = index
	return rec, nil
}

// SlideRecord returns the record of a solved board. An optimal result
// gets "optimal"; a bounded-suboptimal one omits it and gives "length",
// "lower_bound" and "exact": false instead.
func SlideRecord(b slide.Board, r slide.Result, tier string) export.Record {
	rec := export.Record{
		Kind:      export.KindSlide,
		Size:      b.W,
		Tiles:     b.Ints(),
		Goal:      slide.GoalName,
		Solution:  r.Moves,
		MovePiece: slide.MovesName,
		Tier:      tier,
		Canonical: b.Canonical(),
	}
	if r.Optimal {
		n := r.Length
		rec.Optimal = &n
	} else {
		n, lb, exact := r.Length, r.LowerBound, false
		rec.Length, rec.LowerBound, rec.Exact = &n, &lb, &exact
	}
	return rec
}

// SlideAccept is the Options.Accept of slide runs: it drops the empty
// records of searches canceled by an interruption.
func SlideAccept(rec *export.Record) bool { return len(rec.Tiles) > 0 }
