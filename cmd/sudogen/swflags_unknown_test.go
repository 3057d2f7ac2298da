package main

import "testing"

// TestUnknownFlagHint: an unknown flag says which flag was probably
// meant, as cobra does for a mistyped command, or which commands have
// it; before, `batch --countt 3` said only "unknown flag: --countt".
// One line, exit 2, either way.
func TestUnknownFlagHint(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "--countt", "3"}, "sudogen: unknown flag: --countt (did you mean --count?)\n"},
		{[]string{"batch", "--Count", "3"}, "sudogen: unknown flag: --Count (did you mean --count?)\n"},
		{[]string{"batch", "--tierr", "hard"}, "sudogen: unknown flag: --tierr (did you mean --tier?)\n"},
		{[]string{"solve", "--pretyy", "-"}, "sudogen: unknown flag: --pretyy (did you mean --pretty?)\n"},
		{[]string{"merge", "--unique", "a.jsonl", "-o", "b.jsonl"}, "sudogen: unknown flag: --unique (--unique is a flag of canon, not of merge)\n"},
		{[]string{"stats", "--cache-dir", "x", "a.jsonl"}, "sudogen: unknown flag: --cache-dir (--cache-dir is a flag of batch, slide build-tables and solve, not of stats)\n"},
		// nothing near, no other command: the parser's words alone
		{[]string{"batch", "--colour"}, "sudogen: unknown flag: --colour\n"},
		{[]string{"batch", "--ti", "hard"}, "sudogen: unknown flag: --ti\n"},
		{[]string{"canon", "-c"}, "sudogen: unknown shorthand flag: 'c' in -c\n"},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// TestSingleDashLongFlag: a long flag written with one dash is refused
// saying so, exit 2, nothing done: the parser read -quiet as -q and an
// unknown -u ("unknown shorthand flag: 'u' in -uiet"), and `merge a.jsonl
// -output b.jsonl` as -o "utput": it read b.jsonl as an input and would
// have written a file named utput. Shorthand clusters stay as they were.
func TestSingleDashLongFlag(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "-count", "5"}, "sudogen: unknown shorthand flag -count: a flag's name of more than one letter takes two dashes (did you mean --count?)\n"},
		{[]string{"batch", "-quiet"}, "sudogen: unknown shorthand flag -quiet: a flag's name of more than one letter takes two dashes (did you mean --quiet?)\n"},
		{[]string{"batch", "-seed=4"}, "sudogen: unknown shorthand flag -seed=4: a flag's name of more than one letter takes two dashes (did you mean --seed?)\n"},
		{[]string{"merge", "a.jsonl", "-output", "b.jsonl"}, "sudogen: unknown shorthand flag -output: a flag's name of more than one letter takes two dashes (did you mean --output?)\n"},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 2 || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
	code, out, errOut := runCLI(t, "", "batch", "-qn2", "--no-grade", "--seed", "1", "-o-")
	if code != 0 || len(out) == 0 || errOut != "" {
		t.Errorf("batch -qn2 ... -o-: exit %d, %d bytes out, stderr %q", code, len(out), errOut)
	}
}
