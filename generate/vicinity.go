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

// Vicinity runs vicinity searches. It keeps work space: use one per
// goroutine.
type Vicinity struct {
	opts VicinityOptions
	geo  *sudoku.Geometry
	sv   *sudoku.Solver
	dig  *digger

	work   []uint8 // the puzzle after the removal, then the neighbour
	sols   []uint8 // the solutions listed after the removal, flat
	left   []int   // indices of the solutions the added givens allow
	count  []int   // per cell*N+digit-1: solutions in left with it
	settle []int   // scratch: (cell, digit)s one solution in left has
	narrow []int   // scratch: (cell, digit)s some but not all have
	order  []int   // scratch: givens
}

// DefaultVicinity holds the defaults of VicinityOptions. It has no Shape:
// set one before NewVicinity, which refuses the zero Shape.
var DefaultVicinity = VicinityOptions{Remove: 2, Add: 2, MaxSolutions: 5000, Steps: 12, PerStep: 16}

// NewVicinity returns a searcher for opts, or an error naming a bad option.
func NewVicinity(opts VicinityOptions) (*Vicinity, error) {
	if !opts.Shape.Valid() {
		return nil, fmt.Errorf("box %s: unsupported; expected one of %s", opts.Shape, sudoku.ShapeNames())
	}
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
	geo := sudoku.GeometryOf(opts.Shape)
	return &Vicinity{
		opts: opts, geo: geo, sv: sudoku.NewSolver(opts.Shape), dig: newDigger(geo),
		work: make([]uint8, geo.Cells), count: make([]int, geo.Cells*geo.N),
	}, nil
}

// Options returns the searcher's options with defaults filled in.
func (v *Vicinity) Options() VicinityOptions { return v.opts }

func (v *Vicinity) canceled() bool {
	select {
	case <-v.opts.Cancel:
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
	if rng == nil {
		return q, false, errVicinityRng
	}
	if err := v.move(p.Puzzle.Cells, rng); err != nil {
		if err == errNoMove {
			return q, false, nil
		}
		return q, false, err
	}
	return v.finish(rng)
}

// move makes v.work a neighbour of p with solution v.sols[:cells] (the
// chosen T is moved to the front).
func (v *Vicinity) move(p []uint8, rng *rand.Rand) error {
	cells := v.geo.Cells
	v.order = v.order[:0]
	for c, x := range p {
		if x != 0 {
			v.order = append(v.order, c)
		}
	}
	if len(v.order) == 0 {
		return errNoMove
	}
	k := 1 + rng.IntN(v.opts.Remove)
	k = min(k, len(v.order))
	copy(v.work, p)
	for i := 0; i < k; i++ {
		j := i + rng.IntN(len(v.order)-i)
		v.order[i], v.order[j] = v.order[j], v.order[i]
		v.work[v.order[i]] = 0
	}
	v.sols = v.sols[:0]
	n := v.sv.Solutions(v.work, v.opts.MaxSolutions+1, func(s []uint8) { v.sols = append(v.sols, s...) })
	if n == 0 {
		return fmt.Errorf("internal error: %s has no solution after removing givens", sudoku.Grid{Geo: v.geo, Cells: p})
	}
	if n > v.opts.MaxSolutions {
		return errNoMove
	}
	// Add givens until one solution is left: a (cell, digit) that one
	// solution alone has settles it; one that some but not all have
	// narrows them down. On the last add only a settling one will do;
	// before it, a settling one is taken half the time, so moves of every
	// size up to {-n+m} are drawn.
	v.left = v.left[:0]
	for s := 0; s < n; s++ {
		v.left = append(v.left, s)
	}
	nd := v.geo.N
	for added := 0; len(v.left) > 1; added++ {
		if added == v.opts.Add {
			return errNoMove
		}
		for i := range v.count {
			v.count[i] = 0
		}
		for _, s := range v.left {
			for c, x := range v.sols[s*cells : (s+1)*cells] {
				// (A removed given does not come back as it was.)
				if v.work[c] == 0 && p[c] != x {
					v.count[c*nd+int(x)-1]++
				}
			}
		}
		v.settle, v.narrow = v.settle[:0], v.narrow[:0]
		for i, k := range v.count {
			switch {
			case k == 1:
				v.settle = append(v.settle, i)
			case k > 1 && k < len(v.left):
				v.narrow = append(v.narrow, i)
			}
		}
		last := added == v.opts.Add-1
		var pick int
		switch {
		case len(v.settle) > 0 && (last || len(v.narrow) == 0 || rng.IntN(2) == 0):
			pick = v.settle[rng.IntN(len(v.settle))]
		case !last && len(v.narrow) > 0:
			pick = v.narrow[rng.IntN(len(v.narrow))]
		default:
			return errNoMove
		}
		c, x := pick/nd, uint8(pick%nd+1)
		v.work[c] = x
		kept := v.left[:0]
		for _, s := range v.left {
			if v.sols[s*cells+c] == x {
				kept = append(kept, s)
			}
		}
		v.left = kept
	}
	// The one solution left goes to the front.
	if t := v.left[0]; t != 0 {
		a, b := v.sols[:cells], v.sols[t*cells:(t+1)*cells]
		for i := range a {
			a[i], b[i] = b[i], a[i]
		}
	}
	return nil
}

// finish minimizes v.work (or checks it is minimal) and returns it as a
// Puzzle with solution T.
func (v *Vicinity) finish(rng *rand.Rand) (Puzzle, bool, error) {
	d := v.dig
	copy(d.sol, v.sols[:v.geo.Cells])
	d.start()
	for c, x := range v.work {
		if x == 0 {
			d.clear(c)
		}
	}
	v.order = v.order[:0]
	for c, x := range v.work {
		if x != 0 {
			v.order = append(v.order, c)
		}
	}
	minimal := true
	if v.opts.Minimal {
		rng.Shuffle(len(v.order), func(a, b int) { v.order[a], v.order[b] = v.order[b], v.order[a] })
		for _, c := range v.order {
			if v.opts.Cancel != nil && v.canceled() {
				return Puzzle{}, false, ErrCanceled
			}
			d.undecided = false
			if !d.tryRemove([]int{c}) && d.undecided {
				minimal = false // a proof hit the node cap (25x25)
			}
		}
	} else {
		for _, c := range v.order {
			d.undecided = false
			if d.removable(c) || d.undecided {
				minimal = false
				break
			}
		}
	}
	p := sudoku.NewGrid(v.opts.Shape)
	copy(p.Cells, d.puzzle())
	sol := sudoku.NewGrid(v.opts.Shape)
	copy(sol.Cells, d.sol)
	return Puzzle{Puzzle: p, Solution: sol, Minimal: minimal, Symmetry: string(SymNone), Attempts: 1}, true, nil
}

// maxTries bounds the draws for one neighbour: a puzzle whose every move
// fails (each removal leaves too many solutions) ends the step.
const maxTries = 40

// eliteSize is the number of best-scoring puzzles a search with Plateau
// keeps to restart from.
const eliteSize = 32

// scored is a puzzle of a search with its score and hash.
type scored struct {
	p     Puzzle
	score float64
	h     uint64
}

// elite keeps the eliteSize best-scoring puzzles rated in a search, best
// first, the first rated first among equals.
type elite []scored

func (e *elite) add(x scored) {
	l := *e
	if len(l) == eliteSize && x.score <= l[len(l)-1].score {
		return
	}
	i := len(l)
	for i > 0 && l[i-1].score < x.score {
		i--
	}
	if len(l) < eliteSize {
		l = append(l, scored{})
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
	var res SearchResult
	res.Best = math.Inf(-1)
	seen := map[uint64]bool{hashCells(start.Puzzle.Cells): true}
	cur, curScore := start, startScore
	hitScore := math.Inf(-1) // with Climb: the best hit's score so far
	stale := 0               // with Climb: steps since the best hit improved
	// With Plateau: steps in a row without a neighbour scoring at least
	// as high as cur, the best puzzles rated, and the tabu list.
	stuck := 0
	var top elite
	var tabu map[uint64]bool
	if v.opts.Plateau > 0 {
		top.add(scored{start, startScore, hashCells(start.Puzzle.Cells)})
		tabu = map[uint64]bool{}
	}
	for step := 0; res.Found || step < v.opts.Steps; step++ {
		improved := false
		var best Puzzle
		bestScore, have := math.Inf(-1), false
		for k := 0; k < v.opts.PerStep; k++ {
			var q Puzzle
			ok := false
			for try := 0; try < maxTries && !ok; try++ {
				if v.opts.Cancel != nil && v.canceled() {
					return res, ErrCanceled
				}
				res.Moves++
				var err error
				if q, ok, err = v.Neighbour(cur, rng); err != nil {
					return res, err
				}
				if ok {
					h := hashCells(q.Puzzle.Cells)
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
			score, hit, err := r.Rate(q.Puzzle, q.Solution)
			if err != nil {
				return res, err
			}
			res.Best = math.Max(res.Best, score)
			if v.opts.Plateau > 0 {
				top.add(scored{q, score, hashCells(q.Puzzle.Cells)})
			}
			if hit {
				if v.opts.Climb == 0 {
					res.Puzzle, res.Found = q, true
					return res, nil
				}
				if score > hitScore {
					res.Puzzle, res.Found, hitScore = q, true, score
					improved = true
				}
			}
			if score > bestScore || !have {
				best, bestScore, have = q, score, true
			}
			if v.opts.FirstBetter && score > curScore {
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
			if stale >= v.opts.Climb {
				break
			}
		}
		if bestScore >= curScore {
			cur, curScore = best, bestScore
			res.Steps++
			stuck = 0
		} else if stuck++; v.opts.Plateau > 0 && stuck >= v.opts.Plateau {
			cur, curScore = v.restart(top, tabu, cur, best, bestScore)
			res.Restarts++
			stuck = 0
		}
	}
	return res, nil
}

// restart is the Plateau move away from cur, on which the climb is stuck:
// to the best puzzle of top that is not tabu, else down to best (scoring
// bestScore), the best neighbour of the last step. cur and the puzzle
// moved to become tabu.
func (v *Vicinity) restart(top elite, tabu map[uint64]bool, cur, best Puzzle, bestScore float64) (Puzzle, float64) {
	tabu[hashCells(cur.Puzzle.Cells)] = true
	for _, x := range top {
		if !tabu[x.h] {
			tabu[x.h] = true
			return x.p, x.score
		}
	}
	tabu[hashCells(best.Puzzle.Cells)] = true
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
