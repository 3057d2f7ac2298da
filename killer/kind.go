package killer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

// KindName is the "kind" of killer records.
const KindName = "killer"

func init() { kind.MustRegister(Kind{}) }

// Kind is Killer Sudoku behind the kind.Kind interface: records with
// cages (docs/records.md, "Killer records"), the cage-propagating solver,
// the generator and the killer grader.
type Kind struct{}

// Name is "killer".
func (Kind) Name() string { return KindName }

// Export is what the export package knows of killer records: checked by
// checkRecord, the cages and variant read and written by their codec, the
// play page's board given by playBoard and its hints by PlayHints
// (NoCells: the writers without a killer board show no grid without its
// cages).
func (Kind) Export() export.RecordKind {
	return export.RecordKind{
		Name:      KindName,
		Order:     2,
		Cells:     export.NoCells,
		Check:     checkRecord,
		Canonical: recordCanonical,
		Line:      recordLine,
		Variety: func(r *export.Record) string {
			if f, ok := r.Fields.(recordFields); ok {
				return f.Variant
			}
			return ""
		},
		Play:      playBoard,
		Hints:     PlayHints,
		PlayTitle: playTitle,
		PlainLine: plainLine,
		Fields: export.FieldsCodec{
			Keys:   []string{"variant", "cages"},
			Decode: decodeFields,
		},
		Grading:       &grading,
		TechniqueName: techniqueName,
	}
}

// grading is what every reader checks of a killer record's grading
// fields (export.CheckGrading): its ladder is the killer techniques and
// the classic ones of grade's SE ladder it asks grade for, its scale 1.0
// to 20.0 without SE's ep and ed, and its tier table is fixed (TierOf;
// no --tiers), so the tier is checked too.
var grading = func() export.GradingRules {
	ids := map[string]bool{}
	for _, t := range Techniques {
		ids[t.ID] = true
	}
	classic := export.SEGrading().Technique
	return export.GradingRules{
		Ladder:    "the killer ladder (docs/grading.md, \"Killer\", and sudogen techniques)",
		Technique: func(id string) bool { return ids[id] || classic(id) },
		Min:       1, Max: 20,
		Tier: TierOf,
	}
}()

// recordFields are the killer record's own fields.
type recordFields struct {
	Variant string
	Cages   []Cage
	// text marks a record read from a plain line in a text form
	// (plainLine), which has no solution: checkRecord finds it, as
	// export's check of a plain Sudoku line does. Not written.
	text bool
}

// AppendJSON writes `,"variant":"x"` (Killer-X only) and `,"cages":[...]`
// (a cage whose sum is hidden without its "sum").
func (f recordFields) AppendJSON(dst []byte) []byte {
	if f.Variant != "" {
		dst = append(dst, `,"variant":`...)
		dst = strconv.AppendQuote(dst, f.Variant)
	}
	dst = append(dst, `,"cages":[`...)
	for i, cg := range f.Cages {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '{')
		if !cg.Hidden() {
			dst = append(dst, `"sum":`...)
			dst = strconv.AppendInt(dst, int64(cg.Sum), 10)
			dst = append(dst, ',')
		}
		dst = append(dst, `"cells":[`...)
		for j, c := range cg.Cells {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(c), 10)
		}
		dst = append(dst, "]}"...)
	}
	return append(dst, ']')
}

func decodeFields(values map[string]json.RawMessage) (export.Fields, error) {
	var f recordFields
	if v, ok := values["variant"]; ok {
		if err := json.Unmarshal(v, &f.Variant); err != nil {
			return nil, fmt.Errorf(`killer "variant": %v`, export.JSONTypeError(err, ""))
		}
	}
	if v, ok := values["cages"]; ok {
		if err := json.Unmarshal(v, &f.Cages); err != nil {
			return nil, fmt.Errorf(`killer "cages": expected [{"sum":S,"cells":[...]},...]: %v`, export.JSONTypeError(err, ""))
		}
	}
	return f, nil
}

// fromExport reads an export record of kind killer as a Record.
func fromExport(r *export.Record) (Record, error) {
	f, ok := r.Fields.(recordFields)
	if !ok || len(f.Cages) == 0 {
		return Record{}, errors.New(`killer record has no "cages"`)
	}
	rec := Record{V: 1, Kind: KindName, Size: r.Size, Variant: f.Variant, Cages: f.Cages, Puzzle: r.Puzzle, Solution: r.Solution, Givens: r.Givens}
	switch {
	case len(r.Box) == 2:
		rec.Box = [2]int{r.Box[0], r.Box[1]}
	case len(r.Box) != 0:
		return Record{}, fmt.Errorf(`"box" %v: expected [rows, cols]`, r.Box)
	default:
		if s, err := sudoku.ShapeForSize(r.Size); err == nil {
			rec.Box = [2]int{s.BoxRows, s.BoxCols}
		}
	}
	return rec, nil
}

// toExport turns a Record into an export record.
func toExport(rec Record) export.Record {
	out := export.Record{Kind: KindName, Size: rec.Size, Box: []int{rec.Box[0], rec.Box[1]}, Puzzle: rec.Puzzle, Solution: rec.Solution, Givens: rec.Givens,
		Tier: rec.Tier, Hardest: rec.Hardest, Techniques: rec.Techniques, Fields: recordFields{Variant: rec.Variant, Cages: rec.Cages}}
	if rec.Rating != nil {
		out.Rating = float64(*rec.Rating)
	}
	if rec.RatingAtLeast != nil {
		out.RatingAtLeast = float64(*rec.RatingAtLeast)
	}
	return out
}

// checkRecord: the record's cages are valid, its solution keeps every
// rule and is the puzzle's only solution.
func checkRecord(r *export.Record) error {
	rec, err := fromExport(r)
	if err != nil {
		return err
	}
	p, sol, err := rec.Decode()
	if err != nil {
		return err
	}
	if sol == nil {
		if f, _ := r.Fields.(recordFields); !f.text {
			return errors.New(`killer record has no "solution"`)
		}
		sols := NewSolver(p).Solutions(2)
		switch len(sols) {
		case 0:
			return errors.New("killer puzzle has no solution")
		case 1:
			r.Solution = SolutionString(sols[0])
			return nil
		default:
			return errors.New("killer puzzle has more than one solution")
		}
	}
	if err := p.CheckSolution(sol); err != nil {
		return err
	}
	if n := NewSolver(p).Count(2); n != 1 {
		return fmt.Errorf("killer puzzle has %d solutions, expected 1", n)
	}
	return nil
}

// playTitle names a killer in the play page's title: "killer_x" for
// Killer-X, else "killer" (export.RecordKind.PlayTitle).
func playTitle(r *export.Record) string {
	if f, ok := r.Fields.(recordFields); ok && f.Variant == "x" {
		return "killer_x"
	}
	return "killer"
}

// recordCanonical is the canonical key of a checked killer record's
// puzzle (CanonicalKey): what its "canonical" field holds, so a resumed
// run (batch.ScanPartial) and --exclude can check and compare it.
func recordCanonical(r *export.Record) (string, error) {
	p, err := puzzleOf(r)
	if err != nil {
		return "", err
	}
	return CanonicalKey(p), nil
}

// puzzleOf decodes the killer of an export record.
func puzzleOf(r *export.Record) (*Puzzle, error) {
	rec, err := fromExport(r)
	if err != nil {
		return nil, err
	}
	p, _, err := rec.Decode()
	return p, err
}

// TextRecord reads a killer in one of its text forms (ParseText: the
// one-line cage map and its sums, as the txt format writes it, a
// SudokuWiki link or bd= value, the arrow form, SumoCue's) as a record of
// kind killer without solution or grading, for the per-line commands.
func TextRecord(text string) (export.Record, error) {
	p, err := ParseText(text)
	if err != nil {
		return export.Record{}, err
	}
	rec := toExport(NewRecord(p, nil, nil))
	rec.Unseeded = true
	return rec, nil
}

// plainLine reads a plain line in a killer text form (TextLine) as a
// killer record: export.RecordKind.PlainLine, for every reader of records
// (merge, export, stats). checkRecord fills in its solution.
func plainLine(b []byte) (export.Record, bool, error) {
	if !TextLine(b) {
		return export.Record{}, false, nil
	}
	rec, err := TextRecord(string(b))
	if err != nil {
		return export.Record{Kind: KindName}, true, err
	}
	f := rec.Fields.(recordFields)
	f.text = true
	rec.Fields = f
	return rec, true, nil
}

// recordLine is a killer record's puzzle on one text line (the txt
// format's line, csv's puzzle column): the one-line cage map and its sums
// (FormatLine), which every command reads back. The record's "puzzle"
// field holds only its givens, mostly none.
func recordLine(dst []byte, r *export.Record) ([]byte, error) {
	p, err := puzzleOf(r)
	if err != nil {
		return dst, err
	}
	return append(dst, FormatLine(p)...), nil
}

// Parse reads a killer record's puzzle.
func (Kind) Parse(r *export.Record) (kind.Puzzle, error) {
	p, err := puzzleOf(r)
	if err != nil {
		return nil, err
	}
	return KindPuzzle{p}, nil
}

// KindPuzzle is a parsed killer.
type KindPuzzle struct{ P *Puzzle }

// Solve counts solutions up to limit and returns the first.
func (k KindPuzzle) Solve(limit int) (int, string, error) {
	sols := NewSolver(k.P).Solutions(max(limit, 1))
	if len(sols) == 0 {
		return 0, "", nil
	}
	return len(sols), SolutionString(sols[0]), nil
}

// Canonical is CanonicalKey.
func (k KindPuzzle) Canonical() string { return CanonicalKey(k.P) }

// FillPuzzle writes size, box, the givens as the record's puzzle and
// their count (kind.Describer), and drops "minimal" and "symmetry", which
// killer records do not have.
func (k KindPuzzle) FillPuzzle(rec *export.Record) {
	r := NewRecord(k.P, nil, nil)
	rec.Size, rec.Box, rec.Puzzle, rec.Givens = r.Size, []int{r.Box[0], r.Box[1]}, r.Puzzle, r.Givens
	rec.Minimal, rec.Symmetry = nil, ""
}

// Minimal is not a killer field (docs/records.md, "Killer"): ok false,
// so grade drops a "minimal" a killer record carries.
func (KindPuzzle) Minimal() (minimal, ok bool) { return false, false }

// Symmetric is false: killer records carry no symmetry (its pattern would
// be the cages' as much as the givens'), so grade drops one.
func (KindPuzzle) Symmetric(string) bool { return false }

// KeyCostly is false: a killer's key costs little beside its grading
// (kind.Describer).
func (KindPuzzle) KeyCostly() bool { return false }

// Pretty prints the killer for people. A full cells string (a solution,
// as solve --pretty prints it) is printed as a Sudoku grid with box
// separators; one with an empty cell ('.' or '0': a killer's puzzle
// string, which explain prints; its cells are its cages) as the cage map
// (one row of labels a line) and the sums, givens, if any, in the map's
// givens= word.
// (Until 2026-12-07 a puzzle with givens was printed as a grid of its
// givens, without the cages its steps name.)
func (k KindPuzzle) Pretty(cells string) string {
	if cells != "" && !strings.ContainsAny(cells, ".0") {
		if g, err := sudoku.Parse(cells, k.P.Geo.Shape); err == nil {
			return g.Pretty()
		}
	}
	return Format(k.P)
}

// Explain is the killer ladder's solve path (kind.Explainer): each step
// as "technique: what and why" in a killer solver's words, then the
// closing line with the killer rating and tier; with next, the first
// step only.
func (Kind) Explain(p kind.Puzzle, _ string, _ kind.GradeOptions, next bool) ([]string, string, error) {
	kp, ok := p.(KindPuzzle)
	if !ok {
		return nil, "", fmt.Errorf("kind killer: cannot explain a %T", p)
	}
	r := Grade(kp.P)
	var steps []string
	for _, st := range r.Steps {
		steps = append(steps, stepLine(techniqueByID(st.Technique).Name, st.Text))
		if next {
			break
		}
	}
	switch {
	case r.OverBudget:
		return steps, fmt.Sprintf("Stuck after %d steps: the forcing chains spent their budget (%d million chain nodes) before the end (killer rating at least %.1f, tier beyond).", len(r.Steps), MaxWork/1_000_000, r.Rating), nil
	case !r.Solved:
		return steps, fmt.Sprintf("Stuck after %d steps: the rest needs techniques the killer ladder lacks (killer rating at least %.1f, tier beyond).", len(r.Steps), r.Rating), nil
	}
	hardest := "none" // no step: every cell is given
	if r.Hardest != "" {
		hardest = techniqueByID(r.Hardest).Name
	}
	return steps, fmt.Sprintf("Solved in %s; hardest step: %s; killer rating %.1f, tier %s.", numfmt.Count(len(r.Steps), "step"), hardest, r.Rating, r.Tier), nil
}

// stepLine is a step as explain prints it: "name: text", or the text
// alone, its first letter in upper case, when it starts with the name's
// words already ("hidden single in row 5: ...", "pointing: in box 3 ...",
// "last cell of cage 5(2) ..."), which would otherwise read twice.
func stepLine(name, text string) string {
	nw, tw := strings.Fields(strings.ToLower(name)), strings.Fields(strings.ToLower(text))
	word := func(w []string, i int) string { return strings.TrimRight(w[i], ":,") }
	if len(nw) > 0 && len(tw) > 1 && word(tw, 0) == word(nw, 0) && (len(nw) == 1 || word(tw, 1) == word(nw, 1)) {
		return strings.ToUpper(text[:1]) + text[1:]
	}
	return name + ": " + text
}

// Makers makes killer records: spec.Options, a killer.Options, or the
// default cage sizes of spec.Tier, steered into that tier (Options.Tier),
// on a grid of spec.Size (default 9).
// Each record is generated unique, graded, and carries its seed, index
// and canonical key.
func (Kind) Makers(spec kind.Spec) (func(ctx context.Context) (batch.Maker, error), error) {
	var o Options
	var exclude *batch.CanonSet
	switch opts := spec.Options.(type) {
	case Options:
		o = opts
	case MakeOptions:
		o, exclude = opts.Options, opts.Exclude
	case nil:
		if spec.Size != 0 {
			s, err := sudoku.ShapeForSize(spec.Size)
			if err != nil {
				return nil, err
			}
			o.Shape = s
		}
		if spec.Tier != "" {
			o.CageMin, o.CageMax = DefaultCageSizes(spec.Tier)
			o.Tier = spec.Tier
		}
	default:
		return nil, fmt.Errorf("kind killer: options of type %T, expected killer.Options or killer.MakeOptions", spec.Options)
	}
	if _, err := o.normalize(); err != nil {
		return nil, err
	}
	seed := spec.Seed
	return func(context.Context) (batch.Maker, error) { return &maker{o, seed, exclude}, nil }, nil
}

// MakeOptions are a killer run's options (kind.Spec.Options): what each
// puzzle is generated with, and the excluded corpora.
type MakeOptions struct {
	Options
	// Exclude, when set, holds the canonical keys of excluded corpora
	// (batch --exclude): a generated killer whose key it holds is dropped
	// before it is graded, Make returning batch.ErrExcluded. The run's
	// Deduper must not add to it (batch.NewExcludingDedupe).
	Exclude *batch.CanonSet
}

type maker struct {
	opt     Options
	seed    uint64
	exclude *batch.CanonSet
}

// Make generates, grades and records the killer of one index; an
// excluded one (MakeOptions.Exclude) is dropped before grading.
func (m *maker) Make(index int64, rng *rand.Rand) (export.Record, error) {
	p, sol, _, err := Generate(rng, m.opt)
	if err != nil {
		return export.Record{}, err
	}
	key := CanonicalKey(p)
	if m.exclude != nil && m.exclude.Has(key) {
		return export.Record{}, batch.ErrExcluded
	}
	r := Grade(p)
	rec := toExport(NewRecord(p, sol, &r))
	rec.ID = recordID(p.Geo, index)
	rec.Canonical = key
	rec.Seed, rec.Index = m.seed, index
	return rec, nil
}

// recordID is the id a run gives the killer of one index: k<size>-<index>
// (k9-0000042), and for Killer-X the variant first, as variant records
// name theirs (x-k9-0000042), so a plain killer and a Killer-X of the
// same size and index never share one (docs/records.md).
func recordID(g *Geometry, index int64) string {
	id := fmt.Sprintf("k%d-%07d", g.N, index)
	if g.X {
		id = "x-" + id
	}
	return id
}

// Grader grades killers with the killer ladder (the profile, tier file
// and SE rating cap do not apply: killers have their own scale and tier
// table).
func (Kind) Grader(opts kind.GradeOptions) (kind.Grader, error) {
	if opts.Profile != "" {
		return nil, fmt.Errorf("kind killer: profile %q: killers are graded on the killer scale only", opts.Profile)
	}
	if opts.MaxRating != 0 {
		return nil, fmt.Errorf("kind killer: max rating %g: killers are rated on the killer scale, not SE's; grade them without it", opts.MaxRating)
	}
	return killerGrader{}, nil
}

type killerGrader struct{}

// Grade writes rating (or rating_at_least), tier, hardest and techniques.
func (killerGrader) Grade(p kind.Puzzle, _ string, rec *export.Record) error {
	kp, ok := p.(KindPuzzle)
	if !ok {
		return fmt.Errorf("kind killer: cannot grade a %T", p)
	}
	r := Grade(kp.P)
	rec.Rating, rec.RatingAtLeast = 0, 0
	if r.Solved {
		rec.Rating = r.Rating
	} else {
		rec.RatingAtLeast = r.Rating
	}
	rec.Tier, rec.Hardest, rec.Techniques = r.Tier, r.Hardest, r.Counts
	return nil
}

// Tiers are the killer tier names, easy to hard, and beyond.
func (Kind) Tiers(int) []string {
	return append(tierNames(), "beyond")
}

func tierNames() []string {
	var out []string
	for _, t := range KillerTiers {
		out = append(out, t.Name)
	}
	return out
}
