package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/schematest"
)

// TestOutputsMatchSchema runs every command that writes records and
// validates each line it writes against schema/ (docs/records.md): batch
// of every box shape, graded and not, symmetric, sliding puzzles, export
// to JSONL, merge (of records and plain lines), grade (rated, cut off,
// not unique, no solution), solve --kind slide, and the variants: batch
// --variant (graded, jigsaw, a 6x6 combination, Samurai, 12x12, the 9x9
// houses), grade and merge of published jigsaw and Samurai records, grade
// --variant of plain lines, and killers (batch of every size, Killer-X,
// hidden sums, givens; their grade lines, rated, not unique and without
// solution; merge). It also checks what
// a schema cannot: every rating is written as a float.
func TestOutputsMatchSchema(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SUDOGEN_CACHE_DIR", t.TempDir())
	path := func(name string) string { return filepath.Join(dir, name) }
	cli := func(stdin string, args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, stdin, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		return out
	}
	var outputs []struct{ what, schema, text string }
	add := func(what, schema, text string) {
		outputs = append(outputs, struct{ what, schema, text string }{what, schema, text})
	}
	batches := [][]string{
		{"--size", "4", "-n", "6", "--symmetry", "random"},
		{"--box", "2x3", "-n", "6", "--symmetry", "rot180"},
		{"--size", "8", "-n", "3"},
		{"-n", "12", "--tier", "any"},
		{"-n", "3", "--no-grade", "--givens", "30-40", "--symmetry", "diagonal"},
		{"--size", "12", "-n", "2"},
		{"--size", "16", "-n", "1", "--no-grade"},
		{"--size", "25", "--givens", "300-350", "-n", "1", "--no-grade"},
		{"--kind", "slide", "--size", "3", "-n", "5", "--tier", "any"},
		{"--kind", "slide", "--size", "5", "-n", "1", "--tier", "any"},
		{"--variant", "x", "-n", "3"},
		{"--variant", "jigsaw", "-n", "2", "--no-grade"},
		{"--variant", "x,windoku", "-n", "2", "--symmetry", "rot180"},
		{"--variant", "samurai", "-n", "1", "--no-grade"},
		{"--variant", "jigsaw,windoku", "-n", "1", "--no-grade"},
		{"--variant", "x", "--size", "12", "-n", "1", "--no-grade"},
		{"--variant", "asterisk,disjoint-groups", "-n", "1", "--no-grade"},
		{"--variant", "center-dot,girandola", "-n", "1", "--no-grade"},
		{"--kind", "killer", "--size", "4", "--variant", "x", "--hide-sums", "1", "-n", "2"},
		{"--kind", "killer", "--size", "6", "--givens", "5", "-n", "2"},
		{"--kind", "killer", "--size", "8", "-n", "1"},
		{"--kind", "killer", "-n", "1"},
	}
	for i, b := range batches {
		if raceEnabled && slices.Contains(b, "--variant") && !slices.Contains(b, "--no-grade") {
			// Grading X puzzles (chains) under the race detector took
			// minutes a run; the records' fields are checked by the
			// plain run, the pool's goroutines by the other batches.
			b = append(b, "--no-grade")
		}
		out := path("b" + string(rune('a'+i)) + ".jsonl")
		cli("", append([]string{"batch", "--seed", "3", "-q", "-o", out}, b...)...)
		text, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		add("batch "+strings.Join(b, " "), "record.schema.json", string(text))
	}
	add("export --format jsonl", "record.schema.json",
		cli("", "export", path("bd.jsonl"), "--format", "jsonl", "--sort", "-rating", "-o", "-", "-q"))
	plain := path("plain.txt")
	os.WriteFile(plain, []byte("# plain lines\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"), 0o644)
	add("merge", "record.schema.json", cli("", "merge", path("bd.jsonl"), path("be.jsonl"), plain, "-o", "-", "-q"))
	add("merge of slide records", "record.schema.json", cli("", "merge", path("bi.jsonl"), path("bi.jsonl"), "-o", "-", "-q"))
	grades := strings.Join([]string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", // rated
		"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1", // hard: cut off below
		".................................................................................", // many solutions
		"12345678.........9" + strings.Repeat(".", 63),                                      // no solution
	}, "\n")
	add("grade", "grade.schema.json", cli(strings.ReplaceAll(grades, "1.......2.9.4", "#......2.9.4"), "grade"))
	add("grade --max-rating", "grade.schema.json", cli(grades, "grade", "--max-rating", "3"))
	add("grade of records", "grade.schema.json", cli("", "grade", path("bd.jsonl")))
	published := filepath.Join("..", "..", "internal", "testdata", "mit", "variant", "published.jsonl")
	add("grade of variant records (jigsaw, samurai)", "grade.schema.json", cli("", "grade", published))
	add("merge of variant records (jigsaw, samurai)", "record.schema.json", cli("", "merge", published, "-o", "-", "-q"))
	add("grade --variant x of plain lines", "grade.schema.json", cli(".7...5.4...........3..4..8.1...8.....8..549..5.2..7.1.................6.......5..\n"+
		".................................................................................\n"+ // many solutions
		"12345678.........9"+strings.Repeat(".", 63)+"\n", // no solution
		"grade", "--variant", "x"))
	capped := cli(akHard+"\n"+akNightmare+"\n", "grade", "--variant", "anti-knight", "--max-rating", "4.4")
	add("grade --variant anti-knight --max-rating of plain lines", "grade.schema.json", capped)
	os.WriteFile(path("capped.jsonl"), []byte(capped), 0o644)
	add("export --format jsonl of grade --max-rating variant lines", "record.schema.json", cli("", "export", path("capped.jsonl"), "--format", "jsonl", "-o", "-", "-q"))
	// Killers: graded records (plain, Killer-X, hidden sums, givens, 8x8)
	// and two that grade does not grade: cages the rows (many solutions)
	// and two 1-cages in one row (no solution).
	killers := path("killers.jsonl")
	os.WriteFile(killers, []byte(`{"v":1,"kind":"killer","size":4,"box":[2,2],"puzzle":"................","cages":[{"sum":10,"cells":[0,1,2,3]},{"sum":10,"cells":[4,5,6,7]},{"sum":10,"cells":[8,9,10,11]},{"sum":10,"cells":[12,13,14,15]}]}
{"v":1,"kind":"killer","size":4,"box":[2,2],"puzzle":"................","cages":[{"sum":1,"cells":[0]},{"sum":1,"cells":[1]},{"sum":7,"cells":[2,3]},{"sum":10,"cells":[4,5,6,7]},{"sum":10,"cells":[8,9,10,11]},{"sum":10,"cells":[12,13,14,15]}]}
`), 0o644)
	add("grade of killer records", "grade.schema.json", cli("", "grade", path("bs.jsonl"), path("bt.jsonl"), path("bu.jsonl"), path("bv.jsonl"), killers))
	add("merge of killer records", "record.schema.json", cli("", "merge", path("bt.jsonl"), path("bt.jsonl"), "-o", "-", "-q"))
	add("solve --kind slide --format jsonl", "record.schema.json", cli("1 2 3 4 5 6 0 7 8\n8 6 7 2 5 4 3 0 1\n", "solve", "--kind", "slide", "--format", "jsonl"))

	notFloat := regexp.MustCompile(`"(rating|rating_at_least|ep|ed)":-?\d+[,}]`)
	seen := map[string]bool{}
	for _, o := range outputs {
		schematest.Lines(t, o.what, o.schema, strings.NewReader(o.text))
		if m := notFloat.FindString(o.text); m != "" {
			t.Errorf("%s: a rating written as a whole number: %s", o.what, m)
		}
		for _, k := range []string{`"variants":["samurai"]`, `"regions":`, `"hodoku":"classic-only"`, `"rating_at_least"`, `"status":"multiple solutions"`, `"status":"no solution"`, `"status":"above max-rating"`, `"exact":false`, `"optimal"`, `"level"`, `"symmetry":"rot180"`,
			`"kind":"killer"`, `"variant":"x"`, `{"cells":`, `"variants":["jigsaw","windoku"]`, `"size":12`} {
			seen[k] = seen[k] || strings.Contains(o.text, k)
		}
	}
	for k, ok := range seen {
		if !ok {
			t.Errorf("no output had %s: the test lost a case", k)
		}
	}
}

// TestRecordsDocExamples: each example record in docs/records.md is what
// the command named under it writes (the line with the same id), and is
// valid against the schema.
func TestRecordsDocExamples(t *testing.T) {
	b, err := os.ReadFile("../../docs/records.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)\n(    \\{\"v\":.*?\\}\n)\n\\(`(sudogen [^`]+)`").FindAllStringSubmatch(string(b), -1)
	if len(blocks) < 2 {
		t.Fatalf("docs/records.md: %d example records with their commands, want the Sudoku and the slide one", len(blocks))
	}
	for _, m := range blocks {
		var shown map[string]any
		if err := json.Unmarshal([]byte(m[1]), &shown); err != nil {
			t.Fatalf("example is not JSON: %v\n%s", err, m[1])
		}
		args := append(strings.Fields(m[2])[1:], "-q", "-o", "-")
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		found := false
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var real map[string]any
			json.Unmarshal([]byte(line), &real)
			if real["id"] != shown["id"] {
				continue
			}
			found = true
			if !reflect.DeepEqual(shown, real) {
				t.Errorf("docs/records.md's %v differs from what %q writes; replace it with:\n%s", shown["id"], m[2], line)
			}
			if err := schematest.Validate("record.schema.json", []byte(line)); err != nil {
				t.Errorf("%s: %v", line, err)
			}
		}
		if !found {
			t.Errorf("%q writes no record %v", m[2], shown["id"])
		}
	}
}
