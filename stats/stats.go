// Package stats summarises a puzzle corpus in one streaming pass with
// bounded memory: how many records of each kind and size, and for each
// kind and size the tiers, the Sudoku Explainer ratings, the hardest
// techniques and how often each technique is used, the givens, the
// symmetries, the HoDoKu levels, the sliding puzzles' solution lengths,
// and a uniform sample of (givens, rating) points for a scatter plot.
//
// Read builds a Stats from a JSONL corpus (or plain puzzle lines);
// WriteText prints it, WriteHTML draws a self-contained HTML report with
// SVG plots, and a Stats encodes as JSON. Memory does not grow with the
// corpus: histograms have fixed ranges, each table of names keeps at most
// Options.MaxNames names (the rest are counted together), at most MaxGroups
// kind-and-size groups are described, and the scatter sample is a
// reservoir of Options.Sample points.
//
// Records of a kind are described by variety (a variant list, Killer-X)
// only in a program that registers the kind: import
// github.com/sudogen/sudogen/killer and .../variantkind, or
// .../allkinds for every kind, usually blank (import _). Without it a
// group of the kind says so (Group.NotRegistered, the text's "note"
// line) and its varieties are counted together.
//
// In the text, every percentage is of the records of its kind-and-size
// block; the median is the usual one (the mean of the two middle values
// of an even count), the other quantiles are nearest-rank values.
package stats

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/tiers"
	"github.com/sudogen/sudogen/sudoku"
)

// Options tune Read.
type Options struct {
	// Sample is the number of (givens, rating) points kept for the
	// scatter plot of each group (0: 2000).
	Sample int
	// Seed seeds the reservoir sampling, so a report is reproducible.
	Seed uint64
	// MaxNames bounds the distinct names each table keeps (tiers,
	// techniques, symmetries, levels; 0: 1000); the rest are counted as
	// "(other)".
	MaxNames int
	// Parse, if set, reads each line instead of export.ParseLine (see
	// export.Reader.SetParser: a command's --variant).
	Parse func(file string, n int, b []byte) (export.Item, bool, error)
}

// MaxGroups bounds the kind-and-size groups described; records of further
// groups are counted in Stats.Kinds and Stats.OtherGroups only.
const MaxGroups = 64

// maxBadLines is how many bad-line messages Stats keeps.
const maxBadLines = 10

// Stats is the summary of a corpus.
// The zero value is not usable: make one with New or Read.
type Stats struct {
	Name     string   `json:"name"`
	Records  int64    `json:"records"`   // records read (bad lines not counted)
	Bad      int64    `json:"bad_lines"` // lines that are not records
	BadLines []string `json:"bad_line_messages,omitempty"`
	Kinds    *Counts  `json:"kinds"`
	// Groups describe the records of each kind, variety (a variant list)
	// and size, in the order kind (the book's: export.Kinds, then kinds
	// not registered by name), variety, size.
	Groups      []*Group `json:"groups"`
	OtherGroups int64    `json:"other_groups,omitempty"`

	opts   Options
	groups map[groupKey]*Group
	rng    *rand.Rand
}

type groupKey struct {
	kind, variety string
	size          int
}

// Group is the summary of the records of one kind, variety and size.
type Group struct {
	Kind string `json:"kind"`
	// Variety tells puzzles of one kind apart (export.VarietyOf: a
	// variant list, "x" for Killer-X); absent for the plain kind.
	Variety string `json:"variety,omitempty"`
	Size    int    `json:"size"`
	Records int64  `json:"records"`

	// NotRegistered, when set, says the group's kind is not registered
	// in the program that read it (export.NotRegistered: `kind "variant"
	// is not registered: import _ "github.com/sudogen/sudogen/variantkind"`):
	// its records were read with the fields every kind shares, and its
	// varieties (variant lists, Killer-X) are counted together.
	NotRegistered string `json:"not_registered,omitempty"`

	// Sudoku grading: records with a rating; with rating_at_least only
	// (grading cut off); graded but not finished (a variant's ladder that
	// cannot finish the puzzle: tier beyond, a hardest technique or
	// techniques, no rating); with none of these (not graded).
	Rated      int64 `json:"rated"`
	CutOff     int64 `json:"cut_off"`
	Unfinished int64 `json:"unfinished,omitempty"`
	Ungraded   int64 `json:"ungraded"`

	Tiers    *Counts `json:"tiers"`
	Hardest  *Counts `json:"hardest"`     // records per hardest technique
	Used     *Counts `json:"used"`        // records whose path uses the technique
	Steps    *Counts `json:"steps"`       // steps per technique, all records
	Symmetry *Counts `json:"symmetry"`    // Sudoku
	Levels   *Counts `json:"levels"`      // HoDoKu level
	Minimal  int64   `json:"minimal"`     // records with minimal true
	NotMin   int64   `json:"not_minimal"` // records with minimal false

	// Rating is the SE rating in tenths (rating 7.2 at 72), RatingAtLeast
	// the lower bound of cut-off records, Givens the clue counts.
	Rating        *Histogram `json:"rating_tenths"`
	RatingAtLeast *Histogram `json:"rating_at_least_tenths"`
	Givens        *Histogram `json:"givens"`
	// Slide: optimal solution lengths, and for bounded records the
	// solution lengths and lower bounds.
	Optimal    *Histogram `json:"optimal"`
	Length     *Histogram `json:"bounded_length"`
	LowerBound *Histogram `json:"bounded_lower_bound"`

	// Sample is a uniform sample of the rated records' (givens, rating).
	Sample []Point `json:"sample"`

	tierRating map[string]*mean // per tier: rating (or length), for ordering
	seen       int64            // rated records offered to the sample
}

// Point is one sampled record.
type Point struct {
	Givens int     `json:"givens"`
	Rating float64 `json:"rating"`
}

type mean struct {
	sum float64
	n   int64
}

// Read reads a corpus (JSONL records, or plain puzzle lines) from r, name
// being its name in messages, and returns its summary. Lines that are not
// records are counted (Stats.Bad) and the first few messages kept; an
// input that is not text (a NUL byte, a line over 1 MiB) or a read error
// stops it with an error. It checks ctx every few thousand lines and
// returns what it has read with ctx's error when it is done.
func Read(ctx context.Context, r io.Reader, name string, o Options) (*Stats, error) {
	s := New(name, o)
	return s, s.Read(ctx, r, name)
}

// Read adds the records of one more input, r, to s, name being its name
// in messages (a corpus of several files is read one after another, as
// one corpus); it reads as the function Read does.
func (s *Stats) Read(ctx context.Context, r io.Reader, name string) error {
	rd := export.NewReader(r, name)
	if s.opts.Parse != nil {
		rd.SetParser(s.opts.Parse)
	}
	for n := 0; ; n++ {
		if n&4095 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		it, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		var le *export.LineError
		if errors.As(err, &le) {
			s.Bad++
			if len(s.BadLines) < maxBadLines {
				s.BadLines = append(s.BadLines, le.Error())
			}
			continue
		}
		if err != nil {
			return err
		}
		rec := &it.Record
		if export.HoldsGrid(rec.Kind) {
			// (a plain line of another kind, a killer's or one read
			// with a parser, comes with its fields filled)
			gridFields(rec)
		}
		if export.HoldsTiles(rec.Kind) && rec.Size == 0 {
			rec.Size = export.SlideWidth(rec) // as the other readers take it
		}
		s.Add(rec)
	}
}

// gridFields fills what a Sudoku puzzle says and its record (a plain
// line, or a record without them) does not: the size, from the puzzle's
// length as the other readers take it, and the givens.
func gridFields(rec *export.Record) {
	if rec.Size == 0 {
		if sh, err := sudoku.ShapeForCells(len(rec.Puzzle)); err == nil {
			rec.Size = sh.N()
		}
	}
	if rec.HasGivens() {
		return
	}
	for i := 0; i < len(rec.Puzzle); i++ {
		if c := rec.Puzzle[i]; c != '.' && c != '0' {
			rec.Givens++
		}
	}
}

// New returns an empty Stats; Add records to it.
func New(name string, o Options) *Stats {
	if o.Sample <= 0 {
		o.Sample = 2000
	}
	if o.MaxNames <= 0 {
		o.MaxNames = 1000
	}
	return &Stats{Name: name, Kinds: newCounts(o.MaxNames), opts: o, groups: map[groupKey]*Group{},
		rng: rand.New(rand.NewPCG(o.Seed, 0x5d0c5eed))}
}

// Rating ranges: tenths of an SE rating (0.0-20.0), givens up to 25x25's
// cells, slide lengths up to a 24-puzzle's bounded solutions.
const (
	maxTenths = 200
	maxGivens = 625
	maxMoves  = 1000
)

func (s *Stats) group(kind, variety string, size int) *Group {
	k := groupKey{kind, variety, size}
	if g := s.groups[k]; g != nil {
		return g
	}
	if len(s.groups) >= MaxGroups {
		return nil
	}
	n := s.opts.MaxNames
	g := &Group{Kind: kind, Variety: variety, Size: size, NotRegistered: export.NotRegistered(kind),
		Tiers: newCounts(n), Hardest: newCounts(n), Used: newCounts(n), Steps: newCounts(n),
		Symmetry: newCounts(n), Levels: newCounts(n),
		Rating: newHistogram(maxTenths), RatingAtLeast: newHistogram(maxTenths), Givens: newHistogram(maxGivens),
		Optimal: newHistogram(maxMoves), Length: newHistogram(maxMoves), LowerBound: newHistogram(maxMoves),
		tierRating: map[string]*mean{}}
	s.groups[k] = g
	s.Groups = append(s.Groups, g)
	sort.SliceStable(s.Groups, func(i, j int) bool {
		a, b := s.Groups[i], s.Groups[j]
		if a.Kind != b.Kind {
			return kindBefore(a.Kind, b.Kind)
		}
		if a.Variety != b.Variety {
			return a.Variety < b.Variety // the plain kind first
		}
		return a.Size < b.Size
	})
	return g
}

// kindBefore reports whether kind a's groups come before kind b's: in the
// order a book's sections take (export.Kinds: Sudoku, sliding puzzles,
// Killer, the variants), kinds not registered after them by name.
func kindBefore(a, b string) bool {
	kinds := export.Kinds()
	ra, rb := slices.Index(kinds, a), slices.Index(kinds, b)
	if ra < 0 {
		ra = len(kinds)
	}
	if rb < 0 {
		rb = len(kinds)
	}
	if ra != rb {
		return ra < rb
	}
	return a < b
}

// Add counts one record.
func (s *Stats) Add(rec *export.Record) {
	s.Records++
	kind := rec.Kind
	if kind == "" {
		kind = export.DefaultKind
	}
	s.Kinds.Add(kind, 1)
	g := s.group(kind, export.VarietyOf(rec), rec.Size)
	if g == nil {
		s.OtherGroups++
		return
	}
	g.Records++
	if rec.Tier != "" {
		g.Tiers.Add(rec.Tier, 1)
	}
	if rec.Symmetry != "" {
		g.Symmetry.Add(rec.Symmetry, 1)
	}
	if rec.Level != "" {
		g.Levels.Add(rec.Level, 1)
	}
	if rec.Minimal != nil {
		if *rec.Minimal {
			g.Minimal++
		} else {
			g.NotMin++
		}
	}
	if rec.Givens > 0 {
		g.Givens.Add(rec.Givens)
	}
	if rec.Hardest != "" {
		g.Hardest.Add(rec.Hardest, 1)
	}
	for t, n := range rec.Techniques {
		g.Used.Add(t, 1)
		g.Steps.Add(t, int64(n))
	}
	switch {
	case export.InMoves(kind):
		switch {
		case rec.Optimal != nil:
			g.Optimal.Add(*rec.Optimal)
			g.tierValue(rec.Tier, float64(*rec.Optimal))
		case rec.Length != nil:
			g.Length.Add(*rec.Length)
			if rec.LowerBound != nil {
				g.LowerBound.Add(*rec.LowerBound)
				g.tierValue(rec.Tier, float64(*rec.LowerBound))
			}
		}
	case rec.Rating > 0:
		g.Rated++
		g.Rating.Add(tenths(rec.Rating))
		g.tierValue(rec.Tier, rec.Rating)
		if rec.Givens > 0 {
			g.sample(s, Point{rec.Givens, rec.Rating})
		}
	case rec.RatingAtLeast > 0:
		g.CutOff++
		g.RatingAtLeast.Add(tenths(rec.RatingAtLeast))
	case rec.Tier != "" || rec.Hardest != "" || len(rec.Techniques) > 0:
		// graded: a variant's ladder that cannot finish the puzzle
		// leaves no rating and tier beyond (docs/records.md)
		g.Unfinished++
	default:
		g.Ungraded++
	}
}

func tenths(r float64) int {
	if math.IsNaN(r) {
		return -1
	}
	return int(math.Round(r * 10))
}

// tierValue adds v to the mean rating (or length) of tier, which orders
// the tiers easiest first in reports.
func (g *Group) tierValue(tier string, v float64) {
	if tier == "" {
		return
	}
	m := g.tierRating[tier]
	if m == nil {
		if len(g.tierRating) >= g.Tiers.max {
			return
		}
		m = &mean{}
		g.tierRating[tier] = m
	}
	m.sum += v
	m.n++
}

// sample offers p to the group's reservoir (algorithm R: every rated
// record ends in the sample with the same probability).
func (g *Group) sample(s *Stats, p Point) {
	g.seen++
	if len(g.Sample) < s.opts.Sample {
		g.Sample = append(g.Sample, p)
		return
	}
	if j := s.rng.Int64N(g.seen); j < int64(len(g.Sample)) {
		g.Sample[j] = p
	}
}

// Graded is the number of the group's records a grader went through:
// rated, cut off or not finished.
func (g *Group) Graded() int64 { return g.Rated + g.CutOff + g.Unfinished }

// Label names the group: "sudoku 9x9", "slide 4x4", "variant x 9x9".
func (g *Group) Label() string {
	if g.Variety != "" {
		return fmt.Sprintf("%s %s %dx%d", g.Kind, g.Variety, g.Size, g.Size)
	}
	return fmt.Sprintf("%s %dx%d", g.Kind, g.Size, g.Size)
}

// TierOrder lists the group's tiers easiest first: by mean rating (Sudoku)
// or mean length (slide), tiers with none (beyond, cut off) last in the
// built-in order, then by name.
func (g *Group) TierOrder() []string {
	names := g.Tiers.Names()
	rank := func(t string) int {
		for i, n := range tiers.Order {
			if n == t {
				return i
			}
		}
		return len(tiers.Order)
	}
	sort.SliceStable(names, func(i, j int) bool {
		a, b := g.tierRating[names[i]], g.tierRating[names[j]]
		switch {
		case a != nil && b != nil:
			ma, mb := a.sum/float64(a.n), b.sum/float64(b.n)
			if ma != mb {
				return ma < mb
			}
		case a != nil:
			return true
		case b != nil:
			return false
		}
		if ra, rb := rank(names[i]), rank(names[j]); ra != rb {
			return ra < rb
		}
		return names[i] < names[j]
	})
	return names
}

// Counts counts records by name, keeping at most a fixed number of names:
// later names are counted in Other.
type Counts struct {
	m     map[string]int64
	Other int64
	max   int
}

func newCounts(max int) *Counts { return &Counts{m: map[string]int64{}, max: max} }

// Add adds n to name's count.
func (c *Counts) Add(name string, n int64) {
	if _, ok := c.m[name]; !ok && len(c.m) >= c.max {
		c.Other += n
		return
	}
	c.m[name] += n
}

// Total is the sum of the counts, Other included.
func (c *Counts) Total() int64 {
	t := c.Other
	for _, n := range c.m {
		t += n
	}
	return t
}

// Get returns name's count.
func (c *Counts) Get(name string) int64 { return c.m[name] }

// Len is the number of names.
func (c *Counts) Len() int { return len(c.m) }

// Names lists the names, most counted first, then by name.
func (c *Counts) Names() []string {
	out := make([]string, 0, len(c.m))
	for k := range c.m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if c.m[out[i]] != c.m[out[j]] {
			return c.m[out[i]] > c.m[out[j]]
		}
		return out[i] < out[j]
	})
	return out
}

// MarshalJSON writes the counts as an object (names sorted), with
// "(other)" for the names not kept.
func (c *Counts) MarshalJSON() ([]byte, error) {
	names := make([]string, 0, len(c.m))
	for k := range c.m {
		names = append(names, k)
	}
	sort.Strings(names)
	b := []byte{'{'}
	for i, k := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, k)
		b = append(b, ':')
		b = strconv.AppendInt(b, c.m[k], 10)
	}
	if c.Other > 0 {
		if len(names) > 0 {
			b = append(b, ',')
		}
		b = append(b, `"(other)":`...)
		b = strconv.AppendInt(b, c.Other, 10)
	}
	return append(b, '}'), nil
}

// Histogram counts whole values from 0 to a fixed maximum; others are
// counted in Out.
type Histogram struct {
	N   []int64 `json:"counts"` // N[v]: how many had value v
	Out int64   `json:"out_of_range,omitempty"`
	n   int64
	sum float64
}

func newHistogram(max int) *Histogram { return &Histogram{N: make([]int64, max+1)} }

// Add counts value v.
func (h *Histogram) Add(v int) {
	if v < 0 || v >= len(h.N) {
		h.Out++
		return
	}
	h.N[v]++
	h.n++
	h.sum += float64(v)
}

// Count is the number of values counted in range.
func (h *Histogram) Count() int64 { return h.n }

// Mean is the mean value (0 when empty).
func (h *Histogram) Mean() float64 {
	if h.n == 0 {
		return 0
	}
	return h.sum / float64(h.n)
}

// Range returns the smallest and largest values counted (0, -1 when
// empty).
func (h *Histogram) Range() (lo, hi int) {
	lo, hi = 0, -1
	for v, n := range h.N {
		if n > 0 {
			if hi < 0 {
				lo = v
			}
			hi = v
		}
	}
	return lo, hi
}

// Quantile returns the smallest value v with at least q of the values at
// or below it (the nearest-rank quantile: a value counted, as a
// histogram of whole values gives; see Median for the median).
func (h *Histogram) Quantile(q float64) int {
	need := int64(math.Ceil(q * float64(h.n)))
	if need < 1 {
		need = 1
	}
	return h.nth(need - 1)
}

// Median is the usual median: the middle value of the values counted,
// or the mean of the two middle ones when their number is even (0 when
// empty).
func (h *Histogram) Median() float64 {
	if h.n == 0 {
		return 0
	}
	lo := h.nth((h.n - 1) / 2)
	if h.n%2 == 1 {
		return float64(lo)
	}
	return (float64(lo) + float64(h.nth(h.n/2))) / 2
}

// nth is the value of rank i (from 0) of the values counted in order.
func (h *Histogram) nth(i int64) int {
	var acc int64
	for v, n := range h.N {
		acc += n
		if acc > i {
			return v
		}
	}
	return len(h.N) - 1
}
