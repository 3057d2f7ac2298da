// Package kind makes puzzle kinds registered plugs. A Kind (classic
// Sudoku, sliding puzzles, the Sudoku variants, Killer) is one
// implementation of the Kind interface: it parses and validates its
// puzzles, solves and counts their solutions, generates records from a
// run's seed and index, grades them (or says it has no grader), keys them
// canonically under its own symmetry group, names its tiers, and tells
// the export package how its records are checked, written and drawn. The
// commands find a kind by the name its records carry (Lookup) and never
// compare kind names themselves.
//
// Adding a kind is its own package, which implements Kind and calls
// Register from init, plus one import line where the commands gather the
// kinds (docs/kinds.md).
package kind

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// Kind is one puzzle kind: what every command does with its puzzles.
type Kind interface {
	// Name is the "kind" field of the kind's records.
	Name() string
	// Export is what the export package needs of the kind's records: how
	// to check them, what they hold, how books draw them and the codec of
	// their own fields. Register registers it with export.
	Export() export.RecordKind
	// Parse reads and validates the puzzle of rec: a JSON record of the
	// kind, or a plain line read as export.ParseLine reads it. The error
	// is one line without a position.
	Parse(rec *export.Record) (Puzzle, error)
	// Makers returns what batch.Run calls to give each worker a Maker:
	// record index of a run is made from (spec.Seed, index) alone.
	Makers(spec Spec) (func(ctx context.Context) (batch.Maker, error), error)
	// Grader returns a grader of the kind's puzzles, or an error wrapping
	// ErrNoGrader.
	Grader(opts GradeOptions) (Grader, error)
	// Tiers lists the kind's tier names from easy to hard (for a board
	// size, 0 for the default one).
	Tiers(size int) []string
}

// Puzzle is one parsed puzzle of a kind.
type Puzzle interface {
	// Solve counts the puzzle's solutions up to limit and returns the
	// first one found as the record's "solution" field writes it. A kind
	// whose puzzles have many solutions by nature (a sliding puzzle's
	// move sequences) returns 1 and its best one when solvable.
	Solve(limit int) (count int, solution string, err error)
	// Canonical is the puzzle's key under its kind's symmetry group: two
	// puzzles of the kind are the same up to symmetry exactly when their
	// keys are equal.
	Canonical() string
}

// Grader grades puzzles of one kind.
type Grader interface {
	// Grade grades p, whose solution (from Solve) is solution, and writes
	// the grading fields of rec (rating, tier, hardest, techniques...).
	Grade(p Puzzle, solution string, rec *export.Record) error
}

// GradeOptions are what graders share: the grading profile, tier table
// and rating cap; a kind reads the ones it has and refuses (Grader's
// error) a cap its scale does not take.
type GradeOptions struct {
	// Profile is the grading profile ("" the kind's default).
	Profile string
	// TiersFile is a tier table (YAML, configs/tiers.yaml's form); ""
	// the built-in one.
	TiersFile string
	// MaxRating, when above 0, stops a puzzle's grading before its first
	// step rated above it on the SE scale: the record then has tier
	// beyond, no rating and rating_at_least (grade's --max-rating).
	MaxRating float64
}

// ErrNoGrader is wrapped by Grader's error for a kind that has no grader.
var ErrNoGrader = errors.New("no grader")

// Spec says what a run of one kind generates.
type Spec struct {
	// Seed is the run's seed: record index is made from (Seed, index).
	Seed uint64
	// Size is the board size (9 for a 9x9 Sudoku, 4 for the 15 puzzle);
	// 0 is the kind's default.
	Size int
	// Tier is the tier to make ("" any).
	Tier string
	// Options, if set, are the kind's own run options (its batch options
	// type: batch.SudokuOptions, batch.SlideOptions); they win over Size
	// and Tier, and get Seed.
	Options any
}

var (
	mu    sync.RWMutex
	kinds = map[string]Kind{}
)

// Register adds k to the registry and registers its records with export.
// It fails for a kind without a name or a name taken. Call it from init
// (MustRegister panics instead).
func Register(k Kind) error {
	name := k.Name()
	if name == "" {
		return errors.New("kind without a name")
	}
	if rk := k.Export(); rk.Name != name {
		return fmt.Errorf("kind %q: its export record kind is named %q", name, rk.Name)
	}
	mu.Lock()
	defer mu.Unlock()
	if _, ok := kinds[name]; ok {
		return fmt.Errorf("kind %q registered twice", name)
	}
	kinds[name] = k
	rk := k.Export()
	if rk.Minimal == nil {
		rk.Minimal = minimalTest(k)
	}
	export.RegisterKind(rk)
	return nil
}

// minimalTest is export's test of a record's "minimal" for kind k
// (export.RecordKind.Minimal): its puzzle's Describer.Minimal, which
// cannot tell (ok false) for a puzzle k does not parse or a kind without
// the field.
func minimalTest(k Kind) func(r *export.Record) (minimal, ok bool) {
	return func(r *export.Record) (bool, bool) {
		p, err := k.Parse(r)
		if err != nil {
			return false, false
		}
		d, ok := p.(Describer)
		if !ok {
			return false, false
		}
		return d.Minimal()
	}
}

// MustRegister is Register for init functions: it panics on error.
func MustRegister(k Kind) {
	if err := Register(k); err != nil {
		panic("kind.Register: " + err.Error())
	}
}

// Lookup returns the kind called name; "" is export.DefaultKind (a plain
// line, a record without "kind").
func Lookup(name string) (Kind, error) {
	if name == "" {
		name = export.DefaultKind
	}
	mu.RLock()
	k, ok := kinds[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("kind %q: expected %s", name, Names())
	}
	return k, nil
}

// All returns the registered kinds in book order (export.Kinds).
func All() []Kind {
	mu.RLock()
	defer mu.RUnlock()
	all := make([]Kind, 0, len(kinds))
	for _, n := range export.Kinds() {
		if k, ok := kinds[n]; ok {
			all = append(all, k)
		}
	}
	return all
}

// Names lists the registered kinds as a message does: "sudoku or slide".
func Names() string {
	var names []string
	for _, k := range All() {
		names = append(names, k.Name())
	}
	return numfmt.OrList(names)
}

// unregister removes a kind (tests).
func unregister(name string) {
	mu.Lock()
	delete(kinds, name)
	mu.Unlock()
}

// Explainer is a Kind whose grader can phrase its solve path step by
// step (the explain command asks a kind for it; a kind without one has
// no explanation).
type Explainer interface {
	// Explain solves p (whose solution, from Solve, is solution) the way
	// the kind's grader does and returns every step in words ("hidden
	// single: r3c4 = 5 in diagonal 1"), then one closing line with the
	// rating. A line that starts with a space is no step: it says what
	// the kind's rules removed between steps (a non-consecutive board's
	// pair rule), unrated and unnumbered. With next, only the first step
	// (and such lines before it).
	Explain(p Puzzle, solution string, opts GradeOptions, next bool) (steps []string, summary string, err error)
}

// Printer is a Puzzle that prints a grid of its kind (a puzzle or
// solution string as its records write it) for people: rows on lines.
type Printer interface {
	Pretty(cells string) string
}

// Describer is a Puzzle that writes and checks the record fields that
// describe it beyond its solution and canonical key (givens, minimal,
// symmetry). grade settles a record's fields with it: a field is
// recomputed, checked, or dropped, never passed on unchecked.
type Describer interface {
	// FillPuzzle writes the fields the puzzle alone gives: its size,
	// box shape and puzzle as the kind's records write them, and givens.
	FillPuzzle(rec *export.Record)
	// Minimal reports whether no single given can be removed keeping the
	// solution unique (the puzzle must have exactly one). ok is false
	// where the kind's records have no such field or the answer would
	// cost too much: the field is then dropped.
	Minimal() (minimal, ok bool)
	// Symmetric reports whether the pattern of givens is invariant under
	// the named symmetry (a record's "symmetry"): false for a name the
	// kind does not know or a kind whose records have no symmetry; else
	// "none", which claims no symmetry, is always true.
	Symmetric(name string) bool
	// KeyCostly reports whether the puzzle's canonical key costs a
	// sizeable part of its grading (a Samurai board's: about half). grade
	// then keeps a record's key when the record's solution and grading
	// are the ones it computed (the puzzle is the one its writer keyed),
	// and computes it otherwise.
	KeyCostly() bool
}
