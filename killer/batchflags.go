package killer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

// BatchFlags defines the killer's own flags of `sudogen batch`:
// --cage-sizes and --hide-sums. A killer run also reads --variant (x:
// Killer-X) and --givens (one number).
func (Kind) BatchFlags(fs *pflag.FlagSet) []string {
	var hide int64
	fs.Var(kind.NewIntValue(&hide, 0, 0), "hide-sums", "killer: hide the sums of up to N cages, each only while the puzzle stays unique and solvable by the killer techniques (a record's cage without \"sum\"); 0: every cage shows its sum")
	fs.String("cage-sizes", "", "killer: the sizes cages are drawn with, MIN-MAX (e.g. 2-5; default by --tier: easy 2-3, medium 2-4, hard 2-5, expert and harder 3-6)")
	return []string{"variant", "givens"}
}

// BatchKind is the killer's part of --kind's help.
func (Kind) BatchKind() string {
	return "Killer Sudoku, --size 4, 6, 8 or 9, --cage-sizes, --variant x for Killer-X"
}

// batchUnsupported are the batch flags a killer run does not take.
var batchUnsupported = []string{"requires", "hardest", "from", "search", "vicinity", "as-given", "verify-steps", "no-uniqueness", "symmetry", "minimal", "profile", "no-grade", "tiers"}

// batchWhy says why a killer run does not take a flag every kind has,
// which it would otherwise ignore.
var batchWhy = map[string]string{
	"no-grade": ": every killer is graded as it is made (its cages are steered by the grader)",
	"tiers":    ": the killer tiers are fixed (docs/grading.md, \"Killer\")",
}

// BatchRun is `sudogen batch --kind killer`: each record generated,
// proven unique and graded on the killer scale (MakeOptions), the tier
// filter, and excluded corpora dropped before grading.
func (Kind) BatchRun(in kind.BatchInput) (*kind.BatchRun, error) {
	fs := in.Flags
	for _, name := range batchUnsupported {
		if kind.FlagChanged(fs, name) {
			return nil, fmt.Errorf("--kind killer does not take --%s%s", name, batchWhy[name])
		}
	}
	o := Options{}
	switch vs := kind.FlagList(fs, "variant"); {
	case len(vs) == 1 && vs[0] == "x":
		o.X = true
	case len(vs) > 0:
		return nil, fmt.Errorf("--kind killer takes --variant x (Killer-X) only")
	}
	shape := sudoku.Shape9
	if n := int(kind.FlagInt(fs, "size")); kind.FlagValue(fs, "box") == "" && kind.FlagChanged(fs, "size") && !killerSize(n) {
		// named as a killer size, not as a Sudoku size (12, 16, 25)
		return nil, fmt.Errorf("--kind killer: size %d, expected 4, 6, 8 or 9", n)
	}
	if kind.FlagValue(fs, "box") != "" || kind.FlagChanged(fs, "size") {
		s, err := kind.SudokuShape(fs)
		if err != nil {
			return nil, err
		}
		shape = s
	}
	n := shape.N()
	if n != 4 && n != 6 && n != 8 && n != 9 {
		return nil, fmt.Errorf("--kind killer: size %d, expected 4, 6, 8 or 9", n)
	}
	o.Shape = shape
	// Spaces around the name are dropped, as a classic or variant run's
	// --tier drops them around each name (" hard" was refused, the
	// message naming hard among the killer tiers).
	tier := strings.TrimSpace(kind.FlagValue(fs, "tier"))
	if tier == "any" {
		tier = ""
	}
	if cs := kind.FlagValue(fs, "cage-sizes"); cs != "" {
		lo, hi, err := parseCageSizes(cs, n)
		if err != nil {
			return nil, err
		}
		o.CageMin, o.CageMax = lo, hi
	} else {
		// The tier's sizes, no larger than the grid side (a 4x4's
		// cages hold at most 4 cells, as its units do).
		o.CageMin, o.CageMax = DefaultCageSizes(tier)
		o.CageMin, o.CageMax = min(o.CageMin, n), min(o.CageMax, n)
	}
	o.Tier = tier // steers the generator into the tier (no effect for beyond)
	o.HideSums = int(kind.FlagInt(fs, "hide-sums"))
	if g := kind.FlagValue(fs, "givens"); g != "" {
		v, err := strconv.Atoi(strings.TrimSpace(g))
		if err != nil || v < 0 || v > shape.Cells() {
			return nil, fmt.Errorf("--givens %q: --kind killer takes one number of givens, 0..%d (default 0: none)", g, shape.Cells())
		}
		o.Givens = v
	}
	tiers := Kind{}.Tiers(n)
	if tier != "" && !slices.Contains(tiers, tier) {
		if strings.Contains(tier, ",") {
			// --help says --tier takes a list; a killer's cages are
			// steered into one tier, so a list is refused as such.
			return nil, fmt.Errorf("--tier %s: --kind killer keeps one tier (its cages are steered into it): expected one of %s", tier, strings.Join(tiers, ", "))
		}
		return nil, fmt.Errorf("--tier %s: the killer tiers are %s", tier, strings.Join(tiers, ", "))
	}
	name := "killer"
	if o.X {
		name = "killer-x"
	}
	// Named as stats names the group: "killer x 9x9" for Killer-X (its
	// record's variety). Shape, part of a resumed run's fingerprint,
	// keeps "killer-x".
	label := "killer"
	if o.X {
		label = "killer x"
	}
	run := &kind.BatchRun{
		Size:    n,
		Name:    fmt.Sprintf("%s %dx%d", label, n, n),
		Shape:   fmt.Sprintf("%s %dx%d (%dx%d boxes)", name, n, n, shape.BoxRows, shape.BoxCols),
		Options: MakeOptions{Options: o, Exclude: in.Exclude},
		Tiers:   tiers,
		Beyond:  TierOf(0, false),
		Givens:  o.Givens > 0,
	}
	if tier != "" {
		run.Accept, run.SeenTiers = kind.CountTiers(func(rec *export.Record) bool { return rec.Tier == tier })
	}
	if tier == run.Beyond {
		run.Advice = BeyondAdvice
	}
	return run, nil
}

// BeyondAdvice is what a `--tier beyond` run names when it keeps nothing
// for a minute and when it gives up: the nightmare tier's ladder reaches
// nested forcing chains, so a killer past it is rare from random cages
// (none among 858 9x9 killers tried: `timeout 70 sudogen batch --kind
// killer --tier beyond --count 2 -o k.jsonl`, 2026-12-07 05:25 UTC, two
// workers, load about 2).
const BeyondAdvice = "--tier nightmare (beyond means past nested forcing chains; the generator does not steer there and random killers almost never are)"

// parseCageSizes reads --cage-sizes: "MIN-MAX" or "N".
func parseCageSizes(s string, n int) (lo, hi int, err error) {
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > n {
		return 0, 0, fmt.Errorf("--cage-sizes %q: expected MIN-MAX with 1 <= MIN <= MAX <= %d, e.g. 2-%d", s, n, min(5, n))
	}
	return lo, hi, nil
}
