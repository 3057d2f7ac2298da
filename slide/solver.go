package slide

import (
	"errors"
	"fmt"
	"math"
	"sync"
)

// partition4 is the 6-6-3 partition of the 15-puzzle's tiles used by the
// 4x4 heuristic: the top row with 7 and 8, the left two columns of the
// lower three rows, and 11, 12, 15 next to the blank's goal corner. Its
// reflection about the main diagonal is a different partition, so the
// reflected lookup adds information. On the first 12 of Korf's boards it
// needs 3.7M nodes against 4.1M to 24M for three other 6-6-3 partitions
// tried (docs/slide.md).
var partition4 = [][]uint8{{1, 2, 3, 4, 7, 8}, {5, 6, 9, 10, 13, 14}, {11, 12, 15}}

// partition5 is the partition of the 24-puzzle's tiles into six groups of
// four used by the 5x5 heuristic. It is not symmetric about the main
// diagonal, so the reflected lookup adds information.
var partition5 = [][]uint8{
	{1, 2, 6, 7}, {3, 4, 5, 8}, {9, 10, 14, 15},
	{11, 12, 16, 17}, {13, 18, 19, 20}, {21, 22, 23, 24},
}

// Options tune a Solver.
type Options struct {
	// CacheDir is where pattern databases are cached; "" means
	// DefaultCacheDir(). NoCache builds them in memory every run.
	CacheDir string
	NoCache  bool
	// Exact makes 5x5 searches optimal (this can take hours per board).
	// 3x3 and 4x4 are always solved optimally.
	Exact bool
	// Weight is the weight on the heuristic of the bounded-suboptimal 5x5
	// search (default 1.5): the length found is at most Weight times the
	// optimum.
	Weight float64
	// ProofNodes is the node budget of the optimal search tried first on
	// 5x5 boards (default 2,000,000); it finds short optima outright and
	// otherwise proves the lower bound reported with the result.
	ProofNodes int64
	// Cancel, when closed, stops searches in progress: Solve returns
	// ErrCanceled (checked every 2^20 nodes, a few hundredths of a second).
	Cancel <-chan struct{}
	// Logf, if set, hears about table building.
	Logf func(format string, args ...any)
}

// Result is a solved board.
type Result struct {
	Moves      string // letters name the direction the blank travels
	Length     int    // len(Moves)
	LowerBound int    // proven lower bound on the optimal length
	Optimal    bool   // Length is proven optimal (then LowerBound == Length)
	Nodes      int64  // search nodes expanded
}

// Solver solves boards of one width. It is safe for concurrent use: the
// tables are shared and read-only, each Solve has its own scratch.
type Solver struct {
	w    int
	opts Options

	once sync.Once
	h    *Heuristic
	t3   *Table3
	err  error
}

// NewSolver returns a solver for width w. Tables are loaded or built on the
// first Solve (or by Prepare).
func NewSolver(w int, opts Options) (*Solver, error) {
	if err := CheckWidth(w); err != nil {
		return nil, err
	}
	if opts.Weight == 0 {
		opts.Weight = 1.5
	}
	if opts.Weight < 1 || opts.Weight > 10 || math.IsNaN(opts.Weight) {
		return nil, fmt.Errorf("weight %g: want 1 to 10", opts.Weight)
	}
	if opts.ProofNodes == 0 {
		opts.ProofNodes = 2_000_000
	}
	if opts.CacheDir == "" && !opts.NoCache {
		opts.CacheDir = DefaultCacheDir()
	}
	if opts.NoCache {
		opts.CacheDir = ""
	}
	return &Solver{w: w, opts: opts}, nil
}

// Width returns the board width the solver handles.
func (s *Solver) Width() int { return s.w }

// Prepare loads or builds the solver's tables now instead of on the first
// Solve.
func (s *Solver) Prepare() error {
	s.once.Do(func() {
		if s.w == 3 {
			s.t3 = Exact3()
			return
		}
		s.h, s.err = sharedHeuristic(s.opts.CacheDir, s.w, s.opts.Logf)
	})
	return s.err
}

// Heuristic returns the solver's pattern-database heuristic (nil for 3x3),
// preparing it if needed.
func (s *Solver) Heuristic() (*Heuristic, error) {
	err := s.Prepare()
	return s.h, err
}

// Solve finds a solution of b: optimal for 3x3 and 4x4 (and 5x5 with
// Exact), else bounded-suboptimal with a proven lower bound. Unsolvable
// boards are refused with an error starting "unsolvable:".
func (s *Solver) Solve(b Board) (Result, error) {
	if b.W != s.w {
		return Result{}, fmt.Errorf("board is %dx%d, solver is for %dx%d", b.W, b.W, s.w, s.w)
	}
	if err := b.Solvable(); err != nil {
		return Result{}, err
	}
	if err := s.Prepare(); err != nil {
		return Result{}, err
	}
	if s.w == 3 {
		m, err := s.t3.Solve(b)
		if err != nil {
			return Result{}, err
		}
		return Result{Moves: m, Length: len(m), LowerBound: len(m), Optimal: true}, nil
	}
	if s.w == 4 || s.opts.Exact {
		r, err := runIDA(s.h, b, 1, 1, 0, s.opts.Cancel)
		if err != nil {
			return Result{}, err
		}
		return Result{Moves: r.moves, Length: len(r.moves), LowerBound: len(r.moves), Optimal: true, Nodes: r.nodes}, nil
	}
	r, err := runIDA(s.h, b, 1, 1, s.opts.ProofNodes, s.opts.Cancel)
	if err == nil {
		return Result{Moves: r.moves, Length: len(r.moves), LowerBound: len(r.moves), Optimal: true, Nodes: r.nodes}, nil
	}
	if !errors.Is(err, errBudget) {
		return Result{}, err
	}
	lower, nodes := r.lower, r.nodes
	const den = 100
	num := int(math.Round(s.opts.Weight * den))
	r, err = runIDA(s.h, b, num, den, 0, s.opts.Cancel)
	if err != nil {
		return Result{}, err
	}
	res := Result{Moves: r.moves, Length: len(r.moves), LowerBound: lower, Nodes: nodes + r.nodes}
	if res.Length <= lower {
		res.LowerBound, res.Optimal = res.Length, true
	}
	return res, nil
}

// PartitionFor returns the heuristic's tile groups for width w (4 or 5),
// a copy: the tables are the package's. Any width but 4 gets the 5x5
// groups (3x3 boards use an exact table, no groups).
func PartitionFor(w int) [][]uint8 {
	p := partition5
	if w == 4 {
		p = partition4
	}
	out := make([][]uint8, len(p))
	for i, g := range p {
		out[i] = append([]uint8(nil), g...)
	}
	return out
}

type heurEntry struct {
	once sync.Once
	h    *Heuristic
	err  error
}

var (
	heurMu  sync.Mutex
	heurMap = map[string]*heurEntry{}
)

// sharedHeuristic loads or builds the heuristic of width w once per
// process and cache folder, building the groups in parallel.
func sharedHeuristic(dir string, w int, logf func(string, ...any)) (*Heuristic, error) {
	key := fmt.Sprintf("%d|%s", w, dir)
	heurMu.Lock()
	e := heurMap[key]
	if e == nil {
		e = &heurEntry{}
		heurMap[key] = e
	}
	heurMu.Unlock()
	e.once.Do(func() { e.h, e.err = BuildTables(dir, w, logf) })
	return e.h, e.err
}

// BuildTables loads (or builds and caches) every pattern database of width
// w (4 or 5) in dir, in parallel, and returns the heuristic. dir "" builds
// in memory only.
func BuildTables(dir string, w int, logf func(string, ...any)) (*Heuristic, error) {
	if w != 4 && w != 5 {
		return nil, fmt.Errorf("pattern databases are for 4x4 and 5x5, not %dx%d", w, w)
	}
	if logf == nil {
		logf = func(string, ...any) {}
	}
	var mu sync.Mutex
	safeLog := func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		logf(f, a...)
	}
	groups := PartitionFor(w)
	pdbs := make([]*PDB, len(groups))
	errs := make([]error, len(groups))
	var wg sync.WaitGroup
	for i, g := range groups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pdbs[i], errs[i] = LoadOrBuildPDB(dir, w, g, safeLog)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return NewHeuristic(pdbs, true)
}
