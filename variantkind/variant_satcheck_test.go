package variantkind

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/variant"
)

// satcheck runs scripts/satcheck.py (an outside SAT solver; the rules
// encoded from docs/records.md alone) on lines, each a JSON record, and
// returns its output and whether it passed. It skips t when python3 or
// a SAT solver (minisat, cadical) is missing.
func satcheck(t *testing.T, lines []string, args ...string) (string, bool) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is needed for scripts/satcheck.py")
	}
	if _, err := exec.LookPath("minisat"); err != nil {
		if _, err := exec.LookPath("cadical"); err != nil {
			t.Skip("scripts/satcheck.py needs minisat or cadical (Debian packages)")
		}
	}
	f := filepath.Join(t.TempDir(), "v.jsonl")
	if err := os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args = append([]string{filepath.Join("..", "scripts", "satcheck.py")}, append(args, f)...)
	out, err := exec.Command(py, args...).CombinedOutput()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatal(err)
	}
	return string(out), err == nil
}

// recordMap is a record as a JSON object, for editing.
func recordMap(t *testing.T, rec export.Record) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(export.AppendJSON(nil, &rec), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func line(t *testing.T, m map[string]any) string {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// knightClash reports whether a solution of an n x n grid holds one
// value on two cells a knight's move apart.
func knightClash(sol string, n int) bool {
	for i := range sol {
		r, c := i/n, i%n
		for _, d := range [][2]int{{1, 2}, {1, -2}, {2, 1}, {2, -1}} {
			rr, cc := r+d[0], c+d[1]
			if rr < n && cc >= 0 && cc < n && sol[rr*n+cc] == sol[i] {
				return true
			}
		}
	}
	return false
}

// regionsConnected reports whether every region of a jigsaw regions
// string of an n x n grid is orthogonally connected.
func regionsConnected(regions string, n int) bool {
	seen := make([]bool, n*n)
	for start := range regions {
		if seen[start] {
			continue
		}
		stack, size := []int{start}, 0
		seen[start] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			for _, j := range []int{i - n, i + n, i - 1, i + 1} {
				if j < 0 || j >= n*n || (j/n != i/n && j%n != i%n) || seen[j] || regions[j] != regions[i] {
					continue
				}
				seen[j] = true
				stack = append(stack, j)
			}
		}
		if size != strings.Count(regions, regions[start:start+1]) {
			return false
		}
	}
	return true
}

// checkLine fails t unless the checker's output has a line for record
// number n holding every one of subs.
func checkLine(t *testing.T, out string, n int, subs ...string) {
	t.Helper()
	prefix := fmt.Sprintf("line %d: ", n)
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, prefix) {
			continue
		}
		for _, s := range subs {
			if !strings.Contains(l, s) {
				t.Fatalf("line %d: want %q in %q; output:\n%s", n, s, l, out)
			}
		}
		return
	}
	t.Fatalf("no line %d in the output:\n%s", n, out)
}

// TestSatCheckVariants: the SAT checker passes generated variant and
// Samurai records (with --minimal, including a symmetric one that says
// "minimal": false), and fails hand-broken ones, each for its own
// reason: a second solution, a redundant given, a false "minimal":
// false, a jigsaw region of the wrong size or not connected, an
// anti-knight clash in the solution, a given on a Samurai unused cell.
func TestSatCheckVariants(t *testing.T) {
	var good []string
	recs := map[string][]export.Record{}
	for _, tc := range []struct {
		name string
		spec variant.Spec
		sym  string
	}{
		{"x6", variant.Spec{Size: 6, Variants: []string{"x"}}, ""},
		{"jigsaw6", variant.Spec{Size: 6, Variants: []string{"jigsaw"}}, ""},
		{"knight6", variant.Spec{Size: 6, Variants: []string{"anti-knight"}}, ""},
		{"nc6", variant.Spec{Size: 6, Variants: []string{"non-consecutive"}}, ""},
		{"king6", variant.Spec{Size: 6, Variants: []string{"anti-king"}}, ""},
		{"dg4", variant.Spec{Size: 4, Variants: []string{"disjoint-groups"}}, ""},
		{"windoku", variant.Spec{Size: 9, Variants: []string{"windoku"}}, ""},
		{"x8rot", variant.Spec{Size: 8, Variants: []string{"x"}}, "rot180"},
	} {
		recs[tc.name] = run(t, tc.spec, variant.Options{Symmetry: tc.sym}, 1, nil)
		for _, r := range recs[tc.name] {
			good = append(good, line(t, recordMap(t, r)))
		}
	}
	if *recs["x8rot"][0].Minimal {
		t.Fatal("want a symmetric record that says minimal: false, to test that claim")
	}
	out, ok := satcheck(t, good, "--minimal")
	if want := fmt.Sprintf("satcheck: %d passed, 0 failed", len(good)); !ok || !strings.Contains(out, want) {
		t.Fatalf("generated records: want %q in\n%s", want, out)
	}
	samurai := run(t, variant.Spec{Size: 9, Variants: []string{"samurai"}}, variant.Options{}, 1, nil)

	x6 := recordMap(t, recs["x6"][0])
	puzzle, sol := x6["puzzle"].(string), x6["solution"].(string)
	var fewer, extra map[string]any
	for i := range puzzle {
		m := recordMap(t, recs["x6"][0])
		if puzzle[i] != '.' && fewer == nil {
			m["puzzle"], m["givens"] = puzzle[:i]+"."+puzzle[i+1:], x6["givens"].(float64)-1
			fewer = m
		} else if puzzle[i] == '.' && extra == nil {
			m["puzzle"], m["givens"] = puzzle[:i]+sol[i:i+1]+puzzle[i+1:], x6["givens"].(float64)+1
			extra = m
		}
	}
	falseClaim := recordMap(t, recs["x6"][0])
	falseClaim["minimal"] = false

	// The jigsaw regions: one cell moved to its neighbour's region (two
	// regions of the wrong size), and two cells of different regions
	// swapped so that some region falls apart.
	jig := recordMap(t, recs["jigsaw6"][0])
	regions := jig["regions"].(string)
	wrongSize := recordMap(t, recs["jigsaw6"][0])
	for i := 0; i+1 < len(regions); i++ {
		if regions[i] != regions[i+1] {
			wrongSize["regions"] = regions[:i] + regions[i+1:i+2] + regions[i+1:]
			break
		}
	}
	apart := recordMap(t, recs["jigsaw6"][0])
	for i := 0; i < len(regions) && apart["regions"] == regions; i++ {
		for j := i + 1; j < len(regions); j++ {
			b := []byte(regions)
			b[i], b[j] = b[j], b[i]
			if b[i] != b[j] && !regionsConnected(string(b), 6) {
				apart["regions"] = string(b)
				break
			}
		}
	}
	if apart["regions"] == regions {
		t.Fatal("found no swap that disconnects a region")
	}

	// An X record whose solution has a knight's-move clash, relabelled
	// X + anti-knight: its houses hold, its sees pairs do not.
	var knight map[string]any
	for _, r := range run(t, variant.Spec{Size: 6, Variants: []string{"x"}}, variant.Options{}, 6, nil) {
		if knightClash(r.Solution, 6) {
			knight = recordMap(t, r)
			knight["variants"] = []string{"anti-knight", "x"}
			break
		}
	}
	if knight == nil {
		t.Fatal("no X solution with a knight's-move clash")
	}

	sam := recordMap(t, samurai[0])
	hash := strings.IndexByte(sam["puzzle"].(string), '#')
	onUnused := recordMap(t, samurai[0])
	onUnused["puzzle"] = sam["puzzle"].(string)[:hash] + "1" + sam["puzzle"].(string)[hash+1:]
	samFewer := recordMap(t, samurai[0])
	p := sam["puzzle"].(string)
	for i := range p {
		if p[i] >= '1' && p[i] <= '9' {
			samFewer["puzzle"], samFewer["givens"] = p[:i]+"."+p[i+1:], sam["givens"].(float64)-1
			break
		}
	}

	bad := []map[string]any{extra, fewer, falseClaim, wrongSize, apart, knight, onUnused, samFewer}
	lines := make([]string, len(bad))
	for i, m := range bad {
		lines[i] = line(t, m)
	}
	out, ok = satcheck(t, lines, "--minimal")
	wants := [][]string{
		{"not minimal: the given at cell "},
		{"a second solution exists"},
		{"minimal is false but every given is necessary"},
		{"region ", " cells, want 6"},
		{"region ", " is not connected"},
		{"the solution breaks a rule: cells ", " (anti-knight) "},
		{"puzzle: unused cell ", "want '#'"},
		{"a second solution exists"},
	}
	if ok || !strings.Contains(out, "satcheck: 0 passed, 8 failed") {
		t.Fatalf("broken records: want all 8 to fail:\n%s", out)
	}
	for i, subs := range wants {
		checkLine(t, out, i+1, subs...)
	}
	// The Samurai record itself passes (unique; its --minimal proof,
	// about 100 solver calls, is left to the corpora).
	out, ok = satcheck(t, []string{line(t, sam)})
	if !ok || !strings.Contains(out, "satcheck: 1 passed, 0 failed") {
		t.Fatalf("a Samurai record:\n%s", out)
	}
}
