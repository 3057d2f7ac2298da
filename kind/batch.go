package kind

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
)

// FlagDefiner is a Kind with flags of its own on `sudogen batch`
// (killer's --cage-sizes, the variants' --variant, classic Sudoku's
// --symmetry and --givens). The command asks every registered kind for
// its flags, so `batch --help` lists them and shell completion offers
// them, and refuses a flag of one kind set on a run of another (unless
// that kind reads it: BatchFlags' reads).
type FlagDefiner interface {
	Kind
	// BatchFlags defines the kind's own flags on fs, with their help.
	// A flag that two kinds read is defined by one of them and read by
	// name by the other (FlagValue): reads names the flags of other
	// kinds that this kind's runs take.
	BatchFlags(fs *pflag.FlagSet) (reads []string)
}

// Batcher is a FlagDefiner that `sudogen batch` makes from the command
// line: it turns the parsed flags into a run (BatchRun), which the
// command completes with what every run has (count, workers, seed,
// shard, resume, dedupe, outputs) and hands to batch.Execute.
type Batcher interface {
	FlagDefiner
	// BatchKind is the help of `--kind NAME` for this kind, a few
	// words ("Killer Sudoku, --size 4, 6, 8 or 9"); "" for the default kind
	// (export.DefaultKind, first in --kind's list without words) and for
	// a kind that --kind does not name, whose runs are asked for by its
	// own flag (Claimer).
	BatchKind() string
	// BatchRun checks the parsed flags (in.Flags: the kind's own and the
	// common ones, by name) and says what the run makes. Its error is
	// one line about the flags (a usage error).
	BatchRun(in BatchInput) (*BatchRun, error)
}

// Claimer is a Batcher whose runs are asked for by a flag of its own
// instead of --kind (batch --variant x): Claims reports whether fs asks
// for one. It is asked only when --kind is not given (or is the default
// kind's).
type Claimer interface {
	Batcher
	Claims(fs *pflag.FlagSet) bool
}

// BatchInput is what a kind's BatchRun reads.
type BatchInput struct {
	// Flags is the command's parsed flag set.
	Flags *pflag.FlagSet
	// Ctx ends with the run (Ctrl-C): a kind hands it to what may run
	// long before the makers start (slide's table building).
	Ctx context.Context
	// Logf, when set, says something on the run's stderr ("building the
	// 4x4 tables"); nil under --quiet.
	Logf func(format string, args ...any)
	// Exclude, when --exclude is given, is the set the command fills with
	// the excluded corpora's canonical keys before the run starts: a kind
	// whose makers drop excluded puzzles early keeps it in its options
	// (a kind that cannot exclude refuses --exclude). Nil without
	// --exclude.
	Exclude *batch.CanonSet
	// ExcludeFile, when set, refuses path when it is one of the run's
	// outputs (the message names flag: "-o x is the same file as --from
	// x") and otherwise adds it to the corpora the run excludes, as
	// --exclude does; it returns the set their keys are loaded into
	// before the run (classic Sudoku's --from: its seed puzzles and their
	// isomorphs are never output).
	ExcludeFile func(flag, path string) (*batch.CanonSet, error)
}

// BatchRun is what a kind's run of `sudogen batch` makes, from its flags.
type BatchRun struct {
	// Size is the records' board size; Name names the puzzles in
	// messages and on the progress bar ("killer 9x9", "x 9x9").
	Size int
	Name string
	// Shape is the run file's "--shape" entry: the board as the flags
	// decide it between them ("killer 9x9 (3x3 boxes)"). Every flag's
	// value is in the run file too; Shape is what they do not say alone.
	Shape string
	// Options are the kind's maker options (Spec.Options of Makers; the
	// command sets Seed).
	Options any
	// Accept keeps a made record (nil: every one): the tier filter.
	Accept func(rec *export.Record) bool
	// Tiers orders the summary's tier counts (nil: table order unknown,
	// names sorted).
	Tiers []string
	// Beyond names the tier of the puzzles the kind's grader could not
	// finish ("" when it has none): a run that keeps every tier says so
	// when many of its puzzles are there.
	Beyond string
	// MaxAttempts is the kind's attempt budget when --max-attempts is not
	// given (0: batch.DefaultAttempts).
	MaxAttempts int64
	// Advice, when set, is one more thing to try that a run which gives
	// up names after its other advice ("--minimal=false (...)").
	Advice string
	// Prepare, when set, runs once the run file and outputs are checked
	// and before they are created (slide: load or build the solver
	// tables); ctx ends it early. Its error is not a usage error.
	Prepare func(ctx context.Context) error
	// Title is the books' title when --title is not given ("": the
	// default).
	Title string
	// Sinks also receive the accepted records (counts for Summary).
	Sinks []batch.Sink
	// Givens: the common summary line gives the givens' minimum, mean and
	// maximum.
	Givens bool
	// Summary, when set, writes the run's summary instead of the common
	// one (a line naming what was made, then the tiers and the dropped
	// duplicates).
	Summary func(w io.Writer, s BatchSummary)
	// ShardLine: the command adds the shard's line after Summary's (a
	// summary line that does not name the shard).
	ShardLine bool
	// SummaryName names the puzzles in the common summary line when it
	// differs from Name ("sudoku 9x9" there, "9x9" on the progress bar).
	SummaryName string
	// DedupeFirst: the common summary says the dropped duplicates before
	// the tier counts (classic Sudoku's order, kept so that its summary
	// reads as before the plug; the other kinds say the tiers first).
	DedupeFirst bool
	// Report, when set, writes the kind's own lines after the common
	// summary (classic Sudoku: what the targeting and the vicinity search
	// did).
	Report func(w io.Writer, st *batch.Stats)
	// RunFile are entries of the run file written after the flags':
	// values the flags decide between them ({"minimal", "true"}), named
	// without the leading "--".
	RunFile [][2]string
	// BookTiers, when set, orders a book's sections (--format pdf) by
	// tier; nil: export's default order.
	BookTiers []string
	// SeenTiers, when set, counts the tiers of every graded record the
	// run saw, kept or not (key "": records without a tier): the advice
	// of a run that gives up names them.
	SeenTiers func() map[string]int64
	// TierOf, when set, checks that a record's tier is the one this
	// run's tier table (--tiers, else the built-in one) gives its rating
	// (export.CheckTier): what a resumed run asks of each record it
	// keeps, beyond every reader's checks. nil: the run gives no tier
	// from a table of its own (--no-grade; killer's fixed tiers, which
	// the readers check).
	TierOf func(rec *export.Record) error
}

// FailureError is an error of BatchRun that is not about the flags (a
// file that cannot be read, a bad line in it): the command exits 1 for
// it, not 2.
type FailureError struct{ Err error }

func (e *FailureError) Error() string { return e.Err.Error() }

// Unwrap is the failure.
func (e *FailureError) Unwrap() error { return e.Err }

// Failure marks err as a failure rather than a usage error (nil stays
// nil).
func Failure(err error) error {
	if err == nil {
		return nil
	}
	return &FailureError{err}
}

// BatchSummary is what a run's Summary says.
type BatchSummary struct {
	Stats *batch.Stats
	// Seed is the run's seed; Where is where the records went ("stdout",
	// a file name).
	Seed  uint64
	Where string
	// Count is the number of puzzles asked for; Stop, for a run stopped
	// by a signal, says how ("interrupted", "terminated", "hung up"), as
	// the common summary does ("interrupted: kept 3 of 100 ...").
	Count int64
	Stop  string
}

// Batchers returns the registered kinds that `sudogen batch` makes
// (book order).
func Batchers() []Batcher {
	var out []Batcher
	for _, k := range All() {
		if b, ok := k.(Batcher); ok {
			out = append(out, b)
		}
	}
	return out
}

// FlagValue is the value of the flag called name as its String method
// gives it ("" when fs has no such flag).
func FlagValue(fs *pflag.FlagSet, name string) string {
	if fs == nil {
		return ""
	}
	if f := fs.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// FlagChanged reports whether the flag called name was set on the command
// line.
func FlagChanged(fs *pflag.FlagSet, name string) bool {
	return fs != nil && fs.Changed(name)
}

// FlagInt is the value of a whole-number flag (IntValue, pflag's ints),
// 0 when absent.
func FlagInt(fs *pflag.FlagSet, name string) int64 {
	n, _ := strconv.ParseInt(FlagValue(fs, name), 10, 64)
	return n
}

// FlagBool is the value of a boolean flag, false when absent.
func FlagBool(fs *pflag.FlagSet, name string) bool {
	return FlagValue(fs, name) == "true"
}

// FlagList is the value of a list flag (pflag's StringSlice), nil when
// absent or empty.
func FlagList(fs *pflag.FlagSet, name string) []string {
	if fs == nil || fs.Lookup(name) == nil {
		return nil
	}
	v, err := fs.GetStringSlice(name)
	if err != nil {
		return nil
	}
	return v
}

// IntValue is a whole-number flag with a lower bound, which says plainly
// what it expected ("expected a whole number, at least 1").
type IntValue struct {
	v   *int64
	min int64
}

// NewIntValue sets *v to def and returns a flag value of it that takes
// whole numbers from min up.
func NewIntValue(v *int64, def, min int64) *IntValue {
	*v = def
	return &IntValue{v: v, min: min}
}

// String is the value in decimal.
func (f *IntValue) String() string { return strconv.FormatInt(*f.v, 10) }

// Type is "int".
func (f *IntValue) Type() string { return "int" }

// Set reads a whole number of at least the bound.
func (f *IntValue) Set(s string) error {
	s = strings.TrimSpace(s)
	n, err := strconv.ParseInt(s, 10, 64)
	var ne *strconv.NumError
	switch {
	case err == nil && n >= f.min:
		*f.v = n
		return nil
	case err != nil && errors.As(err, &ne) && ne.Err == strconv.ErrRange && strings.HasPrefix(s, "-"):
		return fmt.Errorf("too small: expected a whole number, at least %d", f.min)
	case err != nil && errors.As(err, &ne) && ne.Err == strconv.ErrRange:
		return fmt.Errorf("too large: the most is %d", int64(1<<63-1))
	}
	return fmt.Errorf("expected a whole number, at least %d", f.min)
}

// ChoiceValue is a string flag limited to a fixed set of values (case and
// surrounding spaces ignored); shell completion offers Choices.
type ChoiceValue struct {
	v       *string
	choices []string
}

// NewChoiceValue sets *v to def and returns a flag value of it that takes
// one of choices.
func NewChoiceValue(v *string, def string, choices ...string) *ChoiceValue {
	*v = def
	return &ChoiceValue{v: v, choices: choices}
}

// Choices are the values the flag takes.
func (f *ChoiceValue) Choices() []string { return f.choices }

// String is the value.
func (f *ChoiceValue) String() string { return *f.v }

// Type is "string".
func (f *ChoiceValue) Type() string { return "string" }

// Set takes one of the choices, or says which there are.
func (f *ChoiceValue) Set(s string) error {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, c := range f.choices {
		if s == c {
			*f.v = s
			return nil
		}
	}
	var named []string
	for _, c := range f.choices {
		if c != "" { // the empty default is not a choice to type
			named = append(named, c)
		}
	}
	return fmt.Errorf("expected one of %s", strings.Join(named, ", "))
}
