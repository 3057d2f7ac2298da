package generate

import (
	"cmp"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// checkNeighbour checks q against the independent counter: unique with the
// solution it carries, minimal exactly when it says so (and always when
// minimizing), not p itself.
func checkNeighbour(t *testing.T, geo *sudoku.Geometry, p, q Puzzle, minimize bool) {
	t.Helper()
	sol := make([]uint8, geo.Cells)
	if n := refCount(geo, q.Puzzle.Cells, 2); n != 1 {
		t.Fatalf("neighbour %s of %s has %d solutions", q.Puzzle, p.Puzzle, n)
	}
	if sv := sudoku.NewSolver(geo.Shape); sv.Count(q.Puzzle.Cells, 1, sol) != 1 || !slices.Equal(sol, q.Solution.Cells) {
		t.Fatalf("neighbour %s: wrong solution carried", q.Puzzle)
	}
	minimal := true
	for c, x := range q.Puzzle.Cells {
		if x == 0 {
			continue
		}
		q.Puzzle.Cells[c] = 0
		if refCount(geo, q.Puzzle.Cells, 2) == 1 {
			minimal = false
		}
		q.Puzzle.Cells[c] = x
	}
	if minimal != q.Minimal || (minimize && !minimal) {
		t.Fatalf("neighbour %s: Minimal %v, the counter says %v", q.Puzzle, q.Minimal, minimal)
	}
	if slices.Equal(p.Puzzle.Cells, q.Puzzle.Cells) {
		t.Fatalf("neighbour of %s is itself", p.Puzzle)
	}
}

// TestNeighbours: on every shape up to 12x12, neighbours are unique with
// their solution, minimal when asked, and without minimizing within
// {-Remove+Add} of the start; the same rng gives the same neighbour.
func TestNeighbours(t *testing.T) {
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12} {
		geo := sudoku.GeometryOf(sh)
		g, err := New(Options{Shape: sh, Minimal: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, minimize := range []bool{false, true} {
			v, err := NewVicinity(VicinityOptions{Shape: sh, Remove: 2, Add: 2, Minimal: minimize})
			if err != nil {
				t.Fatal(err)
			}
			made, draws := 0, 24
			if sh.N() > 9 {
				draws = 8 // the reference counter is slow on 12x12
			}
			if os.Getenv("SUDOGEN_LONG") != "" {
				draws *= 3
			}
			for i := 0; i < draws; i++ {
				p, err := g.Sudoku(rngFor(31, uint64(i)))
				if err != nil {
					t.Fatal(err)
				}
				rng := rngFor(32, uint64(i))
				q, ok, err := v.Neighbour(p, rng)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					continue
				}
				made++
				checkNeighbour(t, geo, p, q, minimize)
				if !minimize {
					removed, added := 0, 0
					for c := range q.Puzzle.Cells {
						a, b := p.Puzzle.Cells[c], q.Puzzle.Cells[c]
						if a != 0 && a != b {
							removed++
						}
						if b != 0 && a != b {
							added++
						}
					}
					if removed > 2 || added > 2 || removed == 0 {
						t.Fatalf("%s: %s -> %s removes %d and adds %d givens", sh, p.Puzzle, q.Puzzle, removed, added)
					}
				}
				again, _, _ := v.Neighbour(p, rngFor(32, uint64(i)))
				if !slices.Equal(again.Puzzle.Cells, q.Puzzle.Cells) {
					t.Fatalf("%s: the same rng gave another neighbour", sh)
				}
			}
			if made < draws/4 {
				t.Errorf("%s minimize %v: only %d of %d draws gave a neighbour", sh, minimize, made, draws)
			}
		}
	}
}

// fewestGivens is a Rater that prefers fewer givens and hits at or below
// a bound: something a climb finds that random digging rarely gives.
type fewestGivens struct {
	bound int
	rated int
}

func (f *fewestGivens) Rate(p, sol sudoku.Grid) (float64, bool, error) {
	f.rated++
	n := p.Givens()
	return -float64(n), n <= f.bound, nil
}

// TestSearchClimbs: a search for 9x9 minimal puzzles of at most 20 givens
// (about 1 random minimal puzzle in a few hundred) finds them from
// ordinary starts, every hit is unique, minimal and within the bound, the
// rater saw every neighbour once, and the search is a pure function of
// its start and rng.
func TestSearchClimbs(t *testing.T) {
	geo := sudoku.GeometryOf(sudoku.Shape9)
	g, _ := New(Options{Shape: sudoku.Shape9, Minimal: true})
	v, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape9, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	found, searches := 0, 4
	if os.Getenv("SUDOGEN_LONG") != "" {
		searches = 8
	}
	for i := 0; i < searches; i++ {
		start, _ := g.Sudoku(rngFor(41, uint64(i)))
		r := &fewestGivens{bound: 20}
		res, err := v.Search(start, math.Inf(-1), rngFor(42, uint64(i)), r)
		if err != nil {
			t.Fatal(err)
		}
		if r.rated != res.Neighbours {
			t.Errorf("rated %d, neighbours %d", r.rated, res.Neighbours)
		}
		if !res.Found {
			continue
		}
		found++
		checkNeighbour(t, geo, start, res.Puzzle, true)
		if n := res.Puzzle.Givens(); n > 20 {
			t.Fatalf("hit with %d givens", n)
		}
		if found > 1 {
			continue // reproducibility: checked on the first hit
		}
		again, _ := v.Search(start, math.Inf(-1), rngFor(42, uint64(i)), &fewestGivens{bound: 20})
		if !slices.Equal(again.Puzzle.Puzzle.Cells, res.Puzzle.Puzzle.Cells) || again.Neighbours != res.Neighbours {
			t.Fatalf("search %d is not reproducible", i)
		}
	}
	if found < searches/2 {
		t.Errorf("found %d of %d: the climb does not work", found, searches)
	}
}

// TestSearchCancel: a closed Cancel stops a search with ErrCanceled.
func TestSearchCancel(t *testing.T) {
	g, _ := New(Options{Shape: sudoku.Shape9, Minimal: true})
	start, _ := g.Sudoku(rngFor(1, 1))
	c := make(chan struct{})
	close(c)
	v, _ := NewVicinity(VicinityOptions{Shape: sudoku.Shape9, Minimal: true, Cancel: c})
	if _, err := v.Search(start, 0, rand.New(rand.NewPCG(1, 2)), &fewestGivens{bound: 0}); err != ErrCanceled {
		t.Fatalf("err %v", err)
	}
}

// recordingRater is fewestGivens that remembers every hit's score and the
// first one.
type recordingRater struct {
	fewestGivens
	hitLog
}

func (r *recordingRater) Rate(p, sol sudoku.Grid) (float64, bool, error) {
	score, hit, err := r.fewestGivens.Rate(p, sol)
	if hit {
		r.record(score)
	}
	return score, hit, err
}

// TestSearchClimbPastHit: with Climb a search goes on past its first hit
// and returns the best hit it rated (never worse than the first, which is
// what a search without Climb returns from the same start and rng); the
// climb is reproducible (checked on the first start), and a negative
// Climb is refused.
func TestSearchClimbPastHit(t *testing.T) {
	geo := sudoku.GeometryOf(sudoku.Shape9)
	g, _ := New(Options{Shape: sudoku.Shape9, Minimal: true})
	tests := []struct {
		name  string
		climb int
	}{{"first hit", 0}, {"climb", 3}}
	firsts := map[int]float64{}
	better := 0
	for _, tc := range tests {
		v, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape9, Minimal: true, Climb: tc.climb})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3; i++ {
			start, _ := g.Sudoku(rngFor(51, uint64(i)))
			r := &recordingRater{fewestGivens: fewestGivens{bound: 23}}
			res, err := v.Search(start, math.Inf(-1), rngFor(52, uint64(i)), r)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Found {
				continue
			}
			checkNeighbour(t, geo, start, res.Puzzle, true)
			got := -float64(res.Puzzle.Givens())
			if tc.climb == 0 {
				if r.hits != 1 || got != r.first {
					t.Fatalf("%s %d: %d hits rated, returned score %v, first %v", tc.name, i, r.hits, got, r.first)
				}
				firsts[i] = got
				continue
			}
			if got != r.best {
				t.Fatalf("%s %d: returned score %v, best hit rated %v", tc.name, i, got, r.best)
			}
			if f, ok := firsts[i]; ok && r.first != f {
				t.Fatalf("%s %d: first hit %v, without climb %v: not the same climb up to it", tc.name, i, r.first, f)
			}
			if got > r.first {
				better++
			}
			if i > 0 {
				continue // reproducibility: checked on the first climb (a climb is 0.5-1.2 s)
			}
			again, _ := v.Search(start, math.Inf(-1), rngFor(52, uint64(i)), &recordingRater{fewestGivens: fewestGivens{bound: 23}})
			if !slices.Equal(again.Puzzle.Puzzle.Cells, res.Puzzle.Puzzle.Cells) || again.Neighbours != res.Neighbours {
				t.Fatalf("%s %d: not reproducible", tc.name, i)
			}
		}
	}
	if _, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape9, Climb: -1}); err == nil {
		t.Error("Climb -1 accepted")
	}
	if len(firsts) == 0 || better == 0 {
		t.Errorf("%d searches hit; the climb improved on the first hit %d times", len(firsts), better)
	}
}

// rugged is a Rater with a rugged landscape: a puzzle's score is drawn
// from its cells' hash (0-99.9), so most puzzles have a neighbour that
// beats them but a high one rarely has (local tops everywhere); a hit
// scores at least bound. It remembers the first and the best hit.
type rugged struct {
	bound float64
	rated int
	hitLog
}

// hitLog counts a rater's hits and remembers the first and the best
// score.
type hitLog struct {
	first, best float64
	hits        int
}

// record counts a hit of the given score.
func (h *hitLog) record(score float64) {
	if h.hits == 0 {
		h.first = score
	}
	if h.hits == 0 || score > h.best {
		h.best = score
	}
	h.hits++
}

func (r *rugged) Rate(p, sol sudoku.Grid) (float64, bool, error) {
	r.rated++
	h := uint64(14695981039346656037)
	for _, x := range p.Cells {
		h = (h ^ uint64(x)) * 1099511628211
	}
	score := float64(h%1000) / 10
	hit := score >= r.bound
	if hit {
		r.record(score)
	}
	return score, hit, nil
}

// TestSearchPlateau: with Plateau a climb past its first hit leaves the
// puzzles whose neighbours all score lower (restarts), still returns the
// best hit it rated, every hit a unique minimal neighbour; the search is
// reproducible, and a negative Plateau is refused.
func TestSearchPlateau(t *testing.T) {
	geo := sudoku.GeometryOf(sudoku.Shape9)
	g, _ := New(Options{Shape: sudoku.Shape9, Minimal: true})
	v, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape9, Minimal: true, Climb: 4, Plateau: 1, PerStep: 3})
	if err != nil {
		t.Fatal(err)
	}
	restarts, better, searches := 0, 0, 2
	if os.Getenv("SUDOGEN_LONG") != "" {
		searches = 6
	}
	for i := 0; i < searches; i++ {
		start, _ := g.Sudoku(rngFor(61, uint64(i)))
		r := &rugged{bound: 90}
		res, err := v.Search(start, math.Inf(-1), rngFor(62, uint64(i)), r)
		if err != nil {
			t.Fatal(err)
		}
		restarts += res.Restarts
		if r.rated != res.Neighbours {
			t.Errorf("search %d: rated %d, neighbours %d", i, r.rated, res.Neighbours)
		}
		if !res.Found {
			continue
		}
		checkNeighbour(t, geo, start, res.Puzzle, true)
		again := &rugged{bound: 90}
		if got, _, _ := again.Rate(res.Puzzle.Puzzle, res.Puzzle.Solution); got != r.best {
			t.Fatalf("search %d: returned score %v, best hit rated %v", i, got, r.best)
		}
		if r.best > r.first {
			better++
		}
		if i > 0 {
			continue // reproducibility: checked on the first search
		}
		rep, _ := v.Search(start, math.Inf(-1), rngFor(62, uint64(i)), &rugged{bound: 90})
		if !slices.Equal(rep.Puzzle.Puzzle.Cells, res.Puzzle.Puzzle.Cells) || rep.Neighbours != res.Neighbours || rep.Restarts != res.Restarts {
			t.Fatalf("search %d: not reproducible", i)
		}
	}
	if restarts == 0 || better == 0 {
		t.Errorf("%d restarts, %d searches improved on their first hit", restarts, better)
	}
	if _, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape9, Plateau: -1}); err == nil {
		t.Error("Plateau -1 accepted")
	}
}

// TestEliteKeepsBest: the restart pool keeps the eliteSize best scores,
// best first, the first added first among equals, against a sort of
// everything added.
func TestEliteKeepsBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var e elite[Puzzle]
	var all []scored[Puzzle]
	for i := 0; i < 500; i++ {
		x := scored[Puzzle]{score: float64(rng.IntN(40)), h: uint64(i)}
		e.add(x)
		all = append(all, x)
	}
	slices.SortStableFunc(all, func(a, b scored[Puzzle]) int { return cmp.Compare(b.score, a.score) })
	if len(e) != eliteSize {
		t.Fatalf("%d kept", len(e))
	}
	for i := range e {
		if e[i].score != all[i].score || e[i].h != all[i].h {
			t.Fatalf("place %d: %v (added %d), want %v (added %d)", i, e[i].score, e[i].h, all[i].score, all[i].h)
		}
	}
}
