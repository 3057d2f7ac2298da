// Package variantkind is the Sudoku variants (package variant) as a
// registered puzzle kind: records of kind "variant" carry their variant
// list (and jigsaw regions) in fields of their own, parse and validate
// under the variant's geometry, solve and count with the variant's exact
// solver, key canonically under the variant's symmetry group, generate
// from (seed, index) with variant.Generator and grade with the SE ladder
// run on the variant's houses and sees relation (grade's layouts).
//
// Why a kind of its own and not "kind":"sudoku" with a variant list: a
// reader that knows only classic Sudoku (an older sudogen, the shared
// checker, a spreadsheet) would take an X-Sudoku record of kind "sudoku"
// for a classic puzzle with many solutions, or draw it without its
// diagonals. Kind "variant" is refused or skipped by such readers instead
// (docs/records.md).
package variantkind

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
)

// Name is the "kind" of variant records.
const Name = "variant"

// HoDoKuNote is the "hodoku" field of a graded variant record: HoDoKu's
// profile rates classic Sudoku only, so a variant record has no HoDoKu
// level or score.
const HoDoKuNote = "classic-only"

func init() { kind.MustRegister(Kind{}) }

// Kind is the variant kind.
type Kind struct{}

// Name is "variant".
func (Kind) Name() string { return Name }

// Export is what export needs of variant records: no cells it could draw
// as a classic grid (so classic writers never show a variant as classic),
// rated on the SE scale, checked by Check, fields by the codec.
func (Kind) Export() export.RecordKind {
	return export.RecordKind{
		Name:    Name,
		Order:   2,
		Cells:   export.NoCells,
		Rated:   true,
		Check:   check,
		Fields:  export.FieldsCodec{Keys: []string{"variants", "regions", "hodoku"}, Decode: decodeFields},
		Grading: &grading,
		Play:    playBoard,
		Hints:   playHints,
		// The page's title names variant puzzles "Sudoku Variants" (the
		// book's title for them), not Sudoku.
		PlayTitle: func(*export.Record) string { return "variant" },
		Line:      recordLine,
		// Variety: the variant list, which stats keeps apart.
		Variety: func(r *export.Record) string {
			if f := FieldsOf(r); f != nil {
				return strings.Join(f.Variants, ",")
			}
			return ""
		},
		// The key "canonical" holds (Record): batch --resume checks kept
		// records with it, merge --check-canonical recomputes it.
		Canonical: func(r *export.Record) (string, error) {
			p, err := parse(r)
			if err != nil {
				return "", err
			}
			return canonical(p.Geometry, p.Cells)
		},
	}
}

// recordLine is a variant record's puzzle on one text line (the txt
// format's line, csv's puzzle column): its "puzzle", and for jigsaw a
// space and its regions, the PUZZLE REGIONS line the per-line commands
// read with --variant jigsaw (the cells alone lose the board).
func recordLine(dst []byte, r *export.Record) ([]byte, error) {
	if r.Puzzle == "" {
		return dst, fmt.Errorf("variant record without a puzzle")
	}
	dst = append(dst, r.Puzzle...)
	if f := FieldsOf(r); f != nil && f.Regions != "" {
		dst = append(append(dst, ' '), f.Regions...)
	}
	return dst, nil
}

// Fields are a variant record's own fields.
type Fields struct {
	// Variants is the sorted variant list ("variants").
	Variants []string
	// Regions is the jigsaw regions string ("regions"), "" otherwise.
	Regions string
	// HoDoKu is "classic-only" on graded records ("hodoku").
	HoDoKu string
}

// AppendJSON writes "variants", "regions" and "hodoku" (empty ones left out).
func (f *Fields) AppendJSON(dst []byte) []byte {
	if len(f.Variants) > 0 {
		dst = append(dst, `,"variants":[`...)
		for i, v := range f.Variants {
			if i > 0 {
				dst = append(dst, ',')
			}
			b, _ := json.Marshal(v)
			dst = append(dst, b...)
		}
		dst = append(dst, ']')
	}
	if f.Regions != "" {
		b, _ := json.Marshal(f.Regions)
		dst = append(append(dst, `,"regions":`...), b...)
	}
	if f.HoDoKu != "" {
		b, _ := json.Marshal(f.HoDoKu)
		dst = append(append(dst, `,"hodoku":`...), b...)
	}
	return dst
}

func decodeFields(values map[string]json.RawMessage) (export.Fields, error) {
	f := &Fields{}
	if raw, ok := values["variants"]; ok {
		if err := json.Unmarshal(raw, &f.Variants); err != nil {
			return nil, fmt.Errorf(`"variants": expected an array of variant names`)
		}
	}
	if raw, ok := values["regions"]; ok {
		if err := json.Unmarshal(raw, &f.Regions); err != nil {
			return nil, fmt.Errorf(`"regions": expected a string`)
		}
	}
	if raw, ok := values["hodoku"]; ok {
		if err := json.Unmarshal(raw, &f.HoDoKu); err != nil || f.HoDoKu != HoDoKuNote {
			return nil, fmt.Errorf(`"hodoku": expected %q`, HoDoKuNote)
		}
	}
	return f, nil
}

// ClearGrading empties the grading note "hodoku" (export.GradingClearer).
func (f *Fields) ClearGrading() { f.HoDoKu = "" }

// FieldsOf returns rec's variant fields (nil if it has none).
func FieldsOf(rec *export.Record) *Fields {
	f, _ := rec.Fields.(*Fields)
	return f
}

// Puzzle is a parsed variant puzzle.
type Puzzle struct {
	// Geometry is the puzzle's board (its own regions for jigsaw).
	Geometry *variant.Geometry
	// Cells are the frame cells, 0 empty.
	Cells []uint8
}

// Spec is what a geometry is built from: the variant list, the side and
// (jigsaw) the regions.
func (p *Puzzle) Spec() variant.Spec {
	return variant.Spec{Size: p.Geometry.N(), Variants: p.Geometry.Variants, Regions: p.Geometry.Regions}
}

// IsSamurai reports whether the variant list is the Samurai board.
func IsSamurai(variants []string) bool {
	return len(variants) == 1 && variants[0] == variant.SamuraiName
}

// Geometry builds the geometry a record's fields describe.
func Geometry(variants []string, size int, regions string) (*variant.Geometry, error) {
	if len(variants) == 0 {
		return nil, errors.New(`variant record has no "variants"`)
	}
	if !sort.StringsAreSorted(variants) {
		return nil, fmt.Errorf(`"variants" %q: expected a sorted list`, strings.Join(variants, ","))
	}
	if IsSamurai(variants) {
		if size != 0 && size != 9 {
			return nil, fmt.Errorf("samurai: size %d, expected 9", size)
		}
		if regions != "" {
			return nil, errors.New(`samurai: "regions" given`)
		}
		return samurai(), nil
	}
	if regions != "" {
		return variant.Build(variant.Spec{Size: size, Variants: variants, Regions: regions})
	}
	// A board without regions is the same for every record of its size and
	// variant list: built once (a geometry is not modified once built, and
	// the readers of a corpus would otherwise build one per record, about
	// 85 microseconds an X record: docs/cli.md). The keys are finite: the
	// sizes and the combinations of the variant names.
	key := strconv.Itoa(size) + ":" + strings.Join(variants, ",")
	if g, ok := geometries.Load(key); ok {
		return g.(*variant.Geometry), nil
	}
	g, err := variant.Build(variant.Spec{Size: size, Variants: variants})
	if err != nil {
		return nil, err
	}
	g2, _ := geometries.LoadOrStore(key, g)
	return g2.(*variant.Geometry), nil
}

// geometries holds the boards without regions built so far, by size and
// variant list ("9:anti-knight,x").
var geometries sync.Map

var samurai = sync.OnceValue(variant.Samurai)

// Parse reads and validates a variant record's puzzle: the geometry from
// "variants", "size", "regions"; "box", if given, must be the geometry's;
// the puzzle string one symbol per frame cell ('.' or '0' empty, '#' on
// the unused cells of a Samurai board and only there); no constraint
// broken by the givens.
func (Kind) Parse(rec *export.Record) (kind.Puzzle, error) {
	p, err := parse(rec)
	if err != nil {
		return nil, err
	}
	if rec.Size == 0 {
		// A plain line: the frame fields it lacks, so that a line
		// written without grading (grade's "no solution" and
		// "multiple solutions") is a whole record too.
		fillPuzzle(rec, p)
	}
	return p, nil
}

// boardSizes lists the sizes every one of the variants is defined on.
func boardSizes(vs []string) []int {
	var out []int
	for _, n := range variant.Sizes(vs[0]) {
		ok := true
		for _, v := range vs[1:] {
			ok = ok && slices.Contains(variant.Sizes(v), n)
		}
		if ok {
			out = append(out, n)
		}
	}
	return out
}

// cellCounts says the cell counts of boards of sizes ns ("16, 36 or 81").
func cellCounts(ns []int) string {
	var out []string
	for _, n := range ns {
		out = append(out, strconv.Itoa(n*n))
	}
	return numfmt.OrList(out)
}

func parse(rec *export.Record) (*Puzzle, error) {
	f := FieldsOf(rec)
	if f == nil {
		return nil, errors.New(`variant record has no "variants"`)
	}
	size := rec.Size
	if size == 0 && !IsSamurai(f.Variants) {
		for size*size < len(rec.Puzzle) {
			size++
		}
		if ns := boardSizes(f.Variants); !slices.Contains(ns, size) {
			// (a length short of a board's says which below)
			return nil, fmt.Errorf("length %d is not a grid: expected %s cells for %s", len(rec.Puzzle), cellCounts(ns), strings.Join(f.Variants, ","))
		}
	}
	g, err := Geometry(f.Variants, size, f.Regions)
	if err != nil {
		return nil, err
	}
	if len(rec.Box) > 0 {
		if g.BoxRows == 0 || len(rec.Box) != 2 || rec.Box[0] != g.BoxRows || rec.Box[1] != g.BoxCols {
			return nil, fmt.Errorf(`"box" %v does not match the %s board (%s)`, rec.Box, g.Name, boxText(g))
		}
	}
	cells, err := readCells(g, rec.Puzzle, true)
	if err != nil {
		return nil, fmt.Errorf("puzzle: %v", err)
	}
	if err := g.Check(cells); err != nil {
		return nil, fmt.Errorf("puzzle: %v", err)
	}
	return &Puzzle{Geometry: g, Cells: cells}, nil
}

func boxText(g *variant.Geometry) string {
	if g.BoxRows == 0 {
		return "no boxes"
	}
	return fmt.Sprintf("boxes [%d,%d]", g.BoxRows, g.BoxCols)
}

// readCells reads a puzzle (empty allowed) or solution string of g's frame.
func readCells(g *variant.Geometry, s string, empty bool) ([]uint8, error) {
	if len(s) != g.Cells() {
		return nil, fmt.Errorf("%s, expected %d (%dx%d frame)", numfmt.Count(len(s), "character"), g.Cells(), g.Rows(), g.Cols())
	}
	cells := make([]uint8, len(s))
	for i := range len(s) {
		ch := s[i]
		if !g.Used(i) {
			if ch != '#' {
				return nil, fmt.Errorf("%s: %q on an unused cell, expected '#'", g.CellName(i), ch)
			}
			continue
		}
		if ch == '.' || ch == '0' {
			if !empty {
				return nil, fmt.Errorf("%s: empty", g.CellName(i))
			}
			continue
		}
		v := strings.IndexByte(sudoku.Symbols[:g.N()], upper(ch))
		if v < 0 {
			return nil, fmt.Errorf("r%dc%d: %q, expected one of %s", i/g.Cols()+1, i%g.Cols()+1, ch, sudoku.Symbols[:g.N()])
		}
		cells[i] = uint8(v + 1)
	}
	return cells, nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// Format writes frame cells as a record string: symbols, '.' for empty,
// '#' for unused cells (and cells past the frame), '?' for a value with
// no symbol, as sudoku.Grid.String does.
func Format(g *variant.Geometry, cells []uint8) string {
	b := make([]byte, len(cells))
	for i, v := range cells {
		switch {
		case !g.Used(i):
			b[i] = '#'
		case v == 0:
			b[i] = '.'
		case int(v) > len(sudoku.Symbols):
			b[i] = '?'
		default:
			b[i] = sudoku.Symbols[v-1]
		}
	}
	return string(b)
}

// Solve counts solutions up to limit with the variant's exact solver and
// returns the first as the record writes it.
func (p *Puzzle) Solve(limit int) (int, string, error) {
	s := variant.NewSolver(p.Geometry)
	if limit < 1 {
		limit = 2
	}
	n := s.Count(p.Cells, limit)
	if n == 0 {
		return 0, "", nil
	}
	sol := make([]uint8, len(p.Cells))
	s.Solve(p.Cells, sol)
	return n, Format(p.Geometry, sol), nil
}

// Canonical is the key under the variant's symmetry group
// (variant.Canonicalizer).
func (p *Puzzle) Canonical() string {
	key, err := canonical(p.Geometry, p.Cells)
	if err != nil {
		return "" // not reached: the puzzle was built on its geometry
	}
	return key
}

// FillPuzzle writes size, box, the puzzle in the record alphabet and
// givens (kind.Describer).
func (p *Puzzle) FillPuzzle(rec *export.Record) { fillPuzzle(rec, p) }

// Minimal tests each given under the variant's rules (variant.IsMinimal:
// one second-solution search a given). Not on a Samurai board (ok
// false): its 90-odd searches cost five gradings (docs/records.md).
func (p *Puzzle) Minimal() (minimal, ok bool) {
	if IsSamurai(p.Geometry.Variants) {
		return false, false
	}
	return variant.IsMinimal(variant.NewSolver(p.Geometry), p.Cells), true
}

// Symmetric checks the clue pattern under a symmetry of the frame;
// only a symmetry the geometry allows is one.
func (p *Puzzle) Symmetric(name string) bool {
	if name == "none" {
		return true
	}
	return slices.Contains(variant.AllowedSymmetries(p.Geometry), name) && variant.IsSymmetric(p.Geometry, p.Cells, name)
}

// KeyCostly is true on a Samurai board, whose key costs about half a
// grading (50 ms of 110), false elsewhere (kind.Describer).
func (p *Puzzle) KeyCostly() bool { return IsSamurai(p.Geometry.Variants) }

// canonicalizers pools the canonicalizers per variant list and side (a
// Canonicalizer is for one goroutine and costly to build).
var canonicalizers sync.Map // string -> *sync.Pool

func canonical(g *variant.Geometry, cells []uint8) (string, error) {
	key := fmt.Sprintf("%s/%d", strings.Join(g.Variants, ","), g.N())
	pv, ok := canonicalizers.Load(key)
	if !ok {
		pv, _ = canonicalizers.LoadOrStore(key, &sync.Pool{New: func() any { return variant.NewCanonicalizer(g) }})
	}
	pool := pv.(*sync.Pool)
	c := pool.Get().(*variant.Canonicalizer)
	defer pool.Put(c)
	return c.Key(g, cells)
}

// check is the export check: the record parses, its puzzle has exactly
// one solution, and its solution, if given, is a full grid under the
// geometry that agrees with every given; a missing solution is found.
func check(rec *export.Record) error {
	p, err := parse(rec)
	if err != nil {
		return err
	}
	sv := variant.NewSolver(p.Geometry)
	if n := sv.Count(p.Cells, 2); n != 1 {
		return fmt.Errorf("puzzle: %d solutions, expected exactly one", n)
	}
	if rec.Solution == "" {
		// A missing solution is found, as export's check does for a
		// Sudoku record (a plain line read with --variant has none).
		sol := make([]uint8, len(p.Cells))
		sv.Solve(p.Cells, sol)
		rec.Solution = Format(p.Geometry, sol)
		return nil
	}
	sol, err := readCells(p.Geometry, rec.Solution, false)
	if err != nil {
		return fmt.Errorf("solution: %v", err)
	}
	if err := p.Geometry.Check(sol); err != nil {
		return fmt.Errorf("solution: %v", err)
	}
	for i, v := range p.Cells {
		if v != 0 && sol[i] != v {
			return fmt.Errorf("solution: r%dc%d holds %d, the puzzle gives %d", i/p.Geometry.Cols()+1, i%p.Geometry.Cols()+1, sol[i], v)
		}
	}
	return nil
}

// Tiers are the built-in tier table's names (the SE bands of
// configs/tiers.yaml, then beyond).
func (Kind) Tiers(int) []string { return grade.DefaultTiers().Names() }

// Options are a variant run's own options (kind.Spec.Options).
type Options struct {
	// Spec is the geometry: side, variants, and regions ("" for jigsaw:
	// a fresh random layout per puzzle).
	Spec variant.Spec
	// Generate are the generator's options (symmetry, minimality).
	Generate variant.Options
	// Grade, when set, grades every record with it.
	Grade kind.Grader
	// Tiers, when set with Grade (a grader of this kind), are the tiers
	// the run keeps (grade.Tiers.ParseSelection; nil: every tier). Their
	// rating band targets the makers: the ladder stops once a puzzle's
	// next step would rate above the band (the puzzle is tier beyond,
	// dropped by the run's tier filter), and below forcing chains (on
	// boards with non-consecutive pairs, in every band but beyond) the dig
	// is steered into the band (see steer).
	Tiers map[string]bool
	// LadderMinimal, with Tiers, lets a steered dig end on a puzzle
	// minimal for the band's ladder (variant.Options.KeepMinimal: every
	// given is needed by the ladder, some perhaps not for uniqueness), as
	// non-consecutive runs always do: `batch --minimal=false`. Where
	// minimal puzzles of the band are rare (x,anti-knight below extreme:
	// none in thousands of digs) it is what makes the band reachable.
	LadderMinimal bool
	// Requires and Hardest, with Grade (a grader of this kind), keep only
	// puzzles the ladder solves on a path using each technique of
	// Requires and whose hardest step is Hardest (`batch --requires`,
	// `--hardest`). They narrow the band the makers aim at to the SE
	// ratings such a path can have (techTarget.ratingRange).
	Requires []string
	Hardest  string
	// From, when set (`batch --from`), makes every puzzle by a vicinity
	// search from one of its seeds (vfrom.go) with the moves of
	// Vicinity; the run must be targeted (Tiers, Requires or Hardest)
	// and graded.
	From     *fromSeeds
	Vicinity generate.VicinityOptions
}

// tech is what o asks of a record's solve path.
func (o Options) tech() techTarget { return techTarget{Requires: o.Requires, Hardest: o.Hardest} }

// targeted reports whether a run of o keeps only some graded puzzles
// (Tiers, Requires, Hardest): its makers then aim at its band.
func (o Options) targeted() bool { return o.Tiers != nil || o.tech().any() }

// band is the rating band a run of o with grader gr aims at: the kept
// tiers' band, narrowed to the ratings the techniques asked for imply;
// with techniques, tier beyond is not kept (an unfinished path has no
// hardest step and uses no technique for sure).
func (o Options) band(gr *grader) band {
	b := gr.band(o.Tiers)
	if t := o.tech(); t.any() {
		lo, hi := t.ratingRange()
		b.min, b.max, b.beyond = math.Max(b.min, lo), math.Min(b.max, hi), false
	}
	return b
}

// ladderMinimal reports whether a steered dig of o ends minimal for the
// ladder (variant.Options.KeepMinimal): on boards with non-consecutive
// pairs (their minimal puzzles are beyond it) and with LadderMinimal,
// unless minimal puzzles are asked for (--minimal).
func (o Options) ladderMinimal() bool {
	return (variant.HasPairs(o.Spec.Variants) || o.LadderMinimal) && !o.Generate.RequireMinimal
}

// steersStrict reports whether a run of o with grader gr steers its dig
// and needs it to end minimal: where a band's minimal puzzles are out of
// the capped ladder's reach, such a run gives up, and
// LadderMinimalAdvice is what to try.
func (o Options) steersStrict(gr kind.Grader) bool {
	g, ok := gr.(*grader)
	return ok && o.targeted() && o.band(g).steer(variant.HasPairs(o.Spec.Variants)) && !o.ladderMinimal()
}

// LadderMinimalAdvice is what a strict steered run that gives up suggests.
const LadderMinimalAdvice = "--minimal=false (puzzles whose every given the tiers' ladder needs; minimal ones of the tiers may be out of reach on this board)"

// Makers makes variant records: spec.Options, an Options, says the
// geometry; without it spec can say nothing (the variant list is needed).
func (Kind) Makers(spec kind.Spec) (func(ctx context.Context) (batch.Maker, error), error) {
	o, ok := spec.Options.(Options)
	if !ok {
		return nil, fmt.Errorf("kind variant: options of type %T, expected variantkind.Options", spec.Options)
	}
	if spec.Size != 0 && o.Spec.Size == 0 {
		o.Spec.Size = spec.Size
	}
	if o.Spec.Size == 0 {
		o.Spec.Size = 9
	}
	// The spec is checked, and rules that admit no grid are said at
	// once, not after every attempt has failed.
	if gen, err := variant.NewGenerator(o.Spec, o.Generate); err != nil {
		return nil, err
	} else if err := gen.Satisfiable(); err != nil {
		return nil, err
	}
	return func(ctx context.Context) (batch.Maker, error) {
		gen, err := variant.NewGenerator(o.Spec, o.Generate)
		if err != nil {
			return nil, err
		}
		m := &maker{gen: gen, grader: o.Grade, seed: spec.Seed}
		if gr, ok := o.Grade.(*grader); ok && o.targeted() {
			b := o.band(gr)
			m.grader = &boundedGrader{gr: gr, max: b.max}
			m.targeted, m.keep, m.tech, m.below = true, o.Tiers, o.tech(), b.min
			m.filter = newBasicFilter(gr.tiers, b.min)
			if o.From != nil {
				vo := o.Vicinity
				// A search stops soon after the run does (Ctrl-C,
				// --max-time): the batch takes its error for the stop.
				vo.Minimal, vo.Cancel = !o.LadderMinimal, ctx.Done()
				m.from = &fromSearch{seeds: o.From, vo: vo, max: b.max}
				return m, nil
			}
			if b.steer(variant.HasPairs(o.Spec.Variants)) {
				vopts := o.Generate
				vopts.Keep, vopts.KeepSingles = gr.keeper(b.max), b.singles()
				// The keeper's ladder is capped at b.max: the dig asks
				// the logic closure first where that is within its
				// techniques.
				vopts.KeepLogic = b.max
				// Minimal non-consecutive puzzles (5-7 givens) are beyond
				// the SE ladder: a band of it gets puzzles minimal for
				// the ladder instead (docs/variants.md, "Non-consecutive"),
				// unless minimal puzzles are asked for (--minimal).
				vopts.KeepMinimal = o.ladderMinimal()
				// Anti-knight's steered digs mostly end far from minimal,
				// anti-king's near it: they swap givens instead of being
				// dropped, as many times as pays (variant.SwapMoves).
				vopts.KeepSwaps = variant.SwapMoves(o.Spec.Variants, o.Generate.DigOrder)
				vopts.SwapsSkipBack = variant.SwapSkipsBack(o.Spec.Variants, o.Generate.DigOrder)
				// Anti-knight's stuck digs are kicked (variant.Kicks).
				vopts.KeepKicks = variant.Kicks(o.Spec.Variants, o.Generate.DigOrder)
				if vopts.KeepSingles == variant.HiddenSingle {
					// The easy band's digs (hidden singles only) swap and
					// are kicked on their own boards (variant.HiddenSwaps).
					vopts.KeepSwaps, vopts.SwapsSkipBack, vopts.KeepKicks = variant.HiddenSwaps(o.Spec.Variants, o.Generate.DigOrder)
				}
				if m.gen, err = variant.NewGenerator(o.Spec, vopts); err != nil {
					return nil, err
				}
				m.again = m.gen.AgainPays()
				m.strict = !vopts.KeepMinimal
				if o.Generate.Symmetry == "" || o.Generate.Symmetry == "none" {
					m.hardens = variant.HardenMoves(o.Spec.Variants, o.Generate.DigOrder)
				}
			}
		}
		return m, nil
	}, nil
}

type maker struct {
	gen    *variant.Generator
	grader kind.Grader
	seed   uint64
	// targeted: the run keeps only some puzzles, keep's tiers (nil:
	// every tier) whose path meets tech; with again a puzzle the run
	// drops gets its solution dug again (Agains).
	targeted bool
	keep     map[string]bool
	tech     techTarget
	again    bool
	// strict: the dig is steered and must end minimal (a give-up then
	// says how to ask for puzzles minimal for the ladder).
	strict bool
	// hardens: how many moves (variant.Generator.Harden) a puzzle rated
	// below the band (below, its lowest rating) gets (HardenMoves).
	hardens int
	below   float64
	work    batch.Work
	// filter, when set, drops puzzles below the band ungraded; basic says
	// the last record came from it (basic.go).
	filter *basicFilter
	basic  bool
	// from, when set, makes every puzzle by a vicinity search (vfrom.go).
	from *fromSearch
}

// Make generates puzzle index from rng and fills its record.
func (m *maker) Make(index int64, rng *rand.Rand) (export.Record, error) {
	if m.from != nil {
		return m.search(index, rng)
	}
	p, err := m.gen.Generate(rng)
	if errors.Is(err, variant.ErrNoPuzzle) && m.strict {
		return export.Record{}, fmt.Errorf("%w: minimal puzzles of the kept tiers may be out of reach on this board; try %s", err, LadderMinimalAdvice)
	}
	if err != nil {
		return export.Record{}, err
	}
	for again := 0; ; again++ {
		rec, err := m.record(p, index)
		if err != nil {
			return rec, err
		}
		kept := m.tally(&rec)
		if !kept && again == 0 && m.easier(&rec) {
			hrec, ok, err := m.harden(rng, index)
			if ok || err != nil {
				return hrec, err
			}
		}
		if kept || !m.again || again == Agains {
			return rec, nil
		}
		// The run drops this puzzle: dig its solution again.
		if p, err = m.gen.Again(rng); err != nil {
			return rec, nil // dropped by the run as it is
		}
	}
}

// easier reports whether a dropped puzzle's rating is below the band (a
// move of harden may then find one in it).
func (m *maker) easier(rec *export.Record) bool {
	return m.hardens > 0 && (m.basic || rec.Rating > 0 && rec.Rating < m.below)
}

// harden walks from the last puzzle by up to m.hardens moves
// (variant.Generator.Harden), grading each puzzle a move gives, and
// returns the first the run keeps (ok).
func (m *maker) harden(rng *rand.Rand, index int64) (export.Record, bool, error) {
	for range m.hardens {
		p, ok := m.gen.Harden(rng)
		if !ok {
			continue
		}
		rec, err := m.record(p, index)
		if err != nil {
			return rec, false, err
		}
		if m.tally(&rec) {
			return rec, true, nil
		}
	}
	return export.Record{}, false, nil
}

// tally counts a graded puzzle of a targeted run in the work (the run
// keeps it or drops it, and why) and reports whether the run keeps it.
func (m *maker) tally(rec *export.Record) bool {
	if !m.targeted {
		return true
	}
	if m.basic {
		return false // counted by the pre-filter
	}
	m.work.Generated++
	m.work.Graded++
	reason, ok := m.verdict(rec)
	if !ok {
		m.dropped(reason, rec.Tier)
	}
	return ok
}

// verdict says whether a targeted run keeps a graded record, and if not
// why: with techniques asked for, stopped above the band or rated below
// it (a tier run counts these by tier), then of a tier not kept, or a
// path without the techniques.
func (m *maker) verdict(rec *export.Record) (batch.Reason, bool) {
	switch {
	case !m.tech.any():
	case rec.RatingAtLeast > 0:
		return batch.ReasonAbove, false
	case rec.Rating > 0 && rec.Rating < m.below-1e-9:
		return batch.ReasonBelow, false
	}
	if m.keep != nil && !m.keep[rec.Tier] {
		return batch.ReasonTier, false
	}
	if m.tech.any() {
		return m.tech.verdict(rec)
	}
	return 0, true
}

// dropped counts a puzzle the run drops, for reason, in tier (unless it
// was stopped above the band: its tier is not known).
func (m *maker) dropped(reason batch.Reason, tier string) {
	m.work.Dropped[reason]++
	if reason == batch.ReasonAbove {
		return
	}
	if m.work.Seen == nil {
		m.work.Seen = map[string]int64{}
	}
	m.work.Seen[tier]++
}

// TakeWork returns the tally of a targeted run's puzzles since the last
// call (batch's workers take it after each Make): every puzzle dug and
// graded, and those of a tier the run drops, whether dug again or
// returned.
func (m *maker) TakeWork() batch.Work {
	w := m.work
	m.work = batch.Work{}
	return w
}

// Agains is how many more digs of one full solution a steered run's
// maker asks for (variant.Generator.Again) while the run drops each
// puzzle (its tier is not kept), where that pays (AgainPays). Measured
// on --tier hard (docs/lab/variants.md, "A dropped puzzle's solution dug
// again"): non-consecutive CPU 0.5x, jigsaw 0.8x.
const Agains = 16

// Record builds the record of a generated puzzle (graded when grader is
// set). A puzzle without a geometry (the zero variant.Puzzle) is an error.
func Record(p variant.Puzzle, grader kind.Grader, seed uint64, index int64) (export.Record, error) {
	if p.Geometry == nil {
		return export.Record{}, errors.New("variantkind: Record of a puzzle without a geometry")
	}
	rec := baseRecord(p, seed, index)
	g := p.Geometry
	key, err := canonical(g, p.Puzzle)
	if err != nil {
		return rec, err
	}
	rec.Canonical = key
	if grader != nil {
		if err := grader.Grade(&Puzzle{Geometry: g, Cells: p.Puzzle}, rec.Solution, &rec); err != nil {
			return rec, err
		}
	}
	return rec, nil
}

// baseRecord is Record without the canonical key and the grading: the
// fields the puzzle and the run give.
func baseRecord(p variant.Puzzle, seed uint64, index int64) export.Record {
	g := p.Geometry
	minimal := p.Minimal
	rec := export.Record{
		ID:       fmt.Sprintf("%s-%d-%07d", strings.Join(g.Variants, "+"), g.N(), index),
		Kind:     Name,
		Size:     g.N(),
		Puzzle:   Format(g, p.Puzzle),
		Solution: Format(g, p.Solution),
		Givens:   p.Givens,
		Minimal:  &minimal,
		Symmetry: p.Symmetry,
		Seed:     seed,
		Index:    index,
		Fields:   &Fields{Variants: g.Variants, Regions: g.Regions},
	}
	if g.BoxRows > 0 {
		rec.Box = []int{g.BoxRows, g.BoxCols}
	}
	return rec
}

// grading is what every reader checks of a variant record's grading
// fields (export.CheckGrading): Sudoku Explainer's scale and ep/ed, the
// SE ladder on the variant's houses (grade's ids) and SukakuExplainer's
// two non-consecutive techniques. The tier table is a run's (--tiers),
// so only the run checks the tier (export.CheckTier).
var grading = func() export.GradingRules {
	rules := export.SEGrading()
	classic := rules.Technique
	rules.Ladder = "the variant ladder (sudogen techniques, and nc-forcing-cell, locked-nc)"
	rules.Technique = func(id string) bool { return id == TechNCForcingCell || id == TechLockedNC || classic(id) }
	return rules
}()
