package main

import "testing"

// TestUnknownSubcommandHint: a mistyped subcommand gets the suggestion a
// mistyped command of the root gets (`sudogen batc`: "did you mean
// batch?"); `slide build-table` said only `unknown command "build-table"
// for "sudogen slide"`. One line, exit 2; no suggestion when none is near.
func TestUnknownSubcommandHint(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batc"}, "sudogen: unknown command \"batc\" for \"sudogen\" (did you mean batch?)\n"},
		{[]string{"slide", "build-table"}, "sudogen: unknown command \"build-table\" for \"sudogen slide\" (did you mean build-tables?)\n"},
		{[]string{"slide", "build"}, "sudogen: unknown command \"build\" for \"sudogen slide\" (did you mean build-tables?)\n"},
		{[]string{"completion", "bas"}, "sudogen: unknown command \"bas\" for \"sudogen completion\" (did you mean bash?)\n"},
		{[]string{"completion", "zzz"}, "sudogen: unknown command \"zzz\" for \"sudogen completion\"\n"},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
