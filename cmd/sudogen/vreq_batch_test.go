package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vreqRecord is what these tests read of a variant record.
type vreqRecord struct {
	Puzzle     string         `json:"puzzle"`
	Rating     float64        `json:"rating"`
	Tier       string         `json:"tier"`
	Hardest    string         `json:"hardest"`
	Techniques map[string]int `json:"techniques"`
}

func readVreq(t *testing.T, text string) []vreqRecord {
	t.Helper()
	var recs []vreqRecord
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		var r vreqRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		recs = append(recs, r)
	}
	return recs
}

// TestVreqBatchTechniques: `batch --variant` takes --hardest and
// --requires (they were refused: "--hardest is for --kind sudoku"), and
// every record it writes truly has the technique: `grade --variant`, run
// on the bare puzzle lines (a grading of its own, uncapped, from the
// cells alone), gives the record's rating, hardest step and techniques,
// with the hardest step asked for and the technique required.
func TestVreqBatchTechniques(t *testing.T) {
	for _, tc := range []struct {
		variant, flag, id string
		extra             []string
	}{
		{"x", "--hardest", "x-wing", nil},
		{"anti-king", "--requires", "xy-wing", []string{"--tier", "hard"}},
	} {
		args := append([]string{"batch", "--variant", tc.variant, tc.flag, tc.id, "-n", "2", "--seed", "1", "-w", "1", "-q"}, tc.extra...)
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		recs := readVreq(t, out)
		var lines []string
		for _, r := range recs {
			lines = append(lines, r.Puzzle)
		}
		code, gout, errOut := runCLI(t, strings.Join(lines, "\n")+"\n", "grade", "--variant", tc.variant, "-")
		if code != 0 {
			t.Fatalf("grade: exit %d: %s", code, errOut)
		}
		graded := readVreq(t, gout)
		if len(recs) != 2 || len(graded) != 2 {
			t.Fatalf("%v: %d records, %d graded", args, len(recs), len(graded))
		}
		for i, r := range recs {
			g := graded[i]
			if g.Rating != r.Rating || g.Hardest != r.Hardest || !maps.Equal(g.Techniques, r.Techniques) {
				t.Errorf("%v #%d: record %v %s %v, grade says %v %s %v", args, i, r.Rating, r.Hardest, r.Techniques, g.Rating, g.Hardest, g.Techniques)
			}
			if tc.flag == "--hardest" && g.Hardest != tc.id || tc.flag == "--requires" && g.Techniques[tc.id] == 0 {
				t.Errorf("%v #%d: graded hardest %s, techniques %v", args, i, g.Hardest, g.Techniques)
			}
		}
	}
}

// TestVreqBatchRefuses: technique ids the variant ladder never uses on
// the board, unknown ids, --no-grade, and combinations no kept tier can
// hold are refused up front, in one line, exit 2.
func TestVreqBatchRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "x", "--hardest", "als-xz"}, "--hardest als-xz: the variant grader's ladder never uses it on x 9x9 (SE finds it as a chain"},
		{[]string{"--variant", "x", "--requires", "x-wing,frob"}, `--requires "frob": unknown technique; expected one of: full-house,`},
		{[]string{"--variant", "x", "--hardest", "Swordfsh"}, `--hardest "Swordfsh": unknown technique (did you mean swordfish?); expected one of: full-house,`},
		{[]string{"--variant", "jigsaw", "--requires", "unique-rectangle"}, "--requires unique-rectangle: the variant grader's ladder never uses it on jigsaw 9x9"},
		{[]string{"--variant", "samurai", "--hardest", "bug-1"}, "--hardest bug-1: the variant grader's ladder never uses it on samurai (it needs a board of rows, columns and boxes); expected one of: full-house,"},
		{[]string{"--variant", "x", "--hardest", "locked-nc"}, "--hardest locked-nc: the variant grader's ladder never uses it on x 9x9 (it works on non-consecutive pairs)"},
		{[]string{"--variant", "x", "--hardest", "x-wing", "--no-grade"}, "--hardest needs grading: drop --no-grade"},
		{[]string{"--variant", "x", "--requires", "x-wing", "--no-grade"}, "--requires needs grading: drop --no-grade"},
		{[]string{"--variant", "x", "--hardest", "x-wing", "--tier", "easy,medium"}, "no puzzle can be kept: tier easy (SE 0.0-1.5), medium (SE 1.6-2.8) with hardest x-wing (SE 3.2)"},
		{[]string{"--variant", "x", "--requires", "xy-wing", "--hardest", "x-wing"}, "no puzzle can be kept: requires xy-wing (SE 4.2+) with hardest x-wing (SE 3.2)"},
		{[]string{"--variant", "x", "--hardest", "x-wing", "--tier", "beyond"}, "no puzzle can be kept: --tier beyond with hardest x-wing (SE 3.2)"},
		{[]string{"--variant", "x", "--requires", " , "}, `--requires " , ": expected technique ids`},
	} {
		args := append([]string{"batch", "-n", "1"}, c.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.args, code, errOut, c.want)
		}
	}
	// --tier keeping the technique's rating with others is taken.
	if code, _, errOut := runCLI(t, "", "batch", "--variant", "x", "--hardest", "x-wing", "--tier", "easy,hard", "-n", "1", "--seed", "2", "-q"); code != 0 {
		t.Errorf("--tier easy,hard --hardest x-wing: exit %d: %s", code, errOut)
	}
}

// TestVreqResumeRefusesOtherTechniques: a variant run resumed with
// another --hardest or --requires is refused, naming the flag (they are
// in the run file as every batch flag is).
func TestVreqResumeRefusesOtherTechniques(t *testing.T) {
	out := filepath.Join(t.TempDir(), "xw.jsonl")
	base := []string{"batch", "--variant", "x", "--hardest", "x-wing", "-n", "1", "--seed", "3", "-q", "--resume", "-o", out}
	if code, _, errOut := runCLI(t, "", base...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(out), ".xw.jsonl.run.json")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		change []string
		want   string
	}{
		{[]string{"--hardest", "swordfish"}, "it was run with --hardest x-wing, this run has --hardest swordfish"},
		{[]string{"--requires", "pointing"}, "this run has --requires pointing"},
	} {
		code, _, errOut := runCLI(t, "", slicesReplace(base, c.change)...)
		if code != 2 || !strings.Contains(errOut, "cannot resume "+out+" with these options: ") || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.change, code, errOut, c.want)
		}
	}
}

// TestVreqCompletion: --requires and --hardest complete technique ids
// on a variant run too.
func TestVreqCompletion(t *testing.T) {
	for _, args := range [][]string{
		{"__complete", "batch", "--variant", "x", "--requires", ""},
		{"__complete", "batch", "--variant", "windoku", "--hardest", "sw"},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "swordfish\n") {
			t.Errorf("%v: exit %d, out %q, stderr %q", args, code, out, errOut)
		}
	}
}
