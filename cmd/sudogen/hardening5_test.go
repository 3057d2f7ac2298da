package main

// Tests for the flag items of the audit /tmp/lead/audit/A1.md (items 5,
// 7, 8, 12 and 13): a flag's empty or unknown value, --max-time 0, 4x4
// killers, -o against --format, and the messages of help, argument
// counts, reglib and --exclude.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// ok9 is a 9x9 puzzle with one solution.
const ok9 = "87......1.2..........249.5.........3.....697.1.......4.63..8.2.......9.3.9...3..4\n"

// flagCase is a command line, the exit code and the whole of stderr it
// should give (one line).
type flagCase struct {
	args   []string
	code   int
	stderr string
}

func checkFlagCases(t *testing.T, stdin string, cases []flagCase) {
	t.Helper()
	for _, c := range cases {
		code, _, stderr := runCLI(t, stdin, c.args...)
		if code != c.code || stderr != c.stderr {
			t.Errorf("sudogen %q: exit %d, stderr %q; want exit %d, %q", c.args, code, stderr, c.code, c.stderr)
		}
	}
}

// A flag given an empty value is refused with what the flag expects,
// whichever flag and command (A1 items 5 and 7): before, --variant ""
// said "--variant is not for --kind sudoku" and --givens, --tier,
// --format "" ran as if not given.
func TestEmptyFlagValueRefused(t *testing.T) {
	checkFlagCases(t, ok9, []flagCase{
		{[]string{"batch", "--variant", ""}, 2, `sudogen: --variant "": expected one of x, windoku, disjoint-groups, asterisk, girandola, center-dot, anti-knight, anti-king, non-consecutive, jigsaw, samurai` + "\n"},
		{[]string{"batch", "--givens", ""}, 2, `sudogen: --givens "": expected a number of givens or a range, e.g. 30 or 30-34` + "\n"},
		{[]string{"batch", "--tier", " "}, 2, `sudogen: --tier " ": expected tier names separated by commas, e.g. easy,medium (see --tiers)` + "\n"},
		{[]string{"batch", "--format", ""}, 2, `sudogen: --format "": expected formats separated by commas: jsonl,pdf,xlsx,html,txt,csv,se` + "\n"},
		{[]string{"batch", "-o", ""}, 2, `sudogen: --output "": expected a file or folder name, or - for stdout` + "\n"},
		{[]string{"batch", "--kind", "killer", "--cage-sizes", ""}, 2, `sudogen: --cage-sizes "": expected cage sizes MIN-MAX, e.g. 2-5` + "\n"},
		{[]string{"batch", "--max-time", ""}, 2, `sudogen: --max-time "": expected a positive duration such as 90s or 10m, or 0 for no limit` + "\n"},
		{[]string{"batch", "--max-time", "soon"}, 2, `sudogen: --max-time "soon": expected a positive duration such as 90s or 10m, or 0 for no limit` + "\n"},
		{[]string{"batch", "--kind", "killer", "--max-time", "-1s"}, 2, `sudogen: --max-time -1s: expected a positive duration such as 90s or 10m, or 0 for no limit` + "\n"},
		{[]string{"solve", "--box", "", "-"}, 2, `sudogen: --box "": expected a box shape RxC, e.g. 3x3 or 2x3` + "\n"},
		{[]string{"solve", "--variant", "", "-"}, 2, `sudogen: --variant "": expected one of x, windoku, disjoint-groups, asterisk, girandola, center-dot, anti-knight, anti-king, non-consecutive, jigsaw, samurai` + "\n"},
		{[]string{"grade", "--tiers", "", "-"}, 2, `sudogen: --tiers "": expected a tier table file (YAML)` + "\n"},
		{[]string{"export", "--format", "", "-o", "-", "-"}, 2, `sudogen: --format "": expected one of jsonl, pdf, xlsx, html, txt, csv or se` + "\n"},
		{[]string{"export", "--sort", "", "-o", "-", "-"}, 2, `sudogen: --sort "": expected one of rating, -rating, id, -id` + "\n"},
		{[]string{"export", "--lang", "", "-o", "x.pdf", "-"}, 2, `sudogen: --lang "": expected a language tag, e.g. en, de or zh-Hans` + "\n"},
		{[]string{"stats", "--html", "", "-"}, 2, `sudogen: --html "": expected an HTML file name` + "\n"},
		{[]string{"merge", "--tmpdir", "", "-o", "-", "-"}, 2, `sudogen: --tmpdir "": expected a folder name` + "\n"},
		{[]string{"slide", "build-tables", "--size", ""}, 2, `sudogen: --size "": expected 4, 5 or all` + "\n"},
	})
}

// Every flag of every command that takes a value says what it expects
// when given an empty one: a flag new to a command must be named in
// flagExpects (or be a choiceFlag, or parse its value as it is set).
func TestEveryFlagSaysWhatItExpects(t *testing.T) {
	root := NewCmdRoot()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() == "bool" || f.Value.Set("") != nil {
				return // no value, or refused by its own parse
			}
			if flagExpectation(c, f) == "" {
				t.Errorf("%s --%s: no words for what it expects (flagExpects)", c.CommandPath(), f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// An unknown value is refused on every run that would read the flag, and
// said as a list (A1 items 7 and 13): solve --format is a slide flag that
// a Sudoku run ignored; --profile printed a Go slice.
func TestUnknownFlagValueRefused(t *testing.T) {
	checkFlagCases(t, ok9, []flagCase{
		{[]string{"solve", "--format", "bogus", "-"}, 2, "sudogen: --format is for --kind slide\n"},
		{[]string{"solve", "--format", "jsonl", "-"}, 2, "sudogen: --format is for --kind slide\n"},
		{[]string{"solve", "--size", "4", "-"}, 2, "sudogen: --size is for --kind slide\n"},
		{[]string{"solve", "--exact", "-"}, 2, "sudogen: --exact is for --kind slide\n"},
		{[]string{"grade", "--profile", "bogus", "-"}, 2, `sudogen: invalid argument "bogus" for "--profile" flag: expected one of se, hodoku` + "\n"},
		{[]string{"batch", "--profile", "bogus"}, 2, `sudogen: invalid argument "bogus" for "--profile" flag: expected one of se, hodoku` + "\n"},
	})
}

// --max-time 0 is no limit, as its help says (A1 item 7): the run makes
// its count.
func TestMaxTimeZeroIsNoLimit(t *testing.T) {
	code, out, stderr := runCLI(t, "", "batch", "--count", "2", "--seed", "1", "--no-grade", "-q", "--max-time", "0")
	if code != 0 || strings.Count(out, "\n") != 2 {
		t.Fatalf("--max-time 0: exit %d, %d records, stderr %q", code, strings.Count(out, "\n"), stderr)
	}
	_, help, _ := runCLI(t, "", "batch", "--help")
	if !strings.Contains(help, "0: no limit") {
		t.Errorf("batch --help does not say what --max-time 0 means")
	}
}

// 4x4 killers are made, as the help now says (A1 item 8); a tier the
// 4x4 does not reach gives up like any other out-of-reach count instead
// of refusing the tier's default cage sizes (5 cells on a 4x4).
func TestKiller4x4(t *testing.T) {
	_, help, _ := runCLI(t, "", "batch", "--help")
	if !strings.Contains(help, "killer: Killer Sudoku, --size 4, 6, 8 or 9") {
		t.Errorf("batch --help does not list --size 4 for killers")
	}
	code, out, stderr := runCLI(t, "", "batch", "--kind", "killer", "--size", "4", "--count", "2", "--seed", "2", "-q")
	if code != 0 || strings.Count(out, `"size":4,`) != 2 {
		t.Fatalf("4x4 killers: exit %d, stderr %q, out %q", code, stderr, out)
	}
	code, _, stderr = runCLI(t, "", "batch", "--kind", "killer", "--size", "4", "--tier", "hard", "--count", "1", "--seed", "2", "--max-attempts", "20", "-q")
	if code != 1 || !strings.HasPrefix(stderr, "sudogen: gave up: asked for 1 killer 4x4 puzzles of tier hard") {
		t.Errorf("4x4 hard killer: exit %d, stderr %q; want exit 1, gave up", code, stderr)
	}
	checkFlagCases(t, "", []flagCase{
		{[]string{"batch", "--kind", "killer", "--size", "12"}, 2, "sudogen: --kind killer: size 12, expected 4, 6, 8 or 9\n"},
	})
}

// A solved sliding board needs no moves: solve prints its length "0"
// and no space after it (A1 item 13).
func TestSlideSolvedBoardLine(t *testing.T) {
	t.Setenv("SUDOGEN_CACHE_DIR", t.TempDir())
	code, out, stderr := runCLI(t, "1 2 3 4 5 6 7 8 0\n8 1 3 4 0 2 7 6 5\n", "solve", "--kind", "slide", "--no-cache", "-")
	if code != 0 || !strings.HasPrefix(out, "0\n") || strings.Contains(out, " \n") {
		t.Errorf("solve --kind slide: exit %d, stdout %q, stderr %q; want \"0\" alone on the first line, no trailing space", code, out, stderr)
	}
}

// writeFile writes data to name in dir and returns its path.
func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
