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
		{[]string{"batch", "--kind", "killer", "--size", "4", "--cage-sizes", "9"}, 2, `sudogen: --cage-sizes "9": expected MIN-MAX with 1 <= MIN <= MAX <= 4, e.g. 2-4` + "\n"},
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

// A book's optional lines may be given empty: "none", as their default
// (a script passing --subtitle "$SUB" without a subtitle); the title page
// then has no such line.
func TestEmptyBookLinesAccepted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.pdf")
	args := []string{"export", "-", "-q", "-o", out}
	for _, f := range []string{"subtitle", "author", "copyright", "copyright-holder", "imprint", "edition", "blurb", "isbn"} {
		args = append(args, "--"+f, "")
	}
	const p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	if code, _, stderr := runCLI(t, p, args...); code != 0 {
		t.Fatalf("sudogen %q: exit %d, %s", args, code, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}

// Every flag of every command that takes a value says what it expects
// when given an empty one: a flag new to a command must be named in
// flagExpects (or be a choiceFlag, or parse its value as it is set).
func TestEveryFlagSaysWhatItExpects(t *testing.T) {
	root := NewCmdRoot()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if !textFlagTypes[f.Value.Type()] || f.Value.Set("") != nil {
				return // parsed as it is set, or refused by its own parse
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
	if code != 1 || !strings.HasPrefix(stderr, "sudogen: gave up: asked for 1 killer 4x4 puzzle of tier hard") {
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

// With --format, an -o that ends in another format's extension is
// refused instead of becoming a folder of that name, and a folder -o
// whose parent is missing is refused as a file -o is (A1 item 12).
func TestFormatOutputName(t *testing.T) {
	dir := t.TempDir()
	y, c9, sub := filepath.Join(dir, "y.txt"), filepath.Join(dir, "c9.jsonl"), filepath.Join(dir, "nope", "sub")
	base := []string{"batch", "--count", "2", "--seed", "1", "--no-grade", "-q"}
	for _, c := range []flagCase{
		{[]string{"--format", "pdf", "-o", y}, 2, "sudogen: --format pdf but -o " + y + " ends in .txt: end it in .pdf for that file, or in / for a folder\n"},
		{[]string{"--format", "jsonl,txt", "-o", c9}, 2, "sudogen: --format jsonl,txt writes one file per format into a folder, but -o " + c9 + " ends in .jsonl: name a folder (ending in /)\n"},
		{[]string{"--format", "jsonl,txt", "-o", sub + "/"}, 1, "sudogen: cannot create folder " + sub + "/: folder " + filepath.Join(dir, "nope") + " does not exist\n"},
		{[]string{"-o", filepath.Join(sub, "x.jsonl")}, 1, "sudogen: cannot write " + filepath.Join(sub, "x.jsonl") + ": folder " + sub + " does not exist\n"},
	} {
		code, _, stderr := runCLI(t, "", append(base, c.args...)...)
		if code != c.code || stderr != c.stderr {
			t.Errorf("batch %q: exit %d, %q; want exit %d, %q", c.args, code, stderr, c.code, c.stderr)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("refused runs left %v in the folder", ents)
	}
	// What still works: the format's own file, a folder named with a
	// trailing /, and an existing folder of any name.
	for _, out := range []string{filepath.Join(dir, "b.pdf"), filepath.Join(dir, "old.pdf") + "/", filepath.Join(dir, "new") + "/"} {
		if code, _, stderr := runCLI(t, "", append(base, "--format", "pdf", "-o", out)...); code != 0 {
			t.Errorf("--format pdf -o %s: exit %d, %q", out, code, stderr)
		}
	}
	if st, err := os.Stat(filepath.Join(dir, "old.pdf", "puzzles.pdf")); err != nil || !st.Mode().IsRegular() {
		t.Errorf("-o old.pdf/: no old.pdf/puzzles.pdf (%v)", err)
	}
	if code, _, stderr := runCLI(t, "", append(base, "--format", "jsonl,txt", "-o", filepath.Join(dir, "old.pdf"))...); code != 0 {
		t.Errorf("--format jsonl,txt -o an existing folder old.pdf: exit %d, %q", code, stderr)
	}
}

// `sudogen help NAME` of no command is a usage error in one line, and a
// wrong argument count says what the command expects (A1 item 13).
func TestHelpAndArgumentMessages(t *testing.T) {
	checkFlagCases(t, "", []flagCase{
		{[]string{"help", "bogus"}, 2, "sudogen: help bogus: no such command (expected one of batch, canon, completion, explain, export, grade, help, merge, reglib, slide, solve, stats, techniques, version)\n"},
		{[]string{"help", "slide", "bogus"}, 2, "sudogen: help slide bogus: no such command (expected one of build-tables)\n"},
		{[]string{"explain"}, 2, "sudogen: explain: expected a puzzle, a file or - (stdin), then a jigsaw's regions if any; got 0 arguments\n"},
		{[]string{"explain", "a", "b", "c"}, 2, "sudogen: explain: expected a puzzle, a file or - (stdin), then a jigsaw's regions if any; got 3 arguments\n"},
		{[]string{"merge", "-o", "-"}, 2, "sudogen: merge: expected one or more corpus files (- for stdin); got 0 arguments\n"},
		{[]string{"export", "-o", "-"}, 2, "sudogen: export: expected one or more corpus files (- for stdin); got 0 arguments\n"},
		{[]string{"stats"}, 2, "sudogen: stats: expected corpus files (- for stdin); got 0 arguments\n"},
		{[]string{"reglib"}, 2, "sudogen: reglib: expected one regression library file; got 0 arguments\n"},
	})
	for _, args := range [][]string{{"help", "batch"}, {"help", "slide", "build-tables"}, {"help"}} {
		if code, out, stderr := runCLI(t, "", args...); code != 0 || stderr != "" || !strings.Contains(out, "Usage:") {
			t.Errorf("sudogen %q: exit %d, stderr %q, no usage in stdout", args, code, stderr)
		}
	}
}

// reglib of a file with no case prints the error only: no table header
// and no "0 passed" totals before it (A1 item 13).
func TestReglibNoCasesOnlyError(t *testing.T) {
	dir := t.TempDir()
	for _, data := range []string{"", "# a comment\n\n"} {
		p := writeFile(t, dir, "r.txt", data)
		code, out, stderr := runCLI(t, "", "reglib", p)
		want := "sudogen: " + p + ": no regression cases found (expected :code:digits:grid:deleted:eliminations:placements:extra lines)\n"
		if code != 1 || out != "" || stderr != want {
			t.Errorf("reglib %q: exit %d, stdout %q, stderr %q; want exit 1, no stdout, %q", data, code, out, stderr, want)
		}
	}
}

// --exclude refuses a malformed line whichever kind the run makes, and
// says every problem of its file after "--exclude:", exit 2, as it says
// a missing file (A1 item 13): before, a --variant or killer run skipped
// a malformed plain line, and a binary file was exit 1 without the
// flag's name.
func TestExcludeFileProblemsEveryKind(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.txt", "# list\ngarbage line\n")
	arr := writeFile(t, dir, "arr.jsonl", "[1,2,3]\n")
	bin := writeFile(t, dir, "g.bin", "\xb4yQ\x00\x16\n")
	badLine := "sudogen: --exclude: " + bad + ":2: puzzle has 7 characters, expected 16 for 4x4 (other sizes: 36, 64, 81, 144, 256, 625)\n"
	var cases []flagCase
	for _, run := range [][]string{{}, {"--variant", "x"}, {"--kind", "killer"}} {
		base := append([]string{"batch", "--count", "1", "--seed", "1", "-q", "-o", filepath.Join(dir, "o.jsonl")}, run...)
		cases = append(cases,
			flagCase{append(append([]string(nil), base...), "--exclude", bad), 2, badLine},
			flagCase{append(append([]string(nil), base...), "--exclude", arr), 2, "sudogen: --exclude: " + arr + ":1: a JSON array: not a record (a JSON object) nor a puzzle line\n"}, // A1 item 6
			flagCase{append(append([]string(nil), base...), "--exclude", bin), 2, "sudogen: --exclude: " + bin + ":1: NUL byte at column 4: not a text file\n"},
			flagCase{append(append([]string(nil), base...), "--exclude", filepath.Join(dir, "none")), 2, "sudogen: --exclude: cannot read " + filepath.Join(dir, "none") + ": no such file or directory\n"},
		)
	}
	checkFlagCases(t, "", cases)
}
