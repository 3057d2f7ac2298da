package batch

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// SearchOptions make a targeted run search the vicinity of hard puzzles
// (generate.Vicinity) instead of keeping only lucky random ones: puzzle
// index i starts from a seed (one of Seeds, or the best of SeedTries random
// puzzles drawn from i's own stream), climbs through its {-n+m}
// neighbours, and delivers the first that meets the target, or nothing
// (a rejection with ReasonSearch) when the climb ends without one. Every
// choice is drawn from index i's random stream, so the search, like a
// random puzzle, is a pure function of (seed, index, options).
type SearchOptions struct {
	Vicinity generate.VicinityOptions
	// Seeds are the puzzles searches start from (index i takes seed i mod
	// len); nil: the run's own random puzzles.
	Seeds *Seeds
	// SeedTries is the number of random puzzles drawn for a start; a hit
	// among them is delivered as it is. 0 means DefaultSeedTries.
	SeedTries int
	// Tridagon draws the random starts with generate.Vicinity's
	// TridagonStart (9x9 puzzles built around a tridagon) instead of the
	// run's generator; false (the default) keeps the run as it was.
	Tridagon bool
	// TieGivens breaks ties between equal SE ratings in the climb's score
	// toward more givens (see TargetPlan.score); false (the default)
	// keeps the score as it was.
	TieGivens bool
}

// ParseMoves reads a vicinity search's move "-N+M" (batch --vicinity):
// remove 1..N givens (N from 1 to 9), add up to M (0 to 9).
func ParseMoves(v string) (remove, add int, err error) {
	bad := fmt.Errorf("--vicinity %q: expected -N+M with whole numbers, N from 1 to 9 removed and M from 0 to 9 added, e.g. -2+2", v)
	t := strings.TrimSpace(v)
	if !strings.HasPrefix(t, "-") {
		return 0, 0, bad
	}
	a, b, ok := strings.Cut(t[1:], "+")
	if !ok {
		return 0, 0, bad
	}
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 1 || n > 9 || m < 0 || m > 9 {
		return 0, 0, bad
	}
	return n, m, nil
}

// DefaultSeedTries is the random puzzles drawn per search for its start.
const DefaultSeedTries = 30

// Seeds are the start puzzles of vicinity searches, read from a file
// (batch --from): unique puzzles of one shape, kept as their cells.
// The zero value is not usable: make one with ReadSeeds.
type Seeds struct {
	Shape sudoku.Shape
	cells []uint8 // flat: puzzle k is cells[k*Cells:(k+1)*Cells]
}

// Len is the number of seeds.
func (s *Seeds) Len() int { return len(s.cells) / s.Shape.Cells() }

// puzzle returns seed k as a grid (a copy).
func (s *Seeds) puzzle(k int) sudoku.Grid {
	g := sudoku.NewGrid(s.Shape)
	n := s.Shape.Cells()
	copy(g.Cells, s.cells[k*n:(k+1)*n])
	return g
}

// ReadSeeds reads seed puzzles of shape from r (JSONL records or plain
// puzzle lines; name labels messages). Every puzzle must be of that shape
// and have exactly one solution; the first that does not stops the read
// with a *export.LineError naming the file and line. A shape not in
// sudoku.Shapes is an error.
func ReadSeeds(r io.Reader, name string, shape sudoku.Shape) (*Seeds, error) {
	if !shape.Valid() {
		return nil, fmt.Errorf("%s: seeds of box %s: unsupported; expected one of %s", name, shape, sudoku.ShapeNames())
	}
	s := &Seeds{Shape: shape}
	rd := export.NewReader(r, name)
	sv := sudoku.NewSolver(shape)
	for {
		it, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		g, err := it.GridError(name, nil)
		if err != nil {
			return nil, err
		}
		if g.Geo.Shape != shape {
			n := g.Geo.N
			return nil, &export.LineError{File: name, Line: it.Line, Msg: fmt.Sprintf("a %dx%d puzzle (%s boxes); this run makes %dx%d puzzles (%s boxes)", n, n, g.Geo.Shape, shape.N(), shape.N(), shape)}
		}
		switch sv.Count(g.Cells, 2, nil) {
		case 0:
			return nil, &export.LineError{File: name, Line: it.Line, Msg: "the puzzle has no solution; a seed needs exactly one"}
		case 2:
			return nil, &export.LineError{File: name, Line: it.Line, Msg: "the puzzle has several solutions; a seed needs exactly one"}
		}
		s.cells = append(s.cells, g.Cells...)
	}
	if s.Len() == 0 {
		return nil, fmt.Errorf("%s: no puzzle to start from", name)
	}
	return s, nil
}

// judgeRater is the generate.Rater of a search: the judge's verdict is
// the hit, the plan's score the climb's direction. It remembers the
// grading of the last puzzle it rated, and of the hit a search returns:
// the first hit with the highest score since hits was reset (the last
// puzzle rated, unless the search climbs past hits).
type judgeRater struct {
	j *judge
	// se, when set, rates with the SE profile only (a climb, see
	// SudokuMaker.climbGrader): last and hit then lack the other
	// profiles, and full grades the puzzle delivered.
	se *grade.Grader
	// tieGivens adds the givens tie-break to the score
	// (SearchOptions.TieGivens).
	tieGivens bool
	last      grade.Grade
	hit       grade.Grade
	hitScore  float64
	hits      int
}

func (r *judgeRater) Rate(p, sol sudoku.Grid) (float64, bool, error) {
	g := r.se
	if g == nil {
		g = r.j.grader
	}
	gr, _, ok, err := r.j.rateWith(g, p, sol)
	r.last = gr
	if err != nil {
		return 0, false, fmt.Errorf("grading %s: %w", p, err)
	}
	score := r.j.plan.score(&gr)
	if r.tieGivens && gr.Path != nil && gr.SE.Solved && !gr.SE.Capped {
		score += givensTie * float64(p.Givens()) / float64(len(p.Cells))
	}
	if ok {
		if r.hits == 0 || score > r.hitScore {
			r.hit, r.hitScore = gr, score
		}
		r.hits++
	}
	return score, ok, nil
}

// givensTie scales the givens tie-break of SearchOptions.TieGivens: at
// most this much is added to a score, less than the 0.1 between two SE
// ratings, so the rating still comes first. Measured on 120 puzzles
// rated 8.3-9.3 (tridagon starts walked up a few steps, 40 neighbours
// each; docs/generate.md): among puzzles of equal rating, the number of
// givens has rank correlation +0.41 with the best neighbour's gain and
// +0.36 with the number of neighbours rated higher; EP, ED, the step
// count and the count of the hardest technique -0.21 to +0.17.
const givensTie = 0.05

// full returns the full grading of q, a hit of the search: gr itself, or
// with an SE-only rater q graded again by the judge's grader (not
// tallied: the hit was, when the rater rated it). The verdict on the SE
// profile alone is the verdict on the full grading (climbGrader), which
// is checked.
func (r *judgeRater) full(q generate.Puzzle, gr grade.Grade) (grade.Grade, error) {
	if r.se == nil {
		return gr, nil
	}
	full, err := r.j.grader.GradeSolved(q.Puzzle, q.Solution)
	if err != nil {
		return full, fmt.Errorf("grading %s: %w", q.Puzzle, err)
	}
	if _, ok := r.j.plan.verdict(&full); !ok {
		return full, fmt.Errorf("internal error: %s is a hit on its SE rating, not on its full grading", q.Puzzle)
	}
	return full, nil
}

// climbGrader returns the SE-only grader of a climb for the run's grader
// options gopts, or nil. A climb past its first hit rates many hits
// (every neighbour in a 9.x or 10.x vicinity is one), and the judge's
// grader runs the HoDoKu profile on each (about twice the SE run's cost);
// only the puzzle delivered needs it. The verdict and the climb's score
// read the SE result and the path, which is the SE profile's when the
// plan's profile is SE, so the search takes the same steps either way.
func climbGrader(plan *TargetPlan, vo generate.VicinityOptions, gopts grade.GraderOptions) (*grade.Grader, error) {
	if vo.Climb == 0 || (plan.Profile != "" && plan.Profile != "se") {
		return nil, nil
	}
	o := plan.GraderOptions(gopts)
	o.Keep = func(*grade.Grade) bool { return false }
	return grade.NewGrader(o)
}

// score orders the puzzles of a climb: the SE rating, less when it went
// above the highest kept rating (the further above, the lower), plus 10
// for each named technique the path uses. A puzzle the pre-filter dropped
// (no grading) or the grader could not finish scores 0.
func (p *TargetPlan) score(gr *grade.Grade) float64 {
	r := &gr.SE
	switch {
	case gr.Path == nil:
		return 0 // not graded
	case r.Capped:
		return 2*p.Max - r.ER
	case !r.Solved:
		return 0
	}
	s := r.ER
	for _, id := range p.Requires {
		if uses(gr.Path, id) {
			s += 10
		}
	}
	if p.Hardest != "" && uses(gr.Path, p.Hardest) {
		s += 10
	}
	return s
}

// search makes the puzzle of index i by a vicinity search; a search that
// ends without a hit is a Rejection (ReasonSearch).
func (m *SudokuMaker) search(index int64, rng *rand.Rand) (generate.Puzzle, grade.Grade, error) {
	r := &judgeRater{j: m.judge, se: m.climbGrader, tieGivens: m.opts.Search.TieGivens}
	var start generate.Puzzle
	best := math.Inf(-1)
	if seeds := m.opts.Search.Seeds; seeds != nil {
		g := seeds.puzzle(int(index % int64(seeds.Len())))

		sol := sudoku.NewGrid(seeds.Shape)
		if m.solver.Count(g.Cells, 1, sol.Cells) != 1 {
			return start, r.last, fmt.Errorf("internal error: seed %s has no solution", g)
		}
		start = generate.Puzzle{Puzzle: g, Solution: sol}
		// The seed is rated for its score only (a seed is never
		// delivered itself), once per worker: its score is a function
		// of the puzzle alone.
		k := int(index % int64(seeds.Len()))
		var ok bool
		if best, ok = m.seedScore[k]; !ok {
			// (Not tallied: which worker rates a seed first depends on
			// the scheduling.)
			w := m.judge.work
			var err error
			if best, _, err = r.Rate(g, sol); err != nil {
				return start, r.last, err
			}
			m.judge.work = w
			if m.seedScore == nil {
				m.seedScore = map[int]float64{}
			}
			m.seedScore[k] = best
		}
	} else {
		tries := m.opts.Search.SeedTries
		if tries <= 0 {
			tries = DefaultSeedTries
		}
		for k := 0; k < tries; k++ {
			var p generate.Puzzle
			var err error
			if m.opts.Search.Tridagon {
				p, err = m.vic.TridagonStart(rng)
			} else {
				p, err = m.gen.Sudoku(rng)
			}
			if err != nil {
				return start, r.last, err
			}
			score, hit, err := r.Rate(p.Puzzle, p.Solution)
			switch {
			case err != nil:
				return start, r.last, err
			case hit:
				gr, err := r.full(p, r.last)
				return p, gr, err
			case score > best:
				start, best = p, score
			}
		}
	}
	r.hits = 0 // the search's own hits from here
	res, err := m.vic.Search(start, best, rng, r)
	if err != nil {
		return start, r.last, err
	}
	m.judge.work.Moves += int64(res.Moves)
	if !res.Found {
		m.judge.work.Dropped[ReasonSearch]++
		return start, r.last, reject(ReasonSearch)
	}
	gr, err := r.full(res.Puzzle, r.hit)
	return res.Puzzle, gr, err
}

// errSearchNeedsTarget is returned for SearchOptions without a target.
var errSearchNeedsTarget = errors.New("batch: a vicinity search needs a target (what to look for)")
