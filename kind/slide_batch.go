package kind

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/tiers"
	"github.com/sudogen/sudogen/slide"
)

// BatchFlags defines the slide solver's flags on `sudogen batch`
// (SlideSolverFlags).
func (*Slide) BatchFlags(fs *pflag.FlagSet) []string {
	SlideSolverFlags(fs)
	return nil
}

// SlideSolverFlags defines the flags of the sliding-puzzle solver, which
// batch --kind slide and solve --kind slide share: --exact, --cache-dir,
// --no-cache (read by SlideSolverOptions).
func SlideSolverFlags(fs *pflag.FlagSet) {
	fs.Bool("exact", false, "slide 5x5: search for the optimal solution (can take hours per board); default is a bounded-suboptimal search with a proven lower bound")
	fs.String("cache-dir", "", "slide: folder of the cached pattern databases (default: $SUDOGEN_CACHE_DIR or the user cache folder + /sudogen)")
	fs.Bool("no-cache", false, "slide: build pattern databases in memory, do not read or write the cache")
}

// SlideSolverOptions reads the flags SlideSolverFlags defined.
func SlideSolverOptions(fs *pflag.FlagSet) slide.Options {
	return slide.Options{CacheDir: FlagValue(fs, "cache-dir"), NoCache: FlagBool(fs, "no-cache"), Exact: FlagBool(fs, "exact")}
}

// BatchKind is the slide's part of --kind's help.
func (*Slide) BatchKind() string { return "sliding-tile puzzle, --size 3, 4 or 5" }

// BatchRun is `sudogen batch --kind slide`: boards of --size (default 4)
// in --tier of the slide tier table, solved optimally (bounded on 5x5
// without --exact), the solver's tables loaded or built before the run.
func (s *Slide) BatchRun(in BatchInput) (*BatchRun, error) {
	fs := in.Flags
	if in.Exclude != nil {
		return nil, errors.New("--exclude works with sudoku runs only, not --kind slide")
	}
	if FlagValue(fs, "box") != "" {
		return nil, errors.New("--box is for sudoku; slide boards take --size 3, 4 or 5")
	}
	for _, name := range []string{"profile", "no-grade"} {
		if FlagChanged(fs, name) {
			return nil, fmt.Errorf("--%s is for the graded kinds: a slide board is not graded, its optimal length (solved for every board) is its difficulty", name)
		}
	}
	w := 4
	if FlagChanged(fs, "size") {
		w = int(FlagInt(fs, "size"))
		if err := slide.CheckWidth(w); err != nil {
			return nil, fmt.Errorf("--size: %v", err)
		}
	}
	table, err := generate.LoadSlideTiers(FlagValue(fs, "tiers"))
	if err != nil {
		return nil, fmt.Errorf("--tiers: %v", err)
	}
	tier := FlagValue(fs, "tier")
	so := batch.SlideOptions{
		Generate: generate.SlideOptions{Size: w, Tier: tier, Tiers: table},
		Solver:   SlideSolverOptions(fs),
	}
	// One maker now: bad options fail before any output is created; the
	// tables are loaded or built once (Prepare), with a note on stderr.
	so.Solver.Logf = in.Logf
	if so.Solver.Logf == nil {
		so.Solver.Logf = func(string, ...any) {}
	}
	if in.Ctx != nil {
		so.Solver.Cancel = in.Ctx.Done()
	}
	if _, err := batch.NewSlideMaker(so); err != nil {
		return nil, err
	}
	stats := &slideStats{tiers: map[string]int{}}
	name := fmt.Sprintf("slide %dx%d", w, w)
	return &BatchRun{
		Size:        w,
		Name:        name,
		Shape:       name,
		Options:     so,
		Accept:      batch.SlideAccept,
		MaxAttempts: slideAttempts(FlagInt(fs, "count")),
		Prepare: func(context.Context) error {
			sv, err := slide.NewSolver(w, so.Solver)
			if err != nil {
				return err
			}
			return sv.Prepare()
		},
		Title:     "Sliding Puzzles",
		Sinks:     []batch.Sink{stats},
		Summary:   func(out io.Writer, sum BatchSummary) { stats.summary(out, sum, w, tier) },
		ShardLine: true,
	}, nil
}

// slideAttempts bounds the boards tried for count accepted ones: 20 per
// board and 10,000 more, saturating instead of overflowing.
func slideAttempts(count int64) int64 {
	if count > (math.MaxInt64-10000)/20 {
		return math.MaxInt64
	}
	return count*20 + 10000
}

// slideStats is a Sink that counts lengths and tiers of the accepted
// records for the summary.
type slideStats struct {
	n, min, max, sum int
	tiers            map[string]int
	optimal          int
}

// Write counts rec.
func (s *slideStats) Write(rec *export.Record) error {
	l := len(rec.Solution)
	if s.n == 0 || l < s.min {
		s.min = l
	}
	if l > s.max {
		s.max = l
	}
	s.n++
	s.sum += l
	s.tiers[rec.Tier]++
	if rec.Optimal != nil {
		s.optimal++
	}
	return nil
}

// Close does nothing: the counts stay for the summary.
func (s *slideStats) Close() error { return nil }

// summary is a slide run's summary line: what was made, how fast, the
// solution lengths and the tiers.
func (s *slideStats) summary(out io.Writer, sum BatchSummary, w int, tier string) {
	st := sum.Stats
	head := "made " + numfmt.Int(st.Accepted)
	if st.Interrupted {
		stop := sum.Stop
		if stop == "" {
			stop = "interrupted"
		}
		head = fmt.Sprintf("%s: kept %s of %s", stop, numfmt.Int(st.Accepted), numfmt.Int(sum.Count))
	}
	if st.Accepted == 0 {
		// nothing to measure: no rate, lengths or tiers of no board
		fmt.Fprintf(out, "%s slide %dx%d (tier %s) in %s, seed %d; nothing written\n",
			head, w, w, tier, st.Elapsed.Round(time.Millisecond), sum.Seed)
		return
	}
	mean := 0.0
	if s.n > 0 {
		mean = float64(s.sum) / float64(s.n)
	}
	what := "optimal length"
	if s.optimal < s.n {
		what = fmt.Sprintf("solution length (%s of %s proven optimal)", numfmt.Int(s.optimal), numfmt.Int(s.n))
	}
	fmt.Fprintf(out, "%s slide %dx%d (tier %s) in %s (%s), seed %d; %s min %d mean %.1f max %d; tiers %s; %s dropped; written to %s\n",
		head, w, w, tier, st.Elapsed.Round(time.Millisecond), numfmt.Rate(st.Rate()), sum.Seed,
		what, s.min, mean, s.max, tierCounts(s.tiers), numfmt.Count(st.Duplicates, "duplicate"), sum.Where)
}

// tierCounts is "easy 3, hard 2, none 1": the built-in tiers in their
// order, then the names of a --tiers table's own tiers in alphabetical
// order, then the boards in no tier.
func tierCounts(m map[string]int) string {
	names := slices.Clone(tiers.Order)
	var own []string
	for t := range m {
		if t != "" && !slices.Contains(tiers.Order, t) {
			own = append(own, t)
		}
	}
	slices.Sort(own)
	var parts []string
	for _, t := range append(append(names, own...), "") {
		if m[t] > 0 {
			name := t
			if name == "" {
				name = "none"
			}
			parts = append(parts, name+" "+numfmt.Int(m[t]))
		}
	}
	return strings.Join(parts, ", ")
}
