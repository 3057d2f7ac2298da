package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The readers agree (audit A1 items 1-4, 6, 9-11): every command that
// reads puzzles refuses the same bad line with the same one line on
// stderr, exit 1, naming the file and line; the expected messages are
// written out here, not taken from the code.

const agreeP9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

// readerCommands are the commands that read a corpus file, as a user runs
// them; stats sums its bad lines up in its own line (the first named).
func readerCommands(dir, file string) [][]string {
	return [][]string{
		{"solve", file}, {"grade", file}, {"canon", file}, {"explain", file},
		{"stats", file},
		{"merge", file, "-o", filepath.Join(dir, "m.jsonl")},
		{"export", file, "--format", "jsonl", "-o", "-"},
	}
}

// wantOneLine checks a command's exit code and that its stderr is the one
// line want (stats: its summary naming want as the first bad line).
func wantOneLine(t *testing.T, args []string, code int, errOut, want string) {
	t.Helper()
	line := "sudogen: " + want + "\n"
	if args[0] == "stats" {
		line = "sudogen: 1 line of " + args[1] + " is not a record: " + want + "\n"
	}
	if code != 1 || errOut != line {
		t.Errorf("%s: exit %d, stderr %q; want exit 1, %q", strings.Join(args, " "), code, errOut, line)
	}
}

// TestReadersAgreeOnBadLines: a record whose size is not its puzzle's,
// JSON that is no object, a killer cage cell off the grid or with a sum
// its cells cannot make, a jigsaw record with bad regions or an unknown
// variant, a slide or Samurai board written as txt: one message, every
// reader (stats and export's line formats too, which read records of the
// other kinds through their kind since 2026-12-07).
func TestReadersAgreeOnBadLines(t *testing.T) {
	dir := t.TempDir()
	killers := strings.Split(strings.TrimSpace(easyKillers(t, "1", "3")), "\n")
	var k map[string]any
	if err := json.Unmarshal([]byte(killers[0]), &k); err != nil {
		t.Fatal(err)
	}
	offGrid := func(cell int) string {
		k["cages"].([]any)[0].(map[string]any)["cells"] = []int{cell}
		b, _ := json.Marshal(k)
		return string(b)
	}
	badSum := func() string {
		k["cages"].([]any)[0].(map[string]any)["cells"] = []int{0, 1}
		k["cages"].([]any)[0].(map[string]any)["sum"] = 45
		b, _ := json.Marshal(k)
		return string(b)
	}
	// a jigsaw record (batch --variant jigsaw --seed 3), then its regions
	// or variant list broken
	jigsaw := func(variants, regions string) string {
		return `{"v":1,"kind":"variant","size":9,"puzzle":"....36.72.....1.3.28...........7...............8.49.5.....9.....4.8.....69...4...","variants":[` + variants + `],"regions":"` + regions + `"}`
	}
	const regions = "422221133421111113422261333424463363444566666555555556779999988779999888777778888"
	samurai := strings.Repeat(".", 9) + "###" + strings.Repeat(".", 441-12)
	cases := []struct {
		name, content, want string
	}{
		{"size.jsonl", `{"puzzle":"` + agreeP9 + `","size":16}`, "size.jsonl:1: size 16 but the puzzle is 9x9"},
		{"sizebox.jsonl", `{"kind":"sudoku","size":4,"box":[3,3],"puzzle":"` + agreeP9 + `"}`, "sizebox.jsonl:1: size 4 but the puzzle is 9x9"},
		{"arr.jsonl", "[1,2,3]", "arr.jsonl:1: a JSON array: not a record (a JSON object) nor a puzzle line"},
		{"null.jsonl", "null", "null.jsonl:1: JSON null: not a record (a JSON object) nor a puzzle line"},
		{"str.jsonl", `"str"`, `str.jsonl:1: a JSON string: not a record (a JSON object) nor a puzzle line`},
		{"k999.jsonl", offGrid(999), "k999.jsonl:1: killer: cage 1: cell 999 is off the 6x6 grid (cells are 0..35)"},
		{"kneg.jsonl", offGrid(-1), "kneg.jsonl:1: killer: cage 1: cell -1 is off the 6x6 grid (cells are 0..35)"},
		{"ksum.jsonl", badSum(), "ksum.jsonl:1: killer: cage 1 at r1c1: sum 45 is impossible for 2 distinct digits 1..6 (expected 3..11)"},
		{"jreg.jsonl", jigsaw(`"jigsaw"`, strings.Repeat("1", 81)), "jreg.jsonl:1: regions string: region 1 has 81 cells, expected 9"},
		{"jvar.jsonl", jigsaw(`"bogus"`, regions), `jvar.jsonl:1: variant "bogus": expected one of x, windoku, disjoint-groups, asterisk, girandola, center-dot, anti-knight, anti-king, non-consecutive, jigsaw, samurai`},
		{"sl3.txt", "0 5 1 3 4 2 8 6 7", "sl3.txt:1: 9 numbers: looks like a sliding board: read it with solve --kind slide (export, merge and stats read slide boards from jsonl only)"},
		{"sam.txt", samurai, "sam.txt:1: looks like a Samurai board (441 cells, '#' on the unused ones): read it with --variant samurai"},
	}
	t.Chdir(dir) // files named as a user names them
	for _, c := range cases {
		writeFile(t, dir, c.name, c.content+"\n")
		for _, args := range readerCommands(dir, c.name) {
			code, _, errOut := runCLI(t, "", args...)
			wantOneLine(t, args, code, errOut, c.want)
		}
	}
}

// TestStatsInfersSize: a record without "size" is counted at its
// puzzle's size, as the other readers take it, not as 0x0 (audit A1
// item 4); its givens are counted from the puzzle.
func TestStatsInfersSize(t *testing.T) {
	const p4 = "1..2.3..........."
	for _, c := range []struct {
		in, want string
	}{
		{`{"puzzle":"` + agreeP9 + `"}`, "sudoku 9x9: 1 record"},
		{`{"kind":"sudoku","puzzle":"` + agreeP9 + `","id":"a"}`, "sudoku 9x9: 1 record"},
		{`{"puzzle":"` + p4[:16] + `"}`, "sudoku 4x4: 1 record"},
		{agreeP9, "sudoku 9x9: 1 record"},
	} {
		code, out, errOut := runCLI(t, c.in+"\n", "stats", "-")
		if code != 0 || !strings.Contains(out, c.want) || strings.Contains(out, "0x0") {
			t.Errorf("stats of %s: exit %d, want %q:\n%s%s", c.in, code, c.want, out, errOut)
		}
		if !strings.Contains(out, "givens      min 17") && strings.Contains(c.want, "9x9") {
			t.Errorf("stats of %s: givens not counted from the puzzle (17):\n%s", c.in, out)
		}
	}
}

// TestExplainReadsAsSolve: explain reads its puzzle as solve reads the
// same line: the same checks, the same message after the source, and
// exit 1 for a bad puzzle whether it is the argument, a file or stdin
// (audit A1 items 1 and 10); an empty input is named, not called stdin.
func TestExplainReadsAsSolve(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, c := range []struct {
		line, want string // want: the message after "FILE:LINE: "
	}{
		{`{"kind":"sudoku","box":[0,0],"puzzle":"` + agreeP9 + `"}`, `box "0x0": expected RxC with positive whole numbers, e.g. 3x3 or 2x3`},
		{`{"kind":"sudoku","box":[3,-3],"puzzle":"` + agreeP9 + `"}`, `box "3x-3": expected RxC with positive whole numbers, e.g. 3x3 or 2x3`},
		{`{"puzzle":"` + agreeP9 + `","size":16}`, "size 16 but the puzzle is 9x9"},
		{"bd=abc", "killer: SudokuWiki form: expected bd=COLOURS,SUMS (a comma between them)"},
		{agreeP9[:80], "puzzle has 80 characters, expected 81 for 9x9 (other sizes: 16, 36, 64, 144, 256, 625)"},
		{"44" + agreeP9[2:], "4 appears twice in row 1 (r1c1 and r1c2)"},
		{"[1,2,3]", "a JSON array: not a record (a JSON object) nor a puzzle line"},
	} {
		if code, _, errOut := runCLI(t, c.line+"\n", "solve", "-"); code != 1 || errOut != "sudogen: stdin:1: "+c.want+"\n" {
			t.Errorf("solve - of %s: exit %d, %q; want exit 1, stdin:1: %s", c.line, code, errOut, c.want)
		}
		if code, _, errOut := runCLI(t, "# first\n"+c.line+"\n", "explain", "-"); code != 1 || errOut != "sudogen: stdin:2: "+c.want+"\n" {
			t.Errorf("explain - of %s: exit %d, %q; want exit 1, stdin:2: %s", c.line, code, errOut, c.want)
		}
		f := writeFile(t, dir, "p.txt", c.line+"\n")
		if code, _, errOut := runCLI(t, "", "explain", "p.txt"); code != 1 || errOut != "sudogen: p.txt:1: "+c.want+"\n" {
			t.Errorf("explain FILE of %s: exit %d, %q; want exit 1, p.txt:1: %s", c.line, code, errOut, c.want)
		}
		os.Remove(f)
		if code, _, errOut := runCLI(t, "", "explain", c.line); code != 1 || errOut != "sudogen: puzzle: "+c.want+"\n" {
			t.Errorf("explain %s: exit %d, %q; want exit 1, puzzle: %s", c.line, code, errOut, c.want)
		}
	}
	for name, content := range map[string]string{"empty.txt": "", "blank.txt": "\n\n# c\n", "bom.txt": "\xef\xbb\xbf"} {
		writeFile(t, dir, name, content)
		for _, cmd := range []string{"explain", "solve", "grade", "canon"} {
			if code, _, errOut := runCLI(t, "", cmd, name); code != 1 || errOut != "sudogen: "+name+": no puzzles found (empty input)\n" {
				t.Errorf("%s %s: exit %d, %q; want exit 1, %s: no puzzles found (empty input)", cmd, name, code, errOut, name)
			}
		}
	}
	if code, _, errOut := runCLI(t, "", "explain", "-"); code != 1 || errOut != "sudogen: stdin: no puzzles found (empty input)\n" {
		t.Errorf("explain of an empty stdin: exit %d, %q", code, errOut)
	}
}

// TestGradeFailureOnce: a grading failure is one line on stderr, not its
// note and then the first failure again as the run's error (audit A1
// item 2); a kind that has no grader is said once for all its lines,
// naming the first and how many (2026-12-07: one line per record before).
func TestGradeFailureOnce(t *testing.T) {
	code, recs, errOut := runCLI(t, "", "batch", "--kind", "slide", "--size", "3", "--count", "3", "--seed", "5", "-q", "--progress", "never", "-o", "-")
	if code != 0 {
		t.Fatalf("slide batch: exit %d: %s", code, errOut)
	}
	for _, n := range []int{1, 3} {
		in := strings.Join(strings.Split(strings.TrimSpace(recs), "\n")[:n], "\n") + "\n"
		code, _, errOut := runCLI(t, in, "grade", "-")
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if code != 1 || len(lines) != 1 {
			t.Errorf("grade of %d slide records: exit %d, %d lines on stderr, want exit 1 and 1:\n%s", n, code, len(lines), errOut)
		}
		what := map[int]string{1: "1 slide line", 3: "3 slide lines"}[n]
		if want := "sudogen: stdin:1: " + what + " not graded: kind slide: "; !strings.HasPrefix(lines[0], want) {
			t.Errorf("grade of %d slide records: %q, want it to start %q", n, lines[0], want)
		}
	}
}

// TestReadersSlideWithoutSize: a slide record without "size" is read at
// the width its tile count gives by every reader, as solve read it
// (audit h2: merge and export said "size 0 not supported", stats counted
// "slide 0x0").
func TestReadersSlideWithoutSize(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "ns.jsonl", `{"kind":"slide","tiles":[1,2,3,4,0,6,7,5,8]}`+"\n")
	for _, c := range []struct {
		args []string
		want string // in stdout
	}{
		{[]string{"solve", "ns.jsonl"}, "DR"},
		{[]string{"stats", "ns.jsonl"}, "slide 3x3: 1 record"},
		{[]string{"merge", "ns.jsonl", "-o", "-"}, `"canonical":"123405786"`},
		{[]string{"export", "ns.jsonl", "--format", "xlsx", "-o", "ns.xlsx"}, ""},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 0 and %q", strings.Join(c.args, " "), code, out, errOut, c.want)
		}
	}
}
