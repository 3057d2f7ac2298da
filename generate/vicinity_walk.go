package generate

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/sudoku"
)

// VicinityBoard is what a vicinity search needs of the rules its puzzles
// follow: classic Sudoku's (Vicinity) or a variant's (package variant
// walks its boards with a Walk). A board is used by one goroutine.
type VicinityBoard interface {
	// Cells is the length of a puzzle's cell array, Digits the values a
	// cell can hold (1..Digits; 0 is empty).
	Cells() int
	Digits() int
	// Solutions lists the solutions of puzzle up to max, calling fn with
	// each (a slice fn must not keep), and returns how many there are,
	// counting at most max.
	Solutions(puzzle []uint8, max int, fn func(sol []uint8)) int
	// Finish turns puzzle, whose unique solution is sol, into a
	// neighbour: with minimize, its givens are removed in an order drawn
	// from rng while the solution stays unique (in place); without, it
	// is left as it is. It reports whether the puzzle is then minimal.
	// canceled, when it reports true, stops it with ErrCanceled.
	Finish(puzzle, sol []uint8, minimize bool, rng *rand.Rand, canceled func() bool) (minimal bool, err error)
	// Describe writes a puzzle for an error message.
	Describe(puzzle []uint8) string
}

// WalkPuzzle is a puzzle of a Walk: its cells, its unique solution and
// whether it is minimal.
type WalkPuzzle struct {
	Puzzle, Solution []uint8
	Minimal          bool
}

// CellRater rates the puzzles of a Walk's search, as Rater does classic
// Sudoku grids.
type CellRater interface {
	// Rate rates q (whose slices the rater must not modify).
	Rate(q WalkPuzzle) (score float64, hit bool, err error)
}

// Walk runs vicinity searches (see Vicinity) on any VicinityBoard: the
// {-n+m} moves and the climb of Vicinity, on cell arrays. Options.Shape
// is not read. It keeps work space: use one per goroutine.
type Walk struct {
	opts  VicinityOptions
	b     VicinityBoard
	cells int

	work   []uint8 // the puzzle after the removal, then the neighbour
	sols   []uint8 // the solutions listed after the removal, flat
	left   []int   // indices of the solutions the added givens allow
	count  []int   // per cell*N+digit-1: solutions in left with it
	settle []int   // scratch: (cell, digit)s one solution in left has
	narrow []int   // scratch: (cell, digit)s some but not all have
	order  []int   // scratch: givens
}

// NewWalk returns a searcher on board b for opts (defaults filled in as
// NewVicinity does), or an error naming a bad option.
func NewWalk(b VicinityBoard, opts VicinityOptions) (*Walk, error) {
	def := DefaultVicinity
	for _, f := range []struct {
		v    *int
		def  int
		name string
	}{{&opts.Climb, 0, "climb"}, {&opts.Plateau, 0, "plateau"}, {&opts.Remove, def.Remove, "remove"}, {&opts.Add, def.Add, "add"}, {&opts.MaxSolutions, def.MaxSolutions, "max solutions"}, {&opts.Steps, def.Steps, "steps"}, {&opts.PerStep, def.PerStep, "neighbours per step"}} {
		switch {
		case *f.v < 0:
			return nil, fmt.Errorf("vicinity %s %d: must not be negative", f.name, *f.v)
		case *f.v == 0:
			*f.v = f.def
		}
	}
	n := b.Cells()
	return &Walk{opts: opts, b: b, cells: n, work: make([]uint8, n), count: make([]int, n*b.Digits())}, nil
}

// Options returns the searcher's options with defaults filled in.
func (w *Walk) Options() VicinityOptions { return w.opts }

// Neighbour draws one {-n+m} move from p and returns the neighbour (new
// slices), or ok false when this draw gave none (as Vicinity.Neighbour).
// A nil rng is an error.
func (w *Walk) Neighbour(p []uint8, rng *rand.Rand) (q WalkPuzzle, ok bool, err error) {
	if rng == nil {
		return q, false, errVicinityRng
	}
	if err := w.move(p, rng); err != nil {
		if err == errNoMove {
			return q, false, nil
		}
		return q, false, err
	}
	sol := w.sols[:w.cells]
	minimal, err := w.b.Finish(w.work, sol, w.opts.Minimal, rng, w.opts.canceled)
	if err != nil {
		return q, false, err
	}
	q = WalkPuzzle{Puzzle: append([]uint8(nil), w.work...), Solution: append([]uint8(nil), sol...), Minimal: minimal}
	return q, true, nil
}

// Search climbs from start as Vicinity.Search does and returns the hit
// (when the result is Found). A nil rng is an error.
func (w *Walk) Search(start WalkPuzzle, startScore float64, rng *rand.Rand, r CellRater) (WalkPuzzle, SearchResult, error) {
	if rng == nil {
		return WalkPuzzle{}, SearchResult{}, errVicinityRng
	}
	cells := func(p WalkPuzzle) []uint8 { return p.Puzzle }
	next := func(p WalkPuzzle, rng *rand.Rand) (WalkPuzzle, bool, error) { return w.Neighbour(p.Puzzle, rng) }
	return climb(&w.opts, start, startScore, rng, cells, next, r.Rate)
}

// move makes w.work a neighbour of p with solution w.sols[:cells] (the
// chosen T is moved to the front).
func (w *Walk) move(p []uint8, rng *rand.Rand) error {
	cells := w.cells
	w.order = w.order[:0]
	for c, x := range p {
		if x != 0 {
			w.order = append(w.order, c)
		}
	}
	if len(w.order) == 0 {
		return errNoMove
	}
	k := 1 + rng.IntN(w.opts.Remove)
	k = min(k, len(w.order))
	copy(w.work, p)
	for i := 0; i < k; i++ {
		j := i + rng.IntN(len(w.order)-i)
		w.order[i], w.order[j] = w.order[j], w.order[i]
		w.work[w.order[i]] = 0
	}
	w.sols = w.sols[:0]
	n := w.b.Solutions(w.work, w.opts.MaxSolutions+1, func(s []uint8) { w.sols = append(w.sols, s...) })
	if n == 0 {
		return fmt.Errorf("internal error: %s has no solution after removing givens", w.b.Describe(p))
	}
	if n > w.opts.MaxSolutions {
		return errNoMove
	}
	// Add givens until one solution is left: a (cell, digit) that one
	// solution alone has settles it; one that some but not all have
	// narrows them down. On the last add only a settling one will do;
	// before it, a settling one is taken half the time, so moves of every
	// size up to {-n+m} are drawn.
	w.left = w.left[:0]
	for s := 0; s < n; s++ {
		w.left = append(w.left, s)
	}
	nd := w.b.Digits()
	for added := 0; len(w.left) > 1; added++ {
		if added == w.opts.Add {
			return errNoMove
		}
		for i := range w.count {
			w.count[i] = 0
		}
		for _, s := range w.left {
			for c, x := range w.sols[s*cells : (s+1)*cells] {
				// (A removed given does not come back as it was; a
				// cell no puzzle uses holds 0 in every solution.)
				if w.work[c] == 0 && p[c] != x {
					w.count[c*nd+int(x)-1]++
				}
			}
		}
		w.settle, w.narrow = w.settle[:0], w.narrow[:0]
		for i, k := range w.count {
			switch {
			case k == 1:
				w.settle = append(w.settle, i)
			case k > 1 && k < len(w.left):
				w.narrow = append(w.narrow, i)
			}
		}
		last := added == w.opts.Add-1
		var pick int
		switch {
		case len(w.settle) > 0 && (last || len(w.narrow) == 0 || rng.IntN(2) == 0):
			pick = w.settle[rng.IntN(len(w.settle))]
		case !last && len(w.narrow) > 0:
			pick = w.narrow[rng.IntN(len(w.narrow))]
		default:
			return errNoMove
		}
		c, x := pick/nd, uint8(pick%nd+1)
		w.work[c] = x
		kept := w.left[:0]
		for _, s := range w.left {
			if w.sols[s*cells+c] == x {
				kept = append(kept, s)
			}
		}
		w.left = kept
	}
	// The one solution left goes to the front.
	if t := w.left[0]; t != 0 {
		a, b := w.sols[:cells], w.sols[t*cells:(t+1)*cells]
		for i := range a {
			a[i], b[i] = b[i], a[i]
		}
	}
	return nil
}

// classicBoard is classic Sudoku's VicinityBoard: the solver lists the
// solutions, the digger minimizes (or checks) a neighbour.
type classicBoard struct {
	v     *Vicinity
	order []int
}

func (b *classicBoard) Cells() int  { return b.v.geo.Cells }
func (b *classicBoard) Digits() int { return b.v.geo.N }
func (b *classicBoard) Solutions(puzzle []uint8, max int, fn func([]uint8)) int {
	return b.v.sv.Solutions(puzzle, max, fn)
}
func (b *classicBoard) Describe(puzzle []uint8) string {
	return sudoku.Grid{Geo: b.v.geo, Cells: puzzle}.String()
}

// Finish minimizes puzzle (or checks it is minimal) with the digger.
func (b *classicBoard) Finish(puzzle, sol []uint8, minimize bool, rng *rand.Rand, canceled func() bool) (bool, error) {
	d := b.v.dig
	copy(d.sol, sol)
	d.start()
	for c, x := range puzzle {
		if x == 0 {
			d.clear(c)
		}
	}
	b.order = b.order[:0]
	for c, x := range puzzle {
		if x != 0 {
			b.order = append(b.order, c)
		}
	}
	minimal := true
	if minimize {
		rng.Shuffle(len(b.order), func(i, j int) { b.order[i], b.order[j] = b.order[j], b.order[i] })
		for _, c := range b.order {
			if b.v.opts.Cancel != nil && canceled() {
				return false, ErrCanceled
			}
			d.undecided = false
			if !d.tryRemove([]int{c}) && d.undecided {
				minimal = false // a proof hit the node cap (25x25)
			}
		}
	} else {
		for _, c := range b.order {
			d.undecided = false
			if d.removable(c) || d.undecided {
				minimal = false
				break
			}
		}
	}
	copy(puzzle, d.puzzle())
	return minimal, nil
}
