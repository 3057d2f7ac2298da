package generate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sudogen/sudogen/sudoku"
)

// A vicinity search looks for rare puzzles (the hardest ratings, a rare
// technique) near a puzzle that is already close: it makes neighbours of
// the current puzzle by removing up to n givens and adding up to m others
// ({-n+m}), keeps those that are unique (and minimal, minimizing them when
// asked), rates them, and goes on from the best one found; the first one
// the rater calls a hit ends the search. Puzzle-hunting communities find
// their hardest puzzles this way.
//
// A neighbour is built without guessing: after the removal the puzzle has
// k solutions (k at most MaxSolutions, all listed by the solver), and the
// givens added are (cell, digit) pairs drawn among those that settle (one
// solution has them) or narrow down (some do) the solutions still
// allowed, until one is left. So every neighbour is unique by
// construction, and its solution is known.
//
// Everything is drawn from the rng passed in: a search is a pure function
// of its start, its rng state, its options and the rater's answers.

// VicinityOptions configure a vicinity search.
type VicinityOptions struct {
	// Shape is the box shape.
	Shape sudoku.Shape
	// Remove and Add bound one move: 1..Remove givens removed, then up to
	// Add givens added ({-n+m}). 0 means 2.
	Remove, Add int
	// MaxSolutions caps the solutions the puzzle may have once givens are
	// removed; a move with more is abandoned. 0 means 5000 (removing one
	// given of the hardest known puzzles leaves 1,000-16,000; listing
	// 5,000 takes about 3 ms, a small part of rating a neighbour).
	MaxSolutions int
	// Minimal minimizes every neighbour: givens are removed in random
	// order while the solution stays unique. Without it a neighbour keeps
	// its givens and Puzzle.Minimal says whether it is minimal.
	Minimal bool
	// Steps bounds the climb: the number of times the search moves on to
	// the best neighbour of the last round. PerStep is the number of
	// distinct neighbours rated per step. 0 means 12 and 16.
	Steps, PerStep int
	// FirstBetter moves the climb on as soon as a neighbour scores above
	// the current puzzle, instead of after PerStep neighbours.
	FirstBetter bool
	// Climb keeps a search going past its first hit: the climb goes on
	// as before it (on to the best neighbour of each step when it scores
	// at least as high as the current puzzle) until Climb steps in a row
	// bring no hit scoring above the best one, and Search returns the
	// highest-scoring hit (the first of equals). Steps then bounds only
	// the steps before the first hit. 0 (the default): the first hit ends
	// the search.
	Climb int
	// Plateau lets a climb leave local tops: after Plateau steps in a row
	// in which no neighbour scores at least as high as the current
	// puzzle, the climb restarts from the best-scoring puzzle of the
	// search it has not been stuck on or restarted from yet (those form
	// its tabu list; the first rated of equals), or, when every such
	// puzzle is tabu, moves on to the best neighbour of the last step
	// although it scores lower. Steps of equal score are taken as before
	// (sideways moves). 0 (the default): the climb stays on a puzzle whose
	// neighbours all score lower until Steps or Climb runs out, and the
	// search is exactly what it was without the option.
	Plateau int
	// Cancel, when closed, stops a search with ErrCanceled (checked
	// between neighbours).
	Cancel <-chan struct{}
}

// Rater rates the puzzles of a vicinity search.
type Rater interface {
	// Rate rates puzzle p, whose unique solution is sol: hit says p is
	// what the search looks for; score orders the others (the search goes
	// on from the highest).
	Rate(p, sol sudoku.Grid) (score float64, hit bool, err error)
}

// SearchResult is the outcome of one search.
type SearchResult struct {
	// Puzzle is the hit, when Found.
	Puzzle Puzzle
	Found  bool
	// Moves counts the {-n+m} moves tried, Neighbours the distinct unique
	// (and minimal) puzzles they gave, all of which were rated; Steps the
	// moves of the climb; Best the highest score seen.
	Moves, Neighbours, Steps int
	Best                     float64
	// Restarts counts the moves Plateau made: restarts from a puzzle of
	// the search and moves down to a lower-scoring neighbour.
	Restarts int
}

// Vicinity runs vicinity searches on classic Sudoku. It keeps work
// space: use one per goroutine.
type Vicinity struct {
	opts VicinityOptions
	geo  *sudoku.Geometry
	sv   *sudoku.Solver
	dig  *digger
	walk *Walk

	work  []uint8 // scratch of TridagonStart
	order []int   // scratch of TridagonStart
}

// DefaultVicinity holds the defaults of VicinityOptions. It has no Shape:
// set one before NewVicinity, which refuses the zero Shape.
var DefaultVicinity = VicinityOptions{Remove: 2, Add: 2, MaxSolutions: 5000, Steps: 12, PerStep: 16}

// NewVicinity returns a searcher for opts, or an error naming a bad option.
func NewVicinity(opts VicinityOptions) (*Vicinity, error) {
	if !opts.Shape.Valid() {
		return nil, fmt.Errorf("box %s: unsupported; expected one of %s", opts.Shape, sudoku.ShapeNames())
	}
	geo := sudoku.GeometryOf(opts.Shape)
	v := &Vicinity{geo: geo, sv: sudoku.NewSolver(opts.Shape), dig: newDigger(geo), work: make([]uint8, geo.Cells)}
	w, err := NewWalk(&classicBoard{v: v}, opts)
	if err != nil {
		return nil, err
	}
	v.opts, v.walk = w.opts, w
	return v, nil
}

// Options returns the searcher's options with defaults filled in.
func (v *Vicinity) Options() VicinityOptions { return v.opts }

func (v *Vicinity) canceled() bool { return v.opts.canceled() }

// canceled reports whether o.Cancel is closed.
func (o *VicinityOptions) canceled() bool {
	select {
	case <-o.Cancel:
		return true
	default:
		return false
	}
}

// errNoMove is returned by move when this draw gave no neighbour.
var errNoMove = errors.New("no neighbour")

// errVicinityRng is what Neighbour, Search and TridagonStart return for
// a nil rng.
var errVicinityRng = errors.New("generate: Vicinity needs a random source (rng is nil)")

// Neighbour draws one {-n+m} move from p (solution sol) and returns the
// neighbour, or ok false when this draw gave none (too many solutions
// after the removal, no way to make T unique within Add givens, the same
// puzzle again). The neighbour's grids are new. A nil rng is an error.
func (v *Vicinity) Neighbour(p Puzzle, rng *rand.Rand) (q Puzzle, ok bool, err error) {
	wp, ok, err := v.walk.Neighbour(p.Puzzle.Cells, rng)
	if !ok || err != nil {
		return q, ok, err
	}
	pz := sudoku.NewGrid(v.opts.Shape)
	copy(pz.Cells, wp.Puzzle)
	sol := sudoku.NewGrid(v.opts.Shape)
	copy(sol.Cells, wp.Solution)
	return Puzzle{Puzzle: pz, Solution: sol, Minimal: wp.Minimal, Symmetry: string(SymNone), Attempts: 1}, true, nil
}

// maxTries bounds the draws for one neighbour: a puzzle whose every move
// fails (each removal leaves too many solutions) ends the step.
const maxTries = 40

// eliteSize is the number of best-scoring puzzles a search with Plateau
// keeps to restart from.
const eliteSize = 32

// scored is a puzzle of a search with its score and hash.
type scored[P any] struct {
	p     P
	score float64
	h     uint64
}

// elite keeps the eliteSize best-scoring puzzles rated in a search, best
// first, the first rated first among equals.
type elite[P any] []scored[P]

func (e *elite[P]) add(x scored[P]) {
	l := *e
	if len(l) == eliteSize && x.score <= l[len(l)-1].score {
		return
	}
	i := len(l)
	for i > 0 && l[i-1].score < x.score {
		i--
	}
	if len(l) < eliteSize {
		l = append(l, scored[P]{})
	}
	copy(l[i+1:], l[i:])
	l[i] = x
	*e = l
}

// Search climbs from start (a unique puzzle that is not a hit, scoring
// startScore): each step rates PerStep distinct new neighbours of the
// current puzzle, stops at the first hit, and moves on to the
// best-scoring neighbour of the step when it scores at least as high as
// the current puzzle (else the next step draws other neighbours of the
// same puzzle: the climb always goes on from the best puzzle found; a
// puzzle seen once in a search is never rated again). It ends after
// Steps steps, or when no new neighbour can be made. With Climb the
// first hit does not end it (see VicinityOptions.Climb). A nil rng is
// an error.
func (v *Vicinity) Search(start Puzzle, startScore float64, rng *rand.Rand, r Rater) (SearchResult, error) {
	if rng == nil {
		return SearchResult{}, errVicinityRng
	}
	cells := func(p Puzzle) []uint8 { return p.Puzzle.Cells }
	rate := func(q Puzzle) (float64, bool, error) { return r.Rate(q.Puzzle, q.Solution) }
	hit, res, err := climb(&v.opts, start, startScore, rng, cells, v.Neighbour, rate)
	res.Puzzle = hit
	return res, err
}

// climb is Search on puzzles of type P: cells gives a puzzle's cells (its
// identity in the search), next draws a neighbour (Neighbour), rate rates
// one (Rater). It returns the hit with the result (whose Puzzle it leaves
// zero).
func climb[P any](o *VicinityOptions, start P, startScore float64, rng *rand.Rand,
	cells func(P) []uint8, next func(P, *rand.Rand) (P, bool, error), rate func(P) (float64, bool, error)) (P, SearchResult, error) {
	var res SearchResult
	var found P
	res.Best = math.Inf(-1)
	seen := map[uint64]bool{hashCells(cells(start)): true}
	cur, curScore := start, startScore
	hitScore := math.Inf(-1) // with Climb: the best hit's score so far
	stale := 0               // with Climb: steps since the best hit improved
	// With Plateau: steps in a row without a neighbour scoring at least
	// as high as cur, the best puzzles rated, and the tabu list.
	stuck := 0
	var top elite[P]
	var tabu map[uint64]bool
	if o.Plateau > 0 {
		top.add(scored[P]{start, startScore, hashCells(cells(start))})
		tabu = map[uint64]bool{}
	}
	for step := 0; res.Found || step < o.Steps; step++ {
		improved := false
		var best P
		bestScore, have := math.Inf(-1), false
		for k := 0; k < o.PerStep; k++ {
			var q P
			ok := false
			for try := 0; try < maxTries && !ok; try++ {
				if o.Cancel != nil && o.canceled() {
					return found, res, ErrCanceled
				}
				res.Moves++
				var err error
				if q, ok, err = next(cur, rng); err != nil {
					return found, res, err
				}
				if ok {
					h := hashCells(cells(q))
					if seen[h] {
						ok = false
						continue
					}
					seen[h] = true
				}
			}
			if !ok {
				break
			}
			res.Neighbours++
			score, hit, err := rate(q)
			if err != nil {
				return found, res, err
			}
			res.Best = math.Max(res.Best, score)
			if o.Plateau > 0 {
				top.add(scored[P]{q, score, hashCells(cells(q))})
			}
			if hit {
				if o.Climb == 0 {
					res.Found = true
					return q, res, nil
				}
				if score > hitScore {
					found, res.Found, hitScore = q, true, score
					improved = true
				}
			}
			if score > bestScore || !have {
				best, bestScore, have = q, score, true
			}
			if o.FirstBetter && score > curScore {
				break
			}
		}
		if !have {
			break
		}
		if res.Found {
			// Climbing past a hit: on while the best hit keeps rising.
			if stale++; improved {
				stale = 0
			}
			if stale >= o.Climb {
				break
			}
		}
		if bestScore >= curScore {
			cur, curScore = best, bestScore
			res.Steps++
			stuck = 0
		} else if stuck++; o.Plateau > 0 && stuck >= o.Plateau {
			cur, curScore = restart(top, tabu, cells, cur, best, bestScore)
			res.Restarts++
			stuck = 0
		}
	}
	return found, res, nil
}

// restart is the Plateau move away from cur, on which the climb is stuck:
// to the best puzzle of top that is not tabu, else down to best (scoring
// bestScore), the best neighbour of the last step. cur and the puzzle
// moved to become tabu.
func restart[P any](top elite[P], tabu map[uint64]bool, cells func(P) []uint8, cur, best P, bestScore float64) (P, float64) {
	tabu[hashCells(cells(cur))] = true
	for _, x := range top {
		if !tabu[x.h] {
			tabu[x.h] = true
			return x.p, x.score
		}
	}
	tabu[hashCells(cells(best))] = true
	return best, bestScore
}

// hashCells is the 64-bit FNV-1a hash of a puzzle's cells.
func hashCells(cells []uint8) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range cells {
		h ^= uint64(x)
		h *= 1099511628211
	}
	return h
}
