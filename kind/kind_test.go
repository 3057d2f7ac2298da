package kind_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

var registerLatin sync.Once

// TestNewKind: a kind defined in a test file is registered with one line
// and is then found, generated, written, read back, checked and keyed
// like the built-in ones.
func TestNewKind(t *testing.T) {
	registerLatin.Do(func() {
		if err := kind.Register(latin{}); err != nil { // the one registration line
			t.Fatal(err)
		}
	})
	if err := kind.Register(latin{}); err == nil {
		t.Error("registering latin3 twice did not fail")
	}
	k, err := kind.Lookup(latinName)
	if err != nil {
		t.Fatal(err)
	}
	if got := kind.Names(); got != "sudoku, slide or latin3" {
		t.Errorf("Names() = %q", got)
	}
	if _, err := kind.Lookup("kakuro"); err == nil || err.Error() != `kind "kakuro": expected sudoku, slide or latin3` {
		t.Errorf("Lookup(kakuro): %v", err)
	}

	makers, err := k.Makers(kind.Spec{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := export.NewJSONLWriter(&out)
	if _, err := batch.Run(context.Background(), batch.Options{Count: 30, Seed: 7, NewMaker: makers}, w); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 30 {
		t.Fatalf("%d records, want 30", len(lines))
	}
	for _, line := range lines {
		// The kind's field goes through its codec, before "canonical".
		if !strings.Contains(line, `"kind":"latin3"`) || !strings.Contains(line, `","canonical":`) || !strings.Contains(line, `,"cells":"`) {
			t.Fatalf("record %s", line)
		}
		var rec export.Record
		if err := export.DecodeRecord([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		f, ok := rec.Fields.(*latinFields)
		if !ok {
			t.Fatalf("%s: fields %T", line, rec.Fields)
		}
		if got := string(export.AppendJSON(nil, &rec)); got != line {
			t.Errorf("round trip:\n got %s\nwant %s", got, line)
		}
		if err := export.CheckRecord(&rec); err != nil {
			t.Errorf("%s: %v", line, err)
		}
		// Independent check: the solution is a Latin square holding
		// the givens.
		for i := range 9 {
			r, c := i/3, i%3
			if g := f.Cells[i]; g != '.' && g != rec.Solution[i] {
				t.Errorf("%s: given %c at %d not kept", line, g, i)
			}
			for j := range 3 {
				if (j != c && rec.Solution[r*3+j] == rec.Solution[i]) || (j != r && rec.Solution[j*3+c] == rec.Solution[i]) {
					t.Errorf("%s: solution repeats at %d", line, i)
				}
			}
		}
	}
	// A decoding error of the kind's codec is the record's.
	bad := `{"v":1,"kind":"latin3","size":3,"cells":7,"seed":1,"index":0}`
	if err := export.DecodeRecord([]byte(bad), &export.Record{}); err == nil || !strings.Contains(err.Error(), "cells") {
		t.Errorf("bad cells: %v", err)
	}
	// A record the fast decoder hands to encoding/json ("Size" matches
	// "size" without regard to case) keeps its kind fields.
	var std export.Record
	if err := export.DecodeRecord([]byte(`{"kind":"latin3","Size":3,"cells":"1........"}`), &std); err != nil {
		t.Fatal(err)
	}
	if f, ok := std.Fields.(*latinFields); !ok || f.Cells != "1........" || std.Size != 3 {
		t.Errorf("std path: size %d, fields %#v", std.Size, std.Fields)
	}
	// The same field on a record of another kind is refused, naming the
	// kind whose field it is (read as a sudoku, it would be another
	// puzzle than the one written); a field no kind has is unknown.
	var rec export.Record
	var kf *export.KindFieldError
	if err := export.DecodeRecord([]byte(`{"kind":"sudoku","puzzle":"1...","cells":"x"}`), &rec); !errors.As(err, &kf) || kf.Key != "cells" || kf.Kind != "sudoku" || !slices.Equal(kf.Owners, []string{"latin3"}) {
		t.Errorf("sudoku with cells: %v", err)
	}
	if err := export.DecodeRecord([]byte(`{"kind":"sudoku","puzzle":"1...","cellz":"x"}`), &rec); err != nil || rec.Fields != nil {
		t.Errorf("sudoku with an unknown field: %v, fields %v", err, rec.Fields)
	}
	if _, err := k.Grader(kind.GradeOptions{}); !errors.Is(err, kind.ErrNoGrader) {
		t.Errorf("latin3 grader: %v", err)
	}
}

// TestNewKindCanonical: isomorphs of a latin3 puzzle share a key, and
// puzzles that are not isomorphs do not.
// TestNewKindBatchFlags: the new kind's own batch flag goes the way
// `sudogen batch` takes it: every kind defines its flags on one set, the
// arguments are parsed, the kind's BatchRun reads its flag into the
// options its Makers get, and the records keep at least the givens
// asked for (counted in the record, not taken from the maker).
func TestNewKindBatchFlags(t *testing.T) {
	registerLatin.Do(func() { kind.MustRegister(latin{}) })
	newFlags := func(args ...string) (*pflag.FlagSet, error) {
		fs := pflag.NewFlagSet("batch", pflag.ContinueOnError)
		fs.SetOutput(io.Discard)
		for _, k := range kind.All() {
			if d, ok := k.(kind.FlagDefiner); ok {
				d.BatchFlags(fs)
			}
		}
		return fs, fs.Parse(args)
	}
	var b kind.Batcher
	for _, k := range kind.Batchers() {
		if k.Name() == latinName {
			b = k
		}
	}
	if b == nil {
		t.Fatal("latin3 is not among kind.Batchers()")
	}
	for _, clues := range []int{0, 6} {
		fs, err := newFlags("--latin-clues", strconv.Itoa(clues))
		if err != nil {
			t.Fatal(err)
		}
		run, err := b.BatchRun(kind.BatchInput{Flags: fs})
		if err != nil {
			t.Fatal(err)
		}
		makers, err := b.Makers(kind.Spec{Seed: 5, Options: run.Options})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if _, err := batch.Run(context.Background(), batch.Options{Count: 10, Seed: 5, NewMaker: makers}, export.NewJSONLWriter(&out)); err != nil {
			t.Fatal(err)
		}
		minGivens := 9
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var rec export.Record
			if err := export.DecodeRecord([]byte(line), &rec); err != nil {
				t.Fatal(err)
			}
			minGivens = min(minGivens, 9-strings.Count(rec.Fields.(*latinFields).Cells, "."))
		}
		if minGivens < clues || clues == 0 && minGivens > 5 {
			t.Errorf("--latin-clues %d: the fewest givens is %d", clues, minGivens)
		}
	}
	if _, err := newFlags("--latin-clues", "-1"); err == nil || !strings.Contains(err.Error(), "expected a whole number, at least 0") {
		t.Errorf("--latin-clues -1: %v", err)
	}
	fs, _ := newFlags("--latin-clues", "10")
	if _, err := b.BatchRun(kind.BatchInput{Flags: fs}); err == nil || err.Error() != "--latin-clues 10: a square has 9 cells" {
		t.Errorf("--latin-clues 10: %v", err)
	}
}

func TestNewKindCanonical(t *testing.T) {
	k := latin{}
	parse := func(cells string) kind.Puzzle {
		p, err := k.Parse(&export.Record{Kind: latinName, Fields: &latinFields{cells}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// 12. / ... / ..3 : rows swapped, relabelled, transposed.
	a := parse("12.......")
	for _, iso := range []string{".......12", "21.......", "1..2.....", "..1..2...", "31......."} {
		if parse(iso).Canonical() != a.Canonical() {
			t.Errorf("%s and 12....... are isomorphs with keys %s, %s", iso, parse(iso).Canonical(), a.Canonical())
		}
	}
	// Two givens in one row against two in different rows and columns.
	if parse("1...2....").Canonical() == a.Canonical() {
		t.Error("1...2.... and 12....... share a key")
	}
	if parse("1...1....").Canonical() == a.Canonical() {
		t.Error("1...1.... and 12....... share a key")
	}
}

// designPuzzle is the record example of DESIGN.md with its solution.
const (
	designPuzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	designSolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

// TestSudokuKind: the sudoku kind parses, solves, counts, keys and grades
// through the interface.
func TestSudokuKind(t *testing.T) {
	k, err := kind.Lookup("")
	if err != nil || k.Name() != "sudoku" {
		t.Fatalf("Lookup(\"\") = %v, %v", k, err)
	}
	p, err := k.Parse(&export.Record{Kind: "sudoku", Puzzle: designPuzzle})
	if err != nil {
		t.Fatal(err)
	}
	n, sol, err := p.Solve(2)
	if err != nil || n != 1 || sol != designSolution {
		t.Fatalf("Solve = %d, %s, %v", n, sol, err)
	}
	// Fewer givens: several solutions.
	loose, err := k.Parse(&export.Record{Kind: "sudoku", Puzzle: "........." + designPuzzle[9:]})
	if err != nil {
		t.Fatal(err)
	}
	if n, _, _ := loose.Solve(2); n != 2 {
		t.Errorf("loose puzzle: %d solutions counted to 2", n)
	}
	if _, err := k.Parse(&export.Record{Kind: "sudoku", Puzzle: "11" + designPuzzle[2:]}); err == nil {
		t.Error("a repeated 1 in row 1 parsed")
	}
	g, _ := sudoku.Parse(designPuzzle, sudoku.Shape9)
	iso := sudoku.RandomTransform(sudoku.Shape9, rand.New(rand.NewPCG(1, 2))).Apply(g)
	q, err := k.Parse(&export.Record{Kind: "sudoku", Puzzle: iso.String()})
	if err != nil {
		t.Fatal(err)
	}
	if q.Canonical() != p.Canonical() || iso.String() == designPuzzle {
		t.Errorf("isomorph keys differ: %s, %s", q.Canonical(), p.Canonical())
	}
	if loose.Canonical() == p.Canonical() {
		t.Error("a different puzzle has the same key")
	}
	gr, err := k.Grader(kind.GradeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec := export.Record{Kind: "sudoku"}
	if err := gr.Grade(p, sol, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Rating < 1 || rec.Tier == "" || rec.Hardest == "" || len(rec.Techniques) == 0 {
		t.Errorf("graded: rating %v tier %q hardest %q", rec.Rating, rec.Tier, rec.Hardest)
	}
	if len(k.Tiers(9)) == 0 {
		t.Error("no tiers")
	}
}

// TestSlideKind: the 8-puzzle board known to need 31 moves (the most any
// 8-puzzle needs) is solved in 31 moves that reach the goal; slides have
// no grader.
func TestSlideKind(t *testing.T) {
	k, err := kind.Lookup("slide")
	if err != nil {
		t.Fatal(err)
	}
	tiles := []int{8, 6, 7, 2, 5, 4, 3, 0, 1}
	p, err := k.Parse(&export.Record{Kind: "slide", Size: 3, Tiles: tiles})
	if err != nil {
		t.Fatal(err)
	}
	n, moves, err := p.Solve(1)
	if err != nil || n != 1 || len(moves) != 31 {
		t.Fatalf("Solve = %d, %q (%d moves), %v", n, moves, len(moves), err)
	}
	// Play the moves: a letter is the direction the blank travels.
	b := append([]int(nil), tiles...)
	blank := 7
	for _, m := range moves {
		next := blank
		switch m {
		case 'U':
			next -= 3
		case 'D':
			next += 3
		case 'L':
			next--
		case 'R':
			next++
		}
		b[blank], b[next] = b[next], b[blank]
		blank = next
	}
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8, 0}; !equal(b, want) {
		t.Errorf("moves end at %v", b)
	}
	if _, err := k.Parse(&export.Record{Kind: "slide", Size: 3, Tiles: []int{2, 1, 3, 4, 5, 6, 7, 8, 0}}); err == nil {
		t.Error("an unsolvable board parsed")
	}
	if _, err := k.Grader(kind.GradeOptions{}); !errors.Is(err, kind.ErrNoGrader) {
		t.Errorf("slide grader: %v", err)
	}
	if len(k.Tiers(4)) == 0 {
		t.Error("no tiers for 4x4")
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
