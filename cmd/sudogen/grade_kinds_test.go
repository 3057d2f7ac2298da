package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Two anti-knight puzzles of batch runs (seed 2026 hard, seed 77
// untargeted): the first rates 4.4 (xyz-wing), the second needs forcing
// chains (9.6).
const (
	akHard      = "....1......8.......5..7...........7..1...2.....9............5......34.....4......"
	akNightmare = "1......7.8.....9............5..9......8.....9.....3..2..4...............9.23....."
)

// gradeLines runs grade with args on in and decodes its JSONL lines.
func gradeLines(t *testing.T, in string, args ...string) (int, []map[string]any, string) {
	t.Helper()
	code, out, errOut := runCLI(t, in, append([]string{"grade"}, args...)...)
	var recs []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		recs = append(recs, m)
	}
	return code, recs, errOut
}

// TestGradeVariantMaxRating: --max-rating caps a variant puzzle's ladder
// as it caps classic's, read with --variant or from a variant record: a
// puzzle rated at most the cap keeps its full rating, one needing more is
// reported above max-rating with a lower bound above the cap.
func TestGradeVariantMaxRating(t *testing.T) {
	code, full, errOut := gradeLines(t, akHard+"\n", "--variant", "anti-knight")
	if code != 0 || len(full) != 1 || full[0]["rating"] != 4.4 || full[0]["tier"] != "hard" {
		t.Fatalf("uncapped: exit %d %v %s", code, full, errOut)
	}
	check := func(name string, recs []map[string]any) {
		t.Helper()
		if len(recs) != 2 {
			t.Fatalf("%s: %d lines", name, len(recs))
		}
		for _, k := range []string{"rating", "tier", "hardest", "ep", "ed"} {
			if recs[0][k] != full[0][k] {
				t.Errorf("%s: under the cap, %s %v, uncapped %v", name, k, recs[0][k], full[0][k])
			}
		}
		if recs[0]["status"] != nil {
			t.Errorf("%s: under the cap, status %v", name, recs[0]["status"])
		}
		r := recs[1]
		least, _ := r["rating_at_least"].(float64)
		if r["status"] != "above max-rating" || r["tier"] != "beyond" || r["rating"] != nil || least <= 4.4 {
			t.Errorf("%s: above the cap: %v", name, r)
		}
	}
	in := akHard + "\n" + akNightmare + "\n"
	code, recs, errOut := gradeLines(t, in, "--variant", "anti-knight", "--max-rating", "4.4")
	if code != 0 {
		t.Fatalf("--variant: exit %d: %s", code, errOut)
	}
	check("--variant", recs)

	// The same puzzles as variant records, no --variant.
	var jl strings.Builder
	for _, p := range []string{akHard, akNightmare} {
		b, _ := json.Marshal(map[string]any{"v": 1, "kind": "variant", "size": 9, "box": []int{3, 3}, "puzzle": p, "variants": []string{"anti-knight"}})
		jl.Write(append(b, '\n'))
	}
	code, recs, errOut = gradeLines(t, jl.String(), "--max-rating", "4.4")
	if code != 0 {
		t.Fatalf("records: exit %d: %s", code, errOut)
	}
	check("records", recs)

	code, out, _ := runCLI(t, in, "grade", "--variant", "anti-knight", "--max-rating", "4.4", "--format", "table")
	if code != 0 || !strings.Contains(out, " 4.4  1.2  1.2  hard") || !strings.Contains(out, "beyond    (above max-rating)") || !strings.Contains(out, "≥") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
}

// TestGradeClassicOnlyFlags: the engine flags only classic's grader takes
// fail a record of another kind (named on its line, exit 1) instead of
// being ignored, while the classic lines of the same input are graded;
// with --variant they are usage errors. A killer record under
// --max-rating fails too: killers have their own scale.
func TestGradeClassicOnlyFlags(t *testing.T) {
	classic := ".2...67..4.71.923......31...7.........4..1..29312......8.9..56.5....8.........3.8"
	variant := `{"v":1,"kind":"variant","size":9,"box":[3,3],"puzzle":"` + akHard + `","variants":["anti-knight"]}`
	for _, flag := range [][]string{{"--no-uniqueness"}, {"--verify-steps"}, {"--as-given"}, {"--work-budget", "1000000"}} {
		code, recs, errOut := gradeLines(t, classic+"\n"+variant+"\n", flag...)
		if code != 1 || !strings.Contains(errOut, "stdin:2:") || !strings.Contains(errOut, flag[0]+" is for classic Sudoku") {
			t.Errorf("%s: exit %d, stderr %q", flag[0], code, errOut)
		}
		if len(recs) != 1 || recs[0]["rating"] != 3.0 {
			t.Errorf("%s: the classic line: %v", flag[0], recs)
		}
		code, _, errOut = runCLI(t, akHard+"\n", append([]string{"grade", "--variant", "anti-knight"}, flag...)...)
		if code != 2 || !strings.Contains(errOut, flag[0]+" is not supported with --variant") {
			t.Errorf("%s with --variant: exit %d, stderr %q", flag[0], code, errOut)
		}
	}

	code, killers, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--count", "1", "--seed", "2", "--tier", "easy", "--progress", "never", "-q", "-o", "-")
	if code != 0 {
		t.Fatalf("killer batch: exit %d: %s", code, errOut)
	}
	code, _, errOut = runCLI(t, killers, "grade", "--max-rating", "5")
	if code != 1 || !strings.Contains(errOut, "stdin:1:") || !strings.Contains(errOut, "killer scale") {
		t.Errorf("killer --max-rating: exit %d, stderr %q", code, errOut)
	}
}
