package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestBatchVariant: batch --variant makes records of kind variant with
// their sorted variant list (and regions for jigsaw), accepted by the
// independent checker (internal/testdata/tools/varcheck.py, written from
// docs/records.md); flags a variant run does not take are refused.
func TestBatchVariant(t *testing.T) {
	out := filepath.Join(t.TempDir(), "v.jsonl")
	var all []byte
	for _, c := range []struct {
		v     string
		extra []string
	}{{"x", nil}, {"windoku", nil}, {"jigsaw", nil}, {"x,center-dot", nil}, {"anti-knight", []string{"--dig-order", "peers"}}} {
		v := c.v
		args := append([]string{"batch", "--variant", v, "--count", "2", "--seed", "4", "--no-grade", "--progress", "never", "-q", "-o", out}, c.extra...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("--variant %s: exit %d: %s", v, code, errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var r struct {
				Kind     string
				Variants []string
				Regions  string
			}
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			want := strings.Split(v, ",")
			sort.Strings(want)
			if r.Kind != "variant" || strings.Join(r.Variants, ",") != strings.Join(want, ",") || (v == "jigsaw") != (r.Regions != "") {
				t.Errorf("--variant %s: kind %q variants %v regions %q", v, r.Kind, r.Variants, r.Regions)
			}
		}
		all = append(all, data...)
	}
	if code, _, errOut := runCLI(t, "", "batch", "--count", "1", "--dig-order", "peers"); code != 2 || !strings.Contains(errOut, "--dig-order is not for --kind sudoku") {
		t.Errorf("classic --dig-order: exit %d (%s), want 2", code, errOut)
	}
	// A targeted run says what its makers dug, graded and dropped.
	if code, _, errOut := runCLI(t, "", "batch", "--variant", "jigsaw", "--tier", "hard", "--count", "2", "--seed", "4", "--progress", "never", "-o", out); code != 0 ||
		!regexp.MustCompile(`(?m)^targeting: ([\d,]+) puzzles generated, [\d,]+ graded \([\d.]+%\), 2 kept \([\d.]+% of generated\)(; dropped: [\d,]+ in no kept tier \([a-z]+ [\d,]+(, [a-z]+ [\d,]+)*\))?$`).MatchString(errOut) {
		t.Errorf("jigsaw --tier hard: exit %d, want a targeting line: %s", code, errOut)
	}
	// --minimal=false: a steered dig may end minimal for the ladder only,
	// which makes x,anti-knight hard puzzles (minimal ones are rare: a
	// run short of attempts stops with an error that says so).
	lm := filepath.Join(t.TempDir(), "lm.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--variant", "x,anti-knight", "--tier", "hard", "--minimal=false", "--count", "2", "--seed", "4", "--progress", "never", "-q", "-o", lm); code != 0 {
		t.Errorf("x,anti-knight --tier hard --minimal=false: exit %d: %s", code, errOut)
	} else if data, err := os.ReadFile(lm); err != nil || strings.Count(string(data), `"tier":"hard"`) != 2 {
		t.Errorf("x,anti-knight --tier hard --minimal=false: %v\n%s", err, data)
	}
	// Without it such a run gives up when its attempts run out, and its
	// advice names the flag.
	if code, _, errOut := runCLI(t, "", "batch", "--variant", "x,anti-knight", "--tier", "hard", "--count", "2", "--seed", "5", "--max-attempts", "1", "--progress", "never", "-o", lm); code != 1 ||
		!strings.Contains(errOut, "gave up") || !strings.Contains(errOut, "or --minimal=false (") {
		t.Errorf("x,anti-knight --tier hard, 1 attempt: exit %d, want 1 with advice naming --minimal=false: %s", code, errOut)
	}
	// Rules without a grid are refused at once, saying so.
	if code, _, errOut := runCLI(t, "", "batch", "--count", "1", "--variant", "non-consecutive", "--size", "4"); code != 2 || !strings.Contains(errOut, "no grid satisfies these rules together") {
		t.Errorf("non-consecutive 4x4: exit %d (%s), want 2 saying no grid exists", code, errOut)
	}
	for _, bad := range [][]string{{"--givens", "30"}, {"--variant", "nosuch"}, {"--variant", "samurai", "--size", "6"}, {"--dig-order", "spiral"}} {
		args := append([]string{"batch", "--count", "1"}, bad...)
		if bad[0] != "--variant" {
			args = append(args, "--variant", "x")
		}
		if code, _, errOut := runCLI(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errOut)
		}
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed: the independent checker was not run")
	}
	file := filepath.Join(t.TempDir(), "all.jsonl")
	if err := os.WriteFile(file, all, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(py, "../../internal/testdata/tools/varcheck.py", file).CombinedOutput(); err != nil {
		t.Errorf("varcheck: %v: %s", err, b)
	}
}

// TestVariantGiveUpCountsPuzzles: a steered variant run that gives up
// says how many puzzles its attempts made before the drops it counts in
// them: it said "accepted 0 in 100 attempts (0%), dropped 3579 rated in
// no kept tier", more dropped than tried. (The run was x 4x4 --tier
// expert, which is now refused up front: docs/variants.md, "4x4 boards";
// a 4x4 jigsaw of seed 4 reaches expert only after 5 attempts, each
// digging its solution again.)
func TestVariantGiveUpCountsPuzzles(t *testing.T) {
	code, _, e := runCLI(t, "", "batch", "--variant", "jigsaw", "--size", "4", "--count", "1", "--tier", "expert", "--seed", "4", "--max-attempts", "5", "-o", filepath.Join(t.TempDir(), "x.jsonl"))
	m := regexp.MustCompile(`accepted 0 in 5 attempts \(0%\), which made ([\d,]+) puzzles: dropped ([\d,]+) in no kept tier;`).FindStringSubmatch(e)
	if code != 1 || m == nil || m[1] != m[2] {
		t.Fatalf("exit %d, stderr %q", code, e)
	}
	if n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", "")); n <= 5 {
		t.Errorf("%d puzzles made in 5 attempts: the test no longer shows the digs again", n)
	}
}

// TestVariantRunNamed: a variant run's summary and give-up name its
// puzzles as stats names their group, kind first ("variant x 4x4"), as
// they name sudoku, killer and slide runs; "made 1 x 4x4" read as a
// product.
func TestVariantRunNamed(t *testing.T) {
	dir := t.TempDir()
	code, _, e := runCLI(t, "", "batch", "--variant", "x", "--size", "4", "--count", "1", "--seed", "1", "-o", filepath.Join(dir, "x.jsonl"))
	if code != 0 || !strings.HasPrefix(e, "made 1 variant x 4x4 in ") {
		t.Errorf("exit %d, stderr %q", code, e)
	}
	code, _, e = runCLI(t, "", "batch", "--variant", "jigsaw", "--size", "4", "--count", "1", "--tier", "expert", "--seed", "4", "--max-attempts", "5", "-o", filepath.Join(dir, "y.jsonl"))
	if code != 1 || !strings.HasPrefix(e, "sudogen: gave up: asked for 1 variant jigsaw 4x4 puzzle of tier expert, ") {
		t.Errorf("exit %d, stderr %q", code, e)
	}
	code, out, e := runCLI(t, "", "stats", filepath.Join(dir, "x.jsonl"))
	if code != 0 || !strings.Contains(out, "\nvariant x 4x4: 1 record\n") {
		t.Errorf("stats: exit %d, stdout %q, stderr %q", code, out, e)
	}
}

// TestKillerXRunNamed: a Killer-X run names its puzzles as stats names
// their group, "killer x 4x4" (it said "killer-x 4x4").
func TestKillerXRunNamed(t *testing.T) {
	f := filepath.Join(t.TempDir(), "kx.jsonl")
	code, _, e := runCLI(t, "", "batch", "--kind", "killer", "--variant", "x", "--size", "4", "--count", "1", "--seed", "1", "-o", f)
	if code != 0 || !strings.HasPrefix(e, "made 1 killer x 4x4 in ") {
		t.Errorf("exit %d, stderr %q", code, e)
	}
	code, out, e := runCLI(t, "", "stats", f)
	if code != 0 || !strings.Contains(out, "\nkiller x 4x4: 1 record\n") {
		t.Errorf("stats: exit %d, stdout %q, stderr %q", code, out, e)
	}
}
