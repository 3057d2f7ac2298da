package export

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/slide"
	"github.com/sudogen/sudogen/sudoku"
)

// The names of the built-in kinds, as records carry them in "kind".
const (
	KindSudoku = "sudoku"
	KindSlide  = "slide"
)

// DefaultKind is the kind of a JSON record without "kind" and of a plain
// puzzle line.
const DefaultKind = KindSudoku

// CellLayout says how a kind's record holds its board.
type CellLayout int

// The cell layouts. The zero value is a kind whose board export does not
// know how to read (it is drawn only by its Board, if any).
const (
	// NoCells: the writers do not read the board (a kind that draws
	// itself through its Board and has no grid or tiles).
	NoCells CellLayout = iota
	// GridCells: "puzzle" and "solution" are square grids of symbols,
	// row-major, '.' for an empty cell, with "size" and "box" (the sudoku
	// kind, and variants drawn on the same grid).
	GridCells
	// TileCells: "tiles" is the board, row-major, 0 the blank, and
	// "solution" is a move sequence (sliding puzzles).
	TileCells
)

// RecordKind is what the export package knows of one puzzle kind: how to
// check its records, what its records hold, and how the book draws them.
// Every reader and writer asks the kind's RecordKind instead of comparing
// kind names. The built-in kinds (sudoku, slide) are registered here; a
// kind from another package registers its RecordKind with RegisterKind
// (package kind does it for every kind registered there).
type RecordKind struct {
	// Name is the "kind" of its records.
	Name string
	// Order places the kind's sections in a book: lower first (sudoku 0,
	// slide 1); kinds with the same order go by name. A kind not
	// registered comes after every registered one.
	Order int
	// Cells is how the record holds its board (see CellLayout).
	Cells CellLayout
	// Rated is true when the kind's records carry Sudoku Explainer
	// ratings ("rating", "rating_at_least", "techniques", "ep", "ed").
	Rated bool
	// Moves, if set, is the measure of a puzzle whose difficulty is its
	// number of moves (a sliding puzzle's optimum or solution length); ok
	// is false when the record has none.
	Moves func(r *Record) (n int, ok bool)
	// Check reports, as one line without a position, why r is not fit to
	// publish (see CheckRecord); it may fill in what a plain line lacks.
	Check func(r *Record) error
	// Board draws the kind's records in PDF books (see RegisterBoard).
	Board Board
	// Art, if set, draws r's puzzle as cover art in the square at (x, y);
	// unset, the cover uses Board.Draw.
	Art func(c *Canvas, r *Record, x, y, side float64)
	// Fields is the codec of the kind's own record fields, if it has
	// any beyond Record's (see Fields).
	Fields FieldsCodec
	// Line, if set, appends r's puzzle on one text line (the txt format's
	// line, csv's puzzle column) and fails for a record without one;
	// unset, the line is the record's "puzzle".
	Line func(dst []byte, r *Record) ([]byte, error)
	// Canonical, if set, is the canonical key of r's puzzle under the
	// kind's symmetry group (what "canonical" holds), for a record that
	// passed Check.
	Canonical func(r *Record) (string, error)
	// Play, if set, gives the HTML play page the board of a record whose
	// kind has no classic grid (Cells is NoCells): its geometry, the
	// page's variant field (docs/export.md, "Variants"), and one
	// character per frame cell. The XLSX Grids sheet draws the same
	// board (xlsx_grids.go). Unset, the page refuses such records rather
	// than show them as something they are not, and the Grids sheet
	// passes them over with a note.
	Play func(r *Record) (PlayBoard, error)
	// PlayTitle, if set, names r's kind in the play page's title: a key
	// of the page's kind titles (HTML play page, playTitleKeys: "sudoku",
	// "slide", "killer" for book.killer.title, "killer_x" for the name
	// book.killer.x starts with). Unset, the page is titled as Sudoku.
	PlayTitle func(r *Record) string
	// Written, if set, reports what a record as a batch run writes it
	// must hold beyond what Check asks (a sudoku record its box, which
	// Check fills in for a plain line): `batch --resume` checks the
	// records it keeps with it (CheckWritten).
	Written func(r *Record) error
	// Variety, if set, names what kind of puzzle of its kind r is, for
	// summaries that keep such puzzles apart (stats' groups): a variant's
	// list ("anti-knight,x"), "x" for Killer-X; "" for the plain kind.
	Variety func(r *Record) string
	// Hints, if set, gives the play page the solve path of a record of a
	// kind without a classic grid (its own grader's steps, with the
	// pattern in the board's houses, cells and cages). The page asks for
	// hints only when HTMLOptions.Hints is set (hints are wanted); this
	// then takes the kind's records instead of it.
	Hints HintFunc
	// PlainLine, if set, reads a plain line (not JSON, blank or a
	// comment; trimmed) in the kind's own text form, such as a killer's
	// cage map and sums. ok is false when the line is not in that form:
	// then another kind's PlainLine, or at last classic Sudoku's grid
	// line, reads it. With ok, err says what is wrong with the line (one
	// line, no position: ParseLine adds file and line).
	PlainLine func(b []byte) (rec Record, ok bool, err error)
	// Grading, if set, is what the kind's grading fields may hold
	// (CheckGrading); unset, a Rated kind gets Sudoku Explainer's scale
	// and ep/ed rules (not its technique ids) and another kind only the
	// rules every record keeps.
	Grading *GradingRules
	// Minimal, if set, tests whether no given of r's puzzle can be
	// removed keeping its solution unique (CheckMinimal); ok is false
	// when the test cannot tell (a node cap, a kind without the field).
	// r has passed CheckRecord.
	Minimal func(r *Record) (minimal, ok bool)
	// TechniqueName, if set, names a technique id of the kind's ladder
	// (what its records hold in "techniques" and "hardest") and gives its
	// rating on the kind's scale, for reports (stats' technique chart);
	// ok is false for an id the ladder lacks. Unset, reports name ids by
	// grade's SE ladder.
	TechniqueName func(id string) (name string, rating float64, ok bool)
}

// PlayBoard is a record's board for the play page (RecordKind.Play).
type PlayBoard struct {
	// Geometry is the board's houses, regions, shading, sees and cages:
	// the play page's geometry object and what the Grids sheet draws. A
	// value, not a pointer: every Play gives one, so there is no "none"
	// to mark, and the sheet and the page read it without a nil check.
	Geometry BoardGeometry
	// Cells has one character per frame cell: a given's symbol (1-9,
	// A-P), for an empty cell the letter of its solution's value in
	// lower case (a = 1), '-' for an unused cell.
	Cells string
	// BoxRows and BoxCols lay out a cell's candidates.
	BoxRows, BoxCols int
}

// kindTable is one state of the registry. It is never changed once
// published: a registration publishes a new one, so readers (every record
// of every writer) take no lock.
type kindTable struct {
	byName   map[string]*RecordKind
	keys     map[string]bool // the keys some kind's codec reads (FieldsCodec)
	maxOrder int             // the largest Order
	plain    []*RecordKind   // the kinds with a PlainLine, by name
}

var (
	kindsMu  sync.Mutex // held by registrations
	kindsNow atomic.Pointer[kindTable]
	// noKind is what a name no kind is registered under gets: no cells,
	// not rated, no check, no board.
	noKind = &RecordKind{}
)

// kindsTable is the registry now.
func kindsTable() *kindTable {
	if t := kindsNow.Load(); t != nil {
		return t
	}
	return &kindTable{}
}

// updateKinds publishes a copy of the registry that f changed.
func updateKinds(f func(byName map[string]*RecordKind)) {
	kindsMu.Lock()
	defer kindsMu.Unlock()
	t := &kindTable{byName: map[string]*RecordKind{}, keys: map[string]bool{}}
	for n, k := range kindsTable().byName {
		t.byName[n] = k
	}
	f(t.byName)
	for _, k := range t.byName {
		t.maxOrder = max(t.maxOrder, k.Order)
		for _, key := range k.Fields.Keys {
			t.keys[key] = true
		}
		if k.PlainLine != nil {
			t.plain = append(t.plain, k)
		}
	}
	slices.SortFunc(t.plain, func(a, b *RecordKind) int { return strings.Compare(a.Name, b.Name) })
	kindsNow.Store(t)
}

// The built-in kinds. Their boards are registered by pdf_sudoku.go and
// pdf_slide.go.
func init() {
	RegisterKind(RecordKind{
		Name:      KindSudoku,
		Order:     0,
		Cells:     GridCells,
		Rated:     true,
		Check:     checkSudokuRecord,
		Grading:   &seGrading,
		Written:   checkSudokuWritten,
		Canonical: sudokuCanonical,
		PlayTitle: func(*Record) string { return "sudoku" },
		Art: func(c *Canvas, r *Record, x, y, side float64) {
			drawSudoku(c, r, false, x, y, side)
		},
	})
	RegisterKind(RecordKind{
		Name:      KindSlide,
		Order:     1,
		Cells:     TileCells,
		Moves:     slideMoves,
		Check:     checkSlideRecord,
		Line:      appendTilesLine,
		PlayTitle: func(*Record) string { return "slide" },
		Canonical: func(r *Record) (string, error) {
			b, err := slide.New(r.Size, r.Tiles)
			if err != nil {
				return "", err
			}
			return b.Canonical(), nil
		},
		Art: func(c *Canvas, r *Record, x, y, side float64) {
			if b, err := slideBoard(r); err == nil {
				drawTiles(c, b, x, y, side)
			}
		},
	})
}

// RegisterKind makes export read, check, write and draw records of kind
// k.Name. A kind registered again replaces the earlier registration (its
// Board, if k has none, is kept). Call it from init.
func RegisterKind(k RecordKind) {
	if k.Name == "" {
		panic("export.RegisterKind: kind without a name")
	}
	checkKindKeys(&k)
	updateKinds(func(kinds map[string]*RecordKind) {
		if old, ok := kinds[k.Name]; ok && k.Board.Draw == nil {
			k.Board = old.Board
		}
		kinds[k.Name] = &k
	})
}

// kindKnown reports whether records of kind (a record's "kind", ""
// for DefaultKind) are of a registered kind.
func kindKnown(kind string) bool {
	if kind == "" {
		kind = DefaultKind
	}
	_, ok := kindsTable().byName[kind]
	return ok
}

// kindPackages are the packages whose init registers each kind sudogen
// has, by kind name: a program reads, checks and writes a kind's records
// fully once it imports the package (a blank import does). Export
// registers sudoku and slide itself; package kind adds their solvers and
// graders, and package allkinds imports every one of them.
var kindPackages = map[string]string{
	KindSudoku: "github.com/sudogen/sudogen/kind",
	KindSlide:  "github.com/sudogen/sudogen/kind",
	"killer":   "github.com/sudogen/sudogen/killer",
	"variant":  "github.com/sudogen/sudogen/variantkind",
}

// KindPackage is the import path of the package that registers kind
// name (killer: github.com/sudogen/sudogen/killer, variant:
// github.com/sudogen/sudogen/variantkind, sudoku and slide:
// github.com/sudogen/sudogen/kind), "" for a kind sudogen does not have.
// Messages about a kind not registered name it.
func KindPackage(name string) string { return kindPackages[name] }

// NotRegistered is why a record of kind name cannot be fully read in
// this program, or "" when the kind is registered: the kind is not
// registered, and the import that registers it when sudogen has one
// (`kind "variant" is not registered: import _
// "github.com/sudogen/sudogen/variantkind"`).
func NotRegistered(name string) string {
	if kindKnown(name) {
		return ""
	}
	msg := fmt.Sprintf("kind %q is not registered", name)
	if p := KindPackage(name); p != "" {
		msg += fmt.Sprintf(": import _ %q", p)
	}
	return msg
}

// KindOf returns the registered kind called name, and false if there is
// none.
func KindOf(name string) (RecordKind, bool) {
	k := kindOf(name)
	return *k, k != noKind
}

// kindOf returns the kind called name, or noKind.
func kindOf(name string) *RecordKind {
	k, ok := kindsTable().byName[name]
	if !ok {
		return noKind
	}
	return k
}

// Kinds lists the names of the registered kinds in book order.
func Kinds() []string {
	kinds := kindsTable().byName
	names := make([]string, 0, len(kinds))
	for n := range kinds {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		oi, oj := kinds[names[i]].Order, kinds[names[j]].Order
		if oi != oj {
			return oi < oj
		}
		return names[i] < names[j]
	})
	return names
}

// kindNames is the registered kinds as an error message lists them:
// "sudoku or slide".
func kindNames() string {
	return numfmt.OrList(Kinds())
}

// kindRank orders kinds in a book: by their Order, then any kind not
// registered.
func kindRank(kind string) int {
	t := kindsTable()
	if k, ok := t.byName[kind]; ok {
		return k.Order
	}
	return t.maxOrder + 1
}

// isGrid reports whether kind's records hold a Sudoku grid.
func isGrid(kind string) bool { return kindOf(kind).Cells == GridCells }

// isTiles reports whether kind's records hold a sliding board's tiles.
func isTiles(kind string) bool { return kindOf(kind).Cells == TileCells }

// isRated reports whether kind's records carry SE ratings.
func isRated(kind string) bool { return kindOf(kind).Rated }

// recordMoves is the move count of a record whose kind is measured in
// moves (see RecordKind.Moves); ok is false for other kinds.
func recordMoves(r *Record) (int, bool) {
	if m := kindOf(r.Kind).Moves; m != nil {
		return m(r)
	}
	return 0, false
}

// checkKind is CheckRecord's dispatch: the kind's Check, or why the kind
// is not one.
func checkKind(r *Record) error {
	if r.Kind == "" {
		return fmt.Errorf(`record has no "kind": expected %s`, kindNames())
	}
	k := kindOf(r.Kind)
	if k.Check == nil && k != noKind {
		// registered with no Check (RegisterBoard alone, say): naming
		// the kind among the expected ones would contradict itself
		return fmt.Errorf("kind %q is registered without a check (RecordKind.Check): its records cannot be checked", r.Kind)
	}
	if k.Check == nil {
		if p := KindPackage(r.Kind); p != "" && k == noKind {
			return fmt.Errorf("kind %q: expected %s (import _ %q to read %s records)", r.Kind, kindNames(), p, r.Kind)
		}
		return fmt.Errorf("kind %q: expected %s", r.Kind, kindNames())
	}
	return k.Check(r)
}

// HoldsGrid reports whether records of kind hold a Sudoku grid in
// "puzzle" and "solution" (GridCells).
func HoldsGrid(kind string) bool { return isGrid(kind) }

// HoldsTiles reports whether records of kind hold a sliding board in
// "tiles" (TileCells).
func HoldsTiles(kind string) bool { return isTiles(kind) }

// InMoves reports whether the difficulty of kind's records is a number of
// moves (RecordKind.Moves is set), not a rating.
func InMoves(kind string) bool { return kindOf(kind).Moves != nil }

// CheckWritten checks r as its kind's records are written by a batch
// run (RecordKind.Written), then as CheckRecord does: a record kept from
// an interrupted run must be one the run could have written. Written
// comes first, on the record as read: CheckRecord fills in what a plain
// line lacks (a sudoku record's box).
func CheckWritten(r *Record) error {
	if w := kindOf(r.Kind).Written; w != nil {
		if err := w(r); err != nil {
			return err
		}
	}
	return CheckRecord(r)
}

// checkSudokuWritten: a sudoku record written by a run has its box.
func checkSudokuWritten(r *Record) error {
	if len(r.Box) != 2 {
		return fmt.Errorf("box %v: expected [rows, cols]", r.Box)
	}
	return nil
}

// CanonicalKey is the canonical key of r's puzzle under its kind's
// symmetry group (RecordKind.Canonical), "" for a kind without one. r
// should have passed CheckRecord.
func CanonicalKey(r *Record) (string, error) {
	if c := kindOf(r.Kind).Canonical; c != nil {
		return c(r)
	}
	return "", nil
}

// canonicalizers keeps a pool of canonicalizers per box shape.
var canonicalizers sync.Map // sudoku.Shape -> *sync.Pool

// sudokuCanonical is the minlex key of a sudoku record's puzzle.
func sudokuCanonical(r *Record) (string, error) {
	shape, err := recordShape(r)
	if err != nil {
		return "", err
	}
	g, err := sudoku.Parse(r.Puzzle, shape)
	if err != nil {
		return "", err
	}
	p, ok := canonicalizers.Load(shape)
	if !ok {
		p, _ = canonicalizers.LoadOrStore(shape, &sync.Pool{New: func() any { return sudoku.NewCanonicalizer(shape) }})
	}
	pool := p.(*sync.Pool)
	c := pool.Get().(*sudoku.Canonicalizer)
	defer pool.Put(c)
	return c.String(g), nil
}

// VarietyOf is r's variety (RecordKind.Variety): "" for a kind without
// one, or for its plain puzzles.
func VarietyOf(r *Record) string {
	if v := kindOf(r.Kind).Variety; v != nil {
		return v(r)
	}
	return ""
}
