package main

import (
	"fmt"
	"strconv"
	"strings"
)

// intFlag is an integer flag with a lower bound, which says plainly what
// it expected ("expected a whole number, at least 1").
type intFlag struct {
	v   *int64
	min int64
}

func newIntFlag(v *int64, def, min int64) *intFlag {
	*v = def
	return &intFlag{v: v, min: min}
}

func (f *intFlag) String() string { return strconv.FormatInt(*f.v, 10) }
func (f *intFlag) Type() string   { return "int" }
func (f *intFlag) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < f.min {
		return fmt.Errorf("expected a whole number, at least %d", f.min)
	}
	*f.v = n
	return nil
}

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
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return fmt.Errorf("expected a whole number from 0 to %d", uint64(1<<64-1))
	}
	*f.v, f.set = n, true
	return nil
}

// choiceFlag is a string flag limited to a fixed set of values.
type choiceFlag struct {
	v       *string
	choices []string
}

func newChoiceFlag(v *string, def string, choices ...string) *choiceFlag {
	*v = def
	return &choiceFlag{v: v, choices: choices}
}

func (f *choiceFlag) String() string { return *f.v }
func (f *choiceFlag) Type() string   { return "string" }
func (f *choiceFlag) Set(s string) error {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, c := range f.choices {
		if s == c {
			*f.v = s
			return nil
		}
	}
	return fmt.Errorf("expected one of %s", strings.Join(f.choices, ", "))
}
