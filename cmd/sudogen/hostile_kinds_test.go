package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// killer4 is a 4x4 killer's fields (size, box, cages) with one solution,
// 2314142332414132.
const killer4 = `"size":4,"box":[2,2],"cages":[{"sum":5,"cells":[0,1]},{"sum":10,"cells":[2,6,7,10]},{"sum":4,"cells":[3]},{"sum":7,"cells":[4,5,9]},{"sum":3,"cells":[8]},{"sum":3,"cells":[11,15]},{"sum":4,"cells":[12]},{"sum":4,"cells":[13,14]}]`

// TestBatchFormatSEKinds: --format se with a kind rated on its own scale
// (killer, slide) is a usage error said before anything is made (exit 2,
// no file); it failed at the first record, after making it, with exit 1.
// A variant run, rated on the SE scale, writes it. A sliding board has
// no rating at all (it was said to be "on the slide scale").
func TestBatchFormatSEKinds(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--kind", "killer", "--size", "4"}, 2, "--format se: killer puzzles have no Sudoku Explainer ratings (theirs are on the killer scale)"},
		{[]string{"--kind", "slide", "--size", "3"}, 2, "--format se: slide puzzles have no Sudoku Explainer ratings (their difficulty is their number of moves, not a rating)"},
		{[]string{"--variant", "x", "--size", "4"}, 0, ""},
	} {
		for _, format := range []string{"se", "jsonl,se"} {
			out := filepath.Join(t.TempDir(), "out.se.txt")
			if format != "se" {
				out = filepath.Join(t.TempDir(), "book") + "/"
			}
			args := append([]string{"batch", "--count", "1", "--seed", "1", "-q", "--format", format, "-o", out}, c.args...)
			code, _, stderr := runCLI(t, "", args...)
			_, statErr := os.Stat(out)
			if code != c.code || !strings.Contains(stderr, c.err) || (c.code != 0) != os.IsNotExist(statErr) {
				t.Errorf("%v: exit %d, stderr %q, output there: %v; want exit %d, %q", args, code, stderr, statErr == nil, c.code, c.err)
			}
		}
	}
}

// TestExportSENamesLine: export --format se of a corpus with a killer or
// slide record names the record's file and line, as every other record
// export refuses is named (the message named the record's id only).
func TestExportSENamesLine(t *testing.T) {
	const sudoku = `{"kind":"sudoku","size":4,"box":[2,2],"puzzle":"1...........4..."}`
	for _, c := range []struct{ name, rec, why string }{
		{"killer", `{"v":1,"id":"k","kind":"killer",` + killer4 + `,"solution":"2314142332414132"}`, "(theirs are on the killer scale: "},
		{"slide", `{"id":"s","kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]}`, "(their difficulty is their number of moves, not a rating: "},
	} {
		in := filepath.Join(t.TempDir(), "in.jsonl")
		if err := os.WriteFile(in, []byte(sudoku+"\n"+c.rec+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, out := range []string{"-", filepath.Join(t.TempDir(), "out.se.txt")} {
			code, _, stderr := runCLI(t, "", "export", in, "--format", "se", "-o", out)
			if code != 1 || !strings.Contains(stderr, in+":2: ") || !strings.Contains(stderr, "the se format holds Sudoku Explainer ratings, which "+c.name+" puzzles do not have "+c.why) {
				t.Errorf("%s to %s: exit %d, stderr %q; want exit 1 naming %s:2", c.name, out, code, stderr, in)
			}
		}
	}
}

// TestExplainUnsolvableNamesLine: explain of a file (or stdin) whose
// puzzle has no solution or several names the file and line, as a bad
// puzzle there is named, for every kind (the message named no place).
func TestExplainUnsolvableNamesLine(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, text, want string
	}{
		{"sudoku none", "..23.4..1.......", "in.txt:1: puzzle has no solution"},
		{"sudoku several", strings.Repeat(".", 16), "in.txt:1: puzzle has more than one solution"},
		{"variant several", `{"kind":"variant","variants":["x"],"size":4,"puzzle":"` + strings.Repeat(".", 16) + `"}`, "in.txt:1: puzzle has more than one solution"},
		{"killer record none", `{"kind":"killer",` + strings.Replace(killer4, `"sum":5`, `"sum":4`, 1) + `}`, "in.txt:1: puzzle has no solution"},
		{"killer text several", "aabb\naabb\nccdd\nccdd\na=10 b=10 c=10 d=10", "in.txt:1: puzzle has more than one solution"},
	} {
		in := filepath.Join(dir, "in.txt")
		if err := os.WriteFile(in, []byte(c.text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI(t, "", "explain", in)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 1, %q", c.name, code, stderr, c.want)
		}
		code, _, stderr = runCLI(t, c.text+"\n", "explain", "-")
		if want := strings.Replace(c.want, "in.txt:", "stdin:", 1); code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("%s on stdin: exit %d, stderr %q; want exit 1, %q", c.name, code, stderr, want)
		}
	}
}

// TestBatchKindIgnoredFlags: the flags every kind has that a killer or
// slide run would silently ignore are refused (exit 2, nothing made):
// --tiers with --kind killer (a garbage file was accepted), --no-grade
// with --kind killer (the records were graded anyway), --profile and
// --no-grade with --kind slide; and a --size no killer has.
func TestBatchKindIgnoredFlags(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.yaml")
	if err := os.WriteFile(garbage, []byte("garbage: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--kind", "killer", "--size", "4", "--tiers", garbage}, "--kind killer does not take --tiers: the killer tiers are fixed"},
		{[]string{"--kind", "killer", "--size", "4", "--no-grade"}, "--kind killer does not take --no-grade: every killer is graded"},
		{[]string{"--kind", "slide", "--size", "3", "--profile", "hodoku"}, "--profile is for the graded kinds: a slide board is not graded"},
		{[]string{"--kind", "slide", "--size", "3", "--no-grade"}, "--no-grade is for the graded kinds: a slide board is not graded"},
		// a size no killer has is named against the killer sizes, not
		// Sudoku's ("expected one of 4, 6, 8, 9, 12, 16, 25")
		{[]string{"--kind", "killer", "--size", "5"}, "--kind killer: size 5, expected 4, 6, 8 or 9"},
		{[]string{"--kind", "killer", "--size", "7"}, "--kind killer: size 7, expected 4, 6, 8 or 9"},
	} {
		out := filepath.Join(dir, "out.jsonl")
		args := append([]string{"batch", "--count", "1", "--seed", "1", "-q", "-o", out}, c.args...)
		code, _, stderr := runCLI(t, "", args...)
		_, statErr := os.Stat(out)
		if code != 2 || !strings.Contains(stderr, c.want) || !os.IsNotExist(statErr) {
			t.Errorf("%v: exit %d, stderr %q, output made: %v; want exit 2, %q", c.args, code, stderr, statErr == nil, c.want)
		}
	}
}

// TestLineCommandIgnoredFlags: solve, grade and canon refuse a flag
// they would leave unread (exit 2, nothing printed): --box with
// --variant (an 81-cell line with --box 2x3 was solved as a 9x9), and
// solve's --pretty with --count, --limit without --count, and --count,
// --pretty or --limit with --kind slide.
func TestLineCommandIgnoredFlags(t *testing.T) {
	const x = ".7...5.4...........3..4..8.1...8.....8..549..5.2..7.1.................6.......5.."
	const board = "8 1 3 4 0 2 7 6 5"
	for _, c := range []struct {
		in   string
		args []string
		want string
	}{
		{x, []string{"solve", "--variant", "x", "--box", "2x3"}, "--box is for classic Sudoku: with --variant a puzzle's size comes from its length"},
		{x, []string{"grade", "--variant", "x", "--box", "3x3"}, "--box is for classic Sudoku"},
		{x, []string{"canon", "--variant", "x", "--box", "3x3"}, "--box is for classic Sudoku"},
		{x, []string{"solve", "--count", "--pretty"}, "--pretty prints solutions as grids; with --count solve prints how many"},
		{x, []string{"solve", "--limit", "5"}, "--limit bounds --count"},
		{board, []string{"solve", "--kind", "slide", "--count"}, "--count is for Sudoku: --kind slide prints each board's shortest solution"},
		{board, []string{"solve", "--kind", "slide", "--pretty"}, "--pretty is for Sudoku"},
		{board, []string{"solve", "--kind", "slide", "--limit", "3"}, "--limit is for Sudoku"},
	} {
		code, out, stderr := runCLI(t, c.in+"\n", append(c.args, "-")...)
		if code != 2 || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, out %q, stderr %q; want exit 2, %q", c.args, code, out, stderr, c.want)
		}
	}
	// what stays allowed
	for _, args := range [][]string{{"solve", "--count", "--limit", "5"}, {"solve", "--pretty"}, {"solve", "--variant", "x"}} {
		if code, _, stderr := runCLI(t, x+"\n", append(args, "-")...); code != 0 {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
	if code, _, stderr := runCLI(t, board+"\n", "solve", "--kind", "slide", "-"); code != 0 {
		t.Errorf("solve --kind slide: exit %d, %s", code, stderr)
	}
}

// TestExplainEveryCellGiven: explain of a classic or variant grid whose
// every cell is given closes with "hardest step: none" (it said
// "hardest step: ;"), as a killer's does.
func TestExplainEveryCellGiven(t *testing.T) {
	for _, args := range [][]string{
		{"1234341221434321"},
		{"--variant", "x", "531746829427895631698312574983164257152978463764253198276431985315689742849527316"},
	} {
		code, out, stderr := runCLI(t, "", append([]string{"explain"}, args...)...)
		if code != 0 || !strings.Contains(out, "Solved in 0 steps; hardest step: none; SE rating 0.0") {
			t.Errorf("explain %v of a full grid: exit %d, stdout %q, stderr %q", args, code, out, stderr)
		}
	}
}

// TestExplainSecondArgument: explain's second argument is a jigsaw's
// regions and nothing else. Before, `explain a.jsonl b.jsonl` glued the
// second name to the file's first record and said "a.jsonl:1: bad JSON",
// of a line that is good JSON; a JSON record with --variant jigsaw got
// the same.
func TestExplainSecondArgument(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "a.jsonl")
	os.WriteFile(rec, []byte(`{"puzzle":"2....1.2......14","solution":"2341413214233214"}`+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{rec, "b.jsonl"}, `explain: a second argument ("b.jsonl") is a jigsaw's regions, for --variant jigsaw only`},
		{[]string{"2....1.2......14", "1122112233443344"}, `explain: a second argument ("1122112233443344") is a jigsaw's regions, for --variant jigsaw only`},
		{[]string{"--variant", "jigsaw", rec, "1122112233443344"}, "explain: " + rec + " holds a JSON record, read from its own fields"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"explain"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "bad JSON") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("explain %v: exit %d, %q; want exit 2 with %q, one line", c.args, code, errOut, c.want)
		}
	}
}

// TestExportBookNamesLine: a record a book cannot print because of its
// board (a slide puzzle without a solution, when the book has an answer
// key) is named by file and line as soon as it is read, as a record with
// a bad tier is; it was named "record 2 (id "s")" after the whole corpus
// was read.
func TestExportBookNamesLine(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.jsonl")
	recs := `{"kind":"sudoku","size":4,"box":[2,2],"puzzle":"2....1.2......14"}` + "\n" +
		`{"id":"s","kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]}` + "\n"
	if err := os.WriteFile(in, []byte(recs), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "b.pdf")
	code, _, stderr := runCLI(t, "", "export", in, "-o", out)
	if code != 1 || !strings.Contains(stderr, in+":2: no solution for the answer key") {
		t.Errorf("exit %d, stderr %q; want exit 1 naming %s:2", code, stderr, in)
	}
	if code, _, stderr = runCLI(t, "", "export", in, "--solutions", "none", "-o", out); code != 0 {
		t.Errorf("--solutions none: exit %d, %q", code, stderr)
	}
}

// TestOtherKindsFieldRefused: a record carrying a field of another kind's
// records ("variants" on a classic or killer record, "cages" on a variant
// record, Killer-X's "variant" on a variant record) is refused by every
// reader, named by file and line: read as its own kind it is another
// puzzle than the one written (a killer with "variants": ["x"] was read
// as a plain killer, a classic record as classic). A field no kind has
// is still ignored, as unknown fields are.
func TestOtherKindsFieldRefused(t *testing.T) {
	const classic = `{"kind":"sudoku","size":4,"box":[2,2],"puzzle":"2....1.2......14"`
	const variant = `{"kind":"variant","size":9,"box":[3,3],"variants":["x"],"puzzle":"..7.8..4......35................24.......8.6..1.79...8.8.......6...5.......9...5."`
	killer := `{"kind":"killer",` + killer4
	for _, c := range []struct {
		rec, key, owner, kind string
	}{
		{classic + `,"variants":["x"]}`, "variants", `"variant"`, "sudoku"},
		{`{"puzzle":"2....1.2......14","cages":[]}`, "cages", `"killer"`, "sudoku"},
		{killer + `,"variants":["x"]}`, "variants", `"variant"`, "killer"},
		{variant + `,"cages":[{"sum":3,"cells":[0,1]}]}`, "cages", `"killer"`, "variant"},
		{variant + `,"variant":"x"}`, "variant", `"killer"`, "variant"},
	} {
		in := filepath.Join(t.TempDir(), "in.jsonl")
		if err := os.WriteFile(in, []byte("\n"+c.rec+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%s:2: field %q is a field of kind %s records, not of this %s record", in, c.key, c.owner, c.kind)
		for _, args := range [][]string{{"solve", in}, {"canon", in}, {"grade", in}, {"stats", in}, {"export", in, "-o", "-"}} {
			code, _, stderr := runCLI(t, "", args...)
			if code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("%s of %s: exit %d, stderr %q; want exit 1 with %q", args[0], c.rec, code, stderr, want)
			}
		}
	}
	code, out, stderr := runCLI(t, classic+`,"foo":{"variants":1}}`+"\n", "solve", "-")
	if code != 0 || strings.TrimSpace(out) != "2341413214233214" {
		t.Errorf("an unknown field: exit %d, %q, %q; want it ignored", code, out, stderr)
	}
}
