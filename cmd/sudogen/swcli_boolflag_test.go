package main

import "testing"

// TestBoolFlagValueSaid: a switch given a value that is not a truth
// value (--quiet=2, --minimal=maybe) is refused saying what a switch
// takes, where it said "expected a whole number".
func TestBoolFlagValueSaid(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "--minimal=maybe"}, `sudogen: invalid argument "maybe" for "--minimal" flag: expected true or false (or the flag alone, for true)` + "\n"},
		{[]string{"batch", "-q=2"}, `sudogen: invalid argument "2" for "-q, --quiet" flag: expected true or false (or the flag alone, for true)` + "\n"},
		{[]string{"solve", "--count=yes"}, `sudogen: invalid argument "yes" for "-c, --count" flag: expected true or false (or the flag alone, for true)` + "\n"},
		{[]string{"batch", "--count=1.5"}, `sudogen: invalid argument "1.5" for "-n, --count" flag: expected a whole number, at least 1` + "\n"},
	} {
		code, _, errOut := runCLI(t, "", c.args...)
		if code != 2 || errOut != c.want {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
