package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// canonTestdata reads the non-comment lines of a shared test data file.
func canonTestdata(t *testing.T, rel string, max int) [][]string {
	t.Helper()
	out := testdata.Fields(t, rel)
	if len(out) > max {
		out = out[:max]
	}
	return out
}

func TestCanonCommandVectors(t *testing.T) {
	vec := canonTestdata(t, "canon/minlex-vectors.txt", 40)
	var in, want strings.Builder
	for _, f := range vec {
		in.WriteString(f[0] + "\n")
		want.WriteString(strings.ReplaceAll(f[1], "0", ".") + "\n")
	}
	code, out, errOut := runCLI(t, in.String(), "canon")
	if code != 0 || out != want.String() {
		t.Fatalf("code %d, stderr %q\n got %q\nwant %q", code, errOut, out, want.String())
	}
}

// isomorphCorpus returns n puzzles of 17-clue.txt and, for each, a random
// isomorph.
func isomorphCorpus(t *testing.T, n int) (orig, copies []string) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, f := range canonTestdata(t, "sudoku/17-clue.txt", n) {
		g, err := sudoku.ParseAuto(f[0])
		if err != nil {
			t.Fatal(err)
		}
		orig = append(orig, f[0])
		copies = append(copies, sudoku.RandomTransform(sudoku.Shape9, rng).Apply(g).String())
	}
	return orig, copies
}

// TestCanonCommandMixedShapes: a worker switching between box shapes line
// by line (each shape's Canonicalizer is kept, the last one reused) gives
// every puzzle the form of its own shape: a puzzle and a random isomorph
// of it, far apart in the input with other shapes between, print the same
// line, of the puzzle's length, and the same as the library's.
func TestCanonCommandMixedShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	shapes := []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape9, sudoku.Shape4, sudoku.Shape9}
	var orig, copies, want []string
	for i := range 60 {
		s := shapes[i%len(shapes)]
		// A full grid by the band pattern, with about half its cells kept.
		g := sudoku.NewGrid(s)
		n := s.BoxRows * s.BoxCols
		for r := range n {
			for c := range n {
				if rng.IntN(2) == 0 {
					g.Cells[r*n+c] = uint8((r%s.BoxRows*s.BoxCols+r/s.BoxRows+c)%n + 1)
				}
			}
		}
		orig = append(orig, g.String())
		copies = append(copies, sudoku.RandomTransform(s, rng).Apply(g).String())
		want = append(want, sudoku.CanonicalString(g))
	}
	in := strings.Join(orig, "\n") + "\n" + strings.Join(copies, "\n") + "\n"
	code, out, errOut := runCLI(t, in, "canon", "--workers", "1")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != 2*len(orig) {
		t.Fatalf("%d output lines for %d puzzles", len(got), 2*len(orig))
	}
	for i := range orig {
		if got[i] != got[len(orig)+i] || len(got[i]) != len(orig[i]) || got[i] != want[i] {
			t.Errorf("puzzle %d %s: canon %q, of its isomorph %q, library %q", i+1, orig[i], got[i], got[len(orig)+i], want[i])
		}
	}
}

func TestCanonCommandUnique(t *testing.T) {
	orig, copies := isomorphCorpus(t, 200)
	in := strings.Join(orig, "\n") + "\n" + strings.Join(copies, "\n") + "\n"
	code, out, errOut := runCLI(t, in, "canon", "--unique", "--original")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if out != strings.Join(orig, "\n")+"\n" {
		t.Fatalf("--unique --original did not keep exactly the first occurrences")
	}
	if !strings.Contains(errOut, "400 puzzles, 200 distinct, 200 duplicates dropped") {
		t.Fatalf("summary: %q", errOut)
	}
}

func TestCanonCommandBadLine(t *testing.T) {
	code, out, errOut := runCLI(t, "1234\n", "canon")
	if code != 1 || out != "invalid\n" || !strings.Contains(errOut, "stdin:1:") {
		t.Fatalf("code %d out %q err %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "", "canon", "--box", "7x7")
	if code != 2 || !strings.Contains(errOut, "--box") {
		t.Fatalf("bad --box: code %d err %q", code, errOut)
	}
}

// readCanonicals reads the canonical fields of a JSONL file.
func readCanonicals(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec struct{ Canonical, Puzzle string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out = append(out, rec.Canonical)
	}
	return out
}

// TestMergeTransformedCopy merges a corpus with a transformed copy of
// itself: every puzzle must come out once, as its first occurrence.
func TestMergeTransformedCopy(t *testing.T) {
	orig, copies := isomorphCorpus(t, 300)
	dir := t.TempDir()
	a, b, o := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt"), filepath.Join(dir, "out.jsonl")
	os.WriteFile(a, []byte(strings.Join(orig, "\n")+"\n"), 0o644)
	os.WriteFile(b, []byte(strings.Join(copies, "\n")+"\n"), 0o644)
	code, _, errOut := runCLI(t, "", "merge", a, b, "-o", o)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "b.txt: 300 read, 0 kept, 300 duplicates dropped") ||
		!strings.Contains(errOut, "a.txt: 300 read, 300 kept, 0 duplicates dropped") {
		t.Fatalf("counts: %s", errOut)
	}
	canon := readCanonicals(t, o)
	if len(canon) != 300 {
		t.Fatalf("%d records, want 300", len(canon))
	}
	for i, p := range orig {
		g, _ := sudoku.ParseAuto(p)
		if canon[i] != sudoku.CanonicalString(g) {
			t.Fatalf("record %d is not the first occurrence's canonical form", i)
		}
	}
	// Merging the merged corpus with the copies again adds nothing.
	o2 := filepath.Join(dir, "again.jsonl")
	if code, _, errOut := runCLI(t, "", "merge", o, b, "-o", o2); code != 0 || len(readCanonicals(t, o2)) != 300 {
		t.Fatalf("second merge: code %d %s", code, errOut)
	}
}

func TestMergeBadInputLeavesNoOutput(t *testing.T) {
	dir := t.TempDir()
	a, o := filepath.Join(dir, "a.txt"), filepath.Join(dir, "out.jsonl")
	os.WriteFile(a, []byte("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n12x\n"), 0o644)
	code, _, errOut := runCLI(t, "", "merge", a, "-o", o)
	if code != 1 || !strings.Contains(errOut, "a.txt:2:") {
		t.Fatalf("code %d err %q", code, errOut)
	}
	if _, err := os.Stat(o); err == nil {
		t.Fatal("output written despite the bad line")
	}
	if code, _, _ := runCLI(t, "", "merge", a); code != 2 {
		t.Fatalf("merge without -o: code %d, want 2", code)
	}
}

// TestBatchExcludeOwnOutput runs a batch twice with the same seed, the
// second excluding the first's output: together they hold each puzzle once.
func TestBatchExcludeOwnOutput(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	args := []string{"batch", "--count", "15", "--seed", "3", "--no-grade", "--size", "6", "--progress", "never"}
	if code, _, errOut := runCLI(t, "", append(args, "-o", a)...); code != 0 {
		t.Fatalf("first run: %s", errOut)
	}
	code, _, errOut := runCLI(t, "", append(args, "-o", b, "--exclude", a)...)
	if code != 0 {
		t.Fatalf("second run: %s", errOut)
	}
	if !strings.Contains(errOut, "dropped") {
		t.Fatalf("no duplicates reported: %s", errOut)
	}
	all := append(readCanonicals(t, a), readCanonicals(t, b)...)
	seen := map[string]bool{}
	for _, c := range all {
		if c == "" || seen[c] {
			t.Fatalf("canonical %q missing or repeated", c)
		}
		seen[c] = true
	}
	if len(all) != 30 {
		t.Fatalf("%d records, want 30", len(all))
	}
}

func TestBatchExcludeRefusesSlide(t *testing.T) {
	code, _, errOut := runCLI(t, "", "batch", "--kind", "slide", "--count", "1", "--exclude", "x.jsonl")
	if code != 2 || !strings.Contains(errOut, "--exclude") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}

// TestMergeIDs: records from plain puzzle lines get the id
// "<file base>-<line>" (line numbers of the input file, comments counted);
// records that carry an id keep it.
func TestMergeIDs(t *testing.T) {
	orig, _ := isomorphCorpus(t, 3)
	dir := t.TempDir()
	a, b, o := filepath.Join(dir, "hard.txt"), filepath.Join(dir, "old.jsonl"), filepath.Join(dir, "out.jsonl")
	os.WriteFile(a, []byte("# header\n"+orig[0]+"\n\n"+orig[1]+" 4.5\n"), 0o644)
	os.WriteFile(b, []byte(`{"kind":"sudoku","id":"keep-me","puzzle":"`+orig[2]+`"}`+"\n"), 0o644)
	if code, _, errOut := runCLI(t, "", "merge", a, b, "-o", o); code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	data, err := os.ReadFile(o)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ id, puzzle string }{{"hard-2", orig[0]}, {"hard-4", orig[1]}, {"keep-me", orig[2]}}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d records, want %d:\n%s", len(lines), len(want), data)
	}
	for i, line := range lines {
		var rec struct{ ID, Puzzle string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if rec.ID != want[i].id || rec.Puzzle != want[i].puzzle {
			t.Errorf("record %d: id %q puzzle %s, want id %q puzzle %s", i, rec.ID, rec.Puzzle, want[i].id, want[i].puzzle)
		}
	}
}

// TestCanonCommandCommonLine: the common line (81 symbols of a 9x9
// puzzle) read straight into the search gives what the general reader
// gives (--box 3x3 turns the short way off): the same output, messages
// and exit code with and without --unique and --original, on plain
// lines with '.' or '0', lines the short way refuses (a repeat in a
// unit, a full grid, a bad symbol, spaces, a comment after the puzzle),
// records, from a file with one worker or two and from stdin.
func TestCanonCommandCommonLine(t *testing.T) {
	orig, copies := isomorphCorpus(t, 150)
	var lines []string
	for i := range orig {
		lines = append(lines, orig[i], strings.ReplaceAll(copies[i], ".", "0"))
		switch i % 10 {
		case 1:
			lines = append(lines, orig[i][:80]+orig[i][79:80]) // last two the same: often a repeat
		case 2:
			p := []byte(copies[i])
			for j := range p {
				if p[j] != '.' {
					p[(j+27)%81] = p[j] // the same value three rows down: a column
					break
				}
			}
			lines = append(lines, string(p))
		case 3:
			lines = append(lines, "  "+orig[i], orig[i]+" # note", orig[i][:40]+"x"+orig[i][41:])
		case 4:
			lines = append(lines, `{"puzzle":"`+copies[i]+`"}`, "", "# comment")
		case 5:
			lines = append(lines, "123456789456789123789123456214365897365897214897214365531642978642978531978531642")
		}
	}
	in := strings.Join(lines, "\n") + "\n"
	file := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{nil, {"--unique"}, {"--original"}, {"--unique", "--original"}} {
		for _, src := range [][]string{{file, "--workers", "1"}, {file, "--workers", "2"}, {"-"}} {
			args := append(append([]string{"canon"}, flags...), src...)
			code, out, errOut := runCLI(t, in, args...)
			code2, out2, errOut2 := runCLI(t, in, append(args, "--box", "3x3")...)
			if code != code2 || out != out2 || errOut != errOut2 {
				t.Fatalf("%v: code %d / %d with --box 3x3\nstderr %q\nvs     %q\nstdout differs: %v", args, code, code2, errOut, errOut2, out != out2)
			}
			if code != 1 || !strings.Contains(errOut, "appears twice") || len(out) < 100*82 {
				t.Fatalf("%v: code %d, %d bytes out, stderr %q", args, code, len(out), errOut)
			}
		}
	}
}

// TestCanonOriginalKinds: canon --original prints a record of another
// kind as its kind writes it on a line, what export --format txt writes
// (a killer's cage map and sums, a sliding board's tiles, a jigsaw's
// puzzle and regions), not its "puzzle" field: a killer's was a line of
// dots and a sliding board's an empty line.
func TestCanonOriginalKinds(t *testing.T) {
	dir := t.TempDir()
	for _, run := range [][]string{
		{"--kind", "killer", "--size", "4"},
		{"--kind", "slide", "--size", "3"},
		{"--variant", "jigsaw", "--size", "6"},
	} {
		f := filepath.Join(dir, run[1]+".jsonl")
		if code, _, e := runCLI(t, "", append([]string{"batch", "--count", "2", "--seed", "1", "-q", "-o", f}, run...)...); code != 0 {
			t.Fatal(e)
		}
		_, want, e := runCLI(t, "", "export", f, "--format", "txt", "-o", "-")
		if strings.Count(want, "\n") != 2 {
			t.Fatalf("%v: export txt %q %s", run, want, e)
		}
		for _, extra := range [][]string{nil, {"--unique"}} {
			code, out, e := runCLI(t, "", append([]string{"canon", "--original", f}, extra...)...)
			if code != 0 || out != want {
				t.Errorf("%v canon --original %v: exit %d, %q, want %q (%s)", run, extra, code, out, want, e)
			}
		}
	}
}
