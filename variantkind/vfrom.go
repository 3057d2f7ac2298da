package variantkind

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// A variant run with --from climbs from known puzzles of its variant as
// classic Sudoku's does (generate.Vicinity): index i starts from seed i
// mod the number of seeds, makes {-n+m} neighbours on the variant's board
// (variant.Solver lists the solutions after a removal and proves each
// neighbour unique; unless --minimal=false each neighbour is minimized),
// grades them with the run's grader and delivers the first (with --climb
// the best) that the run keeps. The search itself is generate.Walk's.

// fromSeeds are the start puzzles of `batch --variant LIST --from FILE`.
type fromSeeds struct {
	path    string
	puzzles []*Puzzle // parsed, each on its own geometry (jigsaw regions)
	sols    [][]uint8
	// set is the run's excluded set: the seeds' keys are added to it
	// when the first maker is made (addKeys), after the command loaded
	// the file into it (kind.FromFile; sudogen's batch command reads
	// the file's plain lines as the run's variant there too), so that
	// no seed is output whatever the caller's load read.
	set  *batch.CanonSet
	once sync.Once
	err  error
}

// Len is the number of seeds.
func (s *fromSeeds) Len() int { return len(s.puzzles) }

// addKeys adds every seed's canonical key to the excluded set, once.
func (s *fromSeeds) addKeys() error {
	s.once.Do(func() {
		if s.set == nil {
			return
		}
		for _, p := range s.puzzles {
			key, err := canonical(p.Geometry, p.Cells)
			if err != nil {
				s.err = err
				return
			}
			s.set.Add(key)
		}
	})
	return s.err
}

// readFromSeeds reads the seeds of a run of variant list at side size
// from path: variant records of that list, the list's plain puzzle lines
// (jigsaw: PUZZLE REGIONS) and its canonical keys ("x:..." as canon
// writes them; not Samurai's, which are no board). Every seed must have
// exactly one solution. The first line that is none of these, of another
// kind or variant or board, stops the read with one line naming file and
// line.
func readFromSeeds(path string, list []string, size int) (*fromSeeds, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--from: cannot read %s: %s", path, outfile.Reason(err))
	}
	defer f.Close()
	s := &fromSeeds{path: path}
	names := strings.Join(list, ",")
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for n := 1; sc.Scan(); n++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 || b[0] == '#' {
			continue
		}
		bad := func(msg string) error { return &export.LineError{File: path, Line: n, Msg: msg} }
		rec, err := seedRecord(path, n, b, list)
		if err != nil {
			return nil, err
		}
		if rec.Kind != Name {
			return nil, bad(fmt.Sprintf("a %s record; --from of a --variant %s run reads variant %s records, puzzle lines and keys", kindName(rec.Kind), names, names))
		}
		if vs := FieldsOf(&rec).Variants; !slices.Equal(vs, list) {
			return nil, bad(fmt.Sprintf("a puzzle of variant %s; this run makes %s", strings.Join(vs, ","), names))
		}
		p, err := parse(&rec)
		if err != nil {
			return nil, bad(err.Error())
		}
		if !IsSamurai(list) && p.Geometry.N() != size {
			return nil, bad(fmt.Sprintf("a %dx%d puzzle; this run makes %dx%d (--size)", p.Geometry.N(), p.Geometry.N(), size, size))
		}
		sol := make([]uint8, len(p.Cells))
		switch variant.NewSolver(p.Geometry).Solve(p.Cells, sol) {
		case 0:
			return nil, bad("the puzzle has no solution; a seed needs exactly one")
		case 2:
			return nil, bad("the puzzle has several solutions; a seed needs exactly one")
		}
		s.puzzles, s.sols = append(s.puzzles, p), append(s.sols, sol)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("--from: cannot read %s: %v", path, err)
	}
	if s.Len() == 0 {
		return nil, fmt.Errorf("--from %s: no puzzle to start from", path)
	}
	return s, nil
}

// kindName names a record's kind in messages.
func kindName(k string) string {
	if k == "" {
		return export.KindSudoku
	}
	return k
}

// seedRecord reads line n (trimmed, not blank) of a --from file as a
// record: a JSONL record as it is, a key or a plain line as a puzzle of
// list.
func seedRecord(path string, n int, b []byte, list []string) (export.Record, error) {
	if b[0] == '{' {
		it, _, err := export.ParseLine(path, n, b)
		return it.Record, err
	}
	names := strings.Join(list, ",")
	f := &Fields{Variants: list}
	rec := export.Record{Kind: Name, Unseeded: true, Fields: f}
	if rest, ok := strings.CutPrefix(string(b), names+":"); ok {
		if IsSamurai(list) {
			return rec, &export.LineError{File: path, Line: n, Msg: "a Samurai canonical key is no board; give the record or the board's line"}
		}
		if slices.Contains(list, variant.Jigsaw) {
			regions, puzzle, ok := strings.Cut(rest, ":")
			if !ok {
				return rec, &export.LineError{File: path, Line: n, Msg: "a jigsaw key without its regions: expected jigsaw:REGIONS:PUZZLE"}
			}
			f.Regions, rest = regions, puzzle
		}
		rec.Puzzle = rest
		return rec, nil
	}
	fs := strings.Fields(string(b))
	rec.Puzzle = fs[0]
	if slices.Contains(list, variant.Jigsaw) {
		if len(fs) < 2 {
			return rec, &export.LineError{File: path, Line: n, Msg: "--variant jigsaw: expected PUZZLE REGIONS (the regions string after the puzzle)"}
		}
		f.Regions = fs[1]
	}
	return rec, nil
}

// variantBoard is a variant board as generate.Walk moves on it.
type variantBoard struct {
	g     *variant.Geometry
	s     *variant.Solver
	order []int
}

func (b *variantBoard) Cells() int  { return b.g.Cells() }
func (b *variantBoard) Digits() int { return b.g.N() }
func (b *variantBoard) Solutions(puzzle []uint8, max int, fn func([]uint8)) int {
	return b.s.Solutions(puzzle, max, fn)
}
func (b *variantBoard) Describe(puzzle []uint8) string { return Format(b.g, puzzle) }

// Finish minimizes puzzle (each given in an order drawn from rng, removed
// while the variant solver finds one solution) or checks that it is
// minimal (variant.IsMinimal).
func (b *variantBoard) Finish(puzzle, _ []uint8, minimize bool, rng *rand.Rand, canceled func() bool) (bool, error) {
	if !minimize {
		return variant.IsMinimal(b.s, puzzle), nil
	}
	b.order = b.order[:0]
	for c, x := range puzzle {
		if x != 0 {
			b.order = append(b.order, c)
		}
	}
	rng.Shuffle(len(b.order), func(i, j int) { b.order[i], b.order[j] = b.order[j], b.order[i] })
	for _, c := range b.order {
		if canceled() {
			return false, generate.ErrCanceled
		}
		x := puzzle[c]
		puzzle[c] = 0
		if b.s.Count(puzzle, 2) != 1 {
			puzzle[c] = x
		}
	}
	return true, nil
}

// fromSearch is a maker's state for --from: a walk per board (one, but
// a jigsaw seed's own regions make its own) and the seeds' scores.
type fromSearch struct {
	seeds *fromSeeds
	vo    generate.VicinityOptions
	walks map[*variant.Geometry]*generate.Walk
	score map[int]float64
	max   float64 // the band's top rating (+Inf: none)
}

// walk returns the walk on g.
func (f *fromSearch) walk(g *variant.Geometry) (*generate.Walk, error) {
	if w, ok := f.walks[g]; ok {
		return w, nil
	}
	w, err := generate.NewWalk(&variantBoard{g: g, s: variant.NewSolver(g)}, f.vo)
	if err != nil {
		return nil, err
	}
	if f.walks == nil {
		f.walks = map[*variant.Geometry]*generate.Walk{}
	}
	f.walks[g] = w
	return w, nil
}

// fromRater is the generate.CellRater of a search: each neighbour graded
// by the maker's grader, the maker's verdict the hit, score the climb's
// direction. hit is the record of the first hit with the highest score.
type fromRater struct {
	m        *maker
	g        *variant.Geometry
	index    int64
	tally    bool
	hit      export.Record
	hitScore float64
	hits     int
}

func (r *fromRater) Rate(q generate.WalkPuzzle) (float64, bool, error) {
	givens := 0
	for _, x := range q.Puzzle {
		if x != 0 {
			givens++
		}
	}
	p := variant.Puzzle{Geometry: r.g, Puzzle: q.Puzzle, Solution: q.Solution, Givens: givens, Minimal: q.Minimal, Symmetry: "none"}
	rec := baseRecord(p, r.m.seed, r.index)
	if err := r.m.grader.Grade(&Puzzle{Geometry: r.g, Cells: q.Puzzle}, rec.Solution, &rec); err != nil {
		return 0, false, fmt.Errorf("grading %s: %w", rec.Puzzle, err)
	}
	score := r.m.from.scoreOf(&rec, r.m.tech)
	if !r.tally {
		return score, false, nil
	}
	ok := r.m.tally(&rec)
	if ok && (r.hits == 0 || score > r.hitScore) {
		// (The record's puzzle and solution are strings: q's slices
		// may be reused.)
		r.hit, r.hitScore = rec, score
	}
	if ok {
		r.hits++
	}
	return score, ok, nil
}

// scoreOf orders the puzzles of a climb as classic's does
// (batch.TargetPlan): the SE rating, less when the ladder stopped above
// the band (the higher the step, the lower), plus 10 for each technique
// asked for that the path uses; 0 when the ladder did not finish.
func (f *fromSearch) scoreOf(rec *export.Record, t techTarget) float64 {
	switch {
	case rec.RatingAtLeast > 0:
		return 2*f.max - rec.RatingAtLeast
	case rec.Rating <= 0:
		return 0
	}
	s := rec.Rating
	for _, id := range t.Requires {
		if rec.Techniques[id] > 0 {
			s += 10
		}
	}
	if t.Hardest != "" && rec.Hardest == t.Hardest {
		s += 10
	}
	return s
}

// search makes the record of index by a vicinity search from seed index
// mod the seeds; a search that ends without a kept puzzle is a
// batch.Rejection (vicinity searches that found nothing).
func (m *maker) search(index int64, rng *rand.Rand) (export.Record, error) {
	f := m.from
	if err := f.seeds.addKeys(); err != nil {
		return export.Record{}, err
	}
	k := int(index % int64(f.seeds.Len()))
	p := f.seeds.puzzles[k]
	w, err := f.walk(p.Geometry)
	if err != nil {
		return export.Record{}, err
	}
	start := generate.WalkPuzzle{Puzzle: p.Cells, Solution: f.seeds.sols[k]}
	best, ok := f.score[k]
	if !ok {
		// The seed is rated for its score only (never delivered), once
		// per maker and not tallied: which worker rates it first depends
		// on the scheduling.
		if best, _, err = (&fromRater{m: m, g: p.Geometry, index: index}).Rate(start); err != nil {
			return export.Record{}, err
		}
		if f.score == nil {
			f.score = map[int]float64{}
		}
		f.score[k] = best
	}
	r := &fromRater{m: m, g: p.Geometry, index: index, tally: true}
	_, res, err := w.Search(start, best, rng, r)
	if err != nil {
		return export.Record{}, err
	}
	m.work.Moves += int64(res.Moves)
	if !res.Found {
		m.work.Dropped[batch.ReasonSearch]++
		return export.Record{}, &batch.Rejection{Reason: batch.ReasonSearch}
	}
	rec := r.hit
	hp, err := parse(&rec)
	if err != nil {
		return rec, err
	}
	if rec.Canonical, err = canonical(hp.Geometry, hp.Cells); err != nil {
		return rec, err
	}
	return rec, nil
}

// errFromTarget is returned for --from without anything to look for.
var errFromTarget = errors.New("--from starts vicinity searches, which need something to look for: give --tier, --requires or --hardest")

// fromFlags checks --from and the vicinity search's flags of a variant
// run with symmetry sym (--symmetry) and returns --from's file ("" when
// not given): the search's flags go on with --from (a variant run has no
// random starts), and --start and --climb-score, classic Sudoku's, are
// refused with why.
func fromFlags(fs *pflag.FlagSet, sym string) (string, error) {
	from := kind.FlagValue(fs, "from")
	if kind.FlagChanged(fs, "start") {
		return "", fmt.Errorf("--start %s draws classic 9x9 starts: a variant search starts from the puzzles of --from", kind.FlagValue(fs, "start"))
	}
	if kind.FlagChanged(fs, "climb-score") {
		return "", fmt.Errorf("--climb-score %s was measured on classic puzzles only (docs/generate.md): a variant search climbs the rating", kind.FlagValue(fs, "climb-score"))
	}
	climb, plateau := kind.FlagInt(fs, "climb"), kind.FlagInt(fs, "plateau")
	if from == "" {
		for _, name := range []string{"vicinity", "climb", "plateau"} {
			if kind.FlagChanged(fs, name) {
				return "", fmt.Errorf("--%s goes on with a vicinity search, which a variant run makes from known puzzles: give --from FILE", name)
			}
		}
		return "", nil
	}
	if plateau > 0 && climb == 0 {
		return "", errors.New("--plateau goes on with a climb: give --climb N")
	}
	if sym != "" && sym != "none" {
		return "", errors.New("the vicinity search of --from adds and removes single givens: it makes no --symmetry; drop it (or --from)")
	}
	if _, _, err := batch.ParseMoves(kind.FlagValue(fs, "vicinity")); err != nil {
		return "", err
	}
	return from, nil
}

// fromSetup reads the seeds of --from into o (list at side size) with
// the search's moves, and adds the file to the corpora the run excludes
// (kind.FromFile), as classic's --from does: the seeds and their
// isomorphs are never output.
func fromSetup(in kind.BatchInput, o *Options, list []string, size int, from string) error {
	fs := in.Flags
	set, err := kind.FromFile(in, from)
	if err != nil {
		return err
	}
	seeds, err := readFromSeeds(from, list, size)
	if err != nil {
		return kind.Failure(err)
	}
	seeds.set = set
	n, m, _ := batch.ParseMoves(kind.FlagValue(fs, "vicinity"))
	o.From = seeds
	o.Vicinity = generate.VicinityOptions{Remove: n, Add: m, Climb: int(kind.FlagInt(fs, "climb")), Plateau: int(kind.FlagInt(fs, "plateau"))}
	return nil
}

// writeFromSearch says what the searches of --from did, as classic's
// summary does: searches, puzzles found, moves tried, and the seeds.
func writeFromSearch(w io.Writer, st *batch.Stats, seeds *fromSeeds, moves string) {
	if !st.Work.Any() {
		return
	}
	fmt.Fprintf(w, "vicinity search: %d searches, %d found; %d {%s} moves tried, starting from the %d puzzles of %s\n",
		st.Attempts, st.Made(), st.Work.Moves, moves, seeds.Len(), seeds.path)
}
