package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
)

// newIntFlag is a whole-number flag with a lower bound, which says
// plainly what it expected ("expected a whole number, at least 1"): the
// same value type the kinds' own flags use (kind.IntValue).
func newIntFlag(v *int64, def, min int64) *kind.IntValue { return kind.NewIntValue(v, def, min) }

// seedFlag is a uint64 flag that records whether it was set.
type seedFlag struct {
	v   *uint64
	set bool
}

func (f *seedFlag) String() string {
	if !f.set {
		return "random"
	}
	return strconv.FormatUint(*f.v, 10)
}
func (f *seedFlag) Type() string { return "uint" }
func (f *seedFlag) Set(s string) error {
	// Seeds stop at 2^53-1 so a record's seed reads back exactly in every
	// JSON reader (docs/records.md).
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	var ne *strconv.NumError
	if (errors.As(err, &ne) && ne.Err == strconv.ErrRange) || (err == nil && n > export.MaxSeed) {
		return fmt.Errorf("too large: expected a whole number from 0 to %d (2^53-1, the largest every JSON reader holds exactly)", uint64(export.MaxSeed))
	}
	if err != nil {
		return fmt.Errorf("expected a whole number from 0 to %d", uint64(export.MaxSeed))
	}
	*f.v, f.set = n, true
	return nil
}

// choiceFlag is a string flag limited to a fixed set of values
// (kind.ChoiceValue, which the kinds' own flags use too).
type choiceFlag = kind.ChoiceValue

func newChoiceFlag(v *string, def string, choices ...string) *choiceFlag {
	return kind.NewChoiceValue(v, def, choices...)
}

// flagError is the root command's FlagErrorFunc: a usage error (exit 2),
// with the number parse errors of plain int, uint and float flags
// ("strconv.ParseInt: parsing ...: value out of range") said in words.
func flagError(_ *cobra.Command, err error) error {
	var ive *pflag.InvalidValueError
	var ne *strconv.NumError
	if errors.As(err, &ive) && errors.As(err, &ne) && ive.GetFlag() != nil {
		f := ive.GetFlag()
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", " + name
		}
		return UsageErrorf("invalid argument %q for %q flag: %s", ive.GetValue(), name, numberProblem(ne, f.Value.Type()))
	}
	return asUsage(err)
}

// numberProblem says what is wrong with a number a flag of type typ could
// not parse.
func numberProblem(ne *strconv.NumError, typ string) string {
	what := "a whole number"
	if strings.HasPrefix(typ, "float") {
		what = "a number"
	}
	if ne.Err != strconv.ErrRange {
		return "expected " + what
	}
	switch typ {
	case "int", "int64":
		if strings.HasPrefix(strings.TrimSpace(ne.Num), "-") {
			return fmt.Sprintf("too small: the least is %d", int64(math.MinInt64))
		}
		return fmt.Sprintf("too large: the most is %d", int64(math.MaxInt64))
	case "int32":
		if strings.HasPrefix(strings.TrimSpace(ne.Num), "-") {
			return fmt.Sprintf("too small: the least is %d", math.MinInt32)
		}
		return fmt.Sprintf("too large: the most is %d", math.MaxInt32)
	case "uint", "uint64":
		return fmt.Sprintf("too large: the most is %d", uint64(math.MaxUint64))
	}
	return "out of range: expected " + what + " of a sensible size"
}
