package variantkind

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
)

// satcheck runs scripts/satcheck.py (an outside SAT solver; the variant
// and killer rules encoded from docs/records.md alone) on lines, each a
// JSON record, and returns its output and whether it passed. It skips t
// when python3 or a SAT solver (minisat, cadical) is missing.
func satcheck(t *testing.T, lines []string, args ...string) (string, bool) {
	t.Helper()
	cmd := testdata.SatChecker(t)
	f := filepath.Join(t.TempDir(), "v.jsonl")
	if err := os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args = append(cmd[1:], append(args, f)...)
	out, err := exec.Command(cmd[0], args...).CombinedOutput()
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
// anti-knight clash or two consecutive values side by side in the
// solution, a given on a Samurai unused cell, a symmetry the givens do
// not have, a symmetry that does not keep the jigsaw regions.
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
	// X + anti-knight: its houses hold, its sees pairs do not; likewise
	// one with two consecutive values side by side, relabelled X +
	// non-consecutive.
	var knight, consecutive map[string]any
	for _, r := range run(t, variant.Spec{Size: 6, Variants: []string{"x"}}, variant.Options{}, 6, nil) {
		if knight == nil && knightClash(r.Solution, 6) {
			knight = recordMap(t, r)
			knight["variants"] = []string{"anti-knight", "x"}
		}
		for i := 0; i+1 < len(r.Solution) && consecutive == nil; i++ {
			if d := int(r.Solution[i]) - int(r.Solution[i+1]); i%6 != 5 && (d == 1 || d == -1) {
				consecutive = recordMap(t, r)
				consecutive["variants"] = []string{"non-consecutive", "x"}
			}
		}
	}
	if knight == nil || consecutive == nil {
		t.Fatal("no X solution with a knight's-move clash or two consecutive values side by side")
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

	// A symmetry the givens do not have; and every cell given (any
	// pattern is symmetric) on a jigsaw whose regions rot90 does not
	// keep.
	mirror := recordMap(t, recs["x6"][0])
	mirror["symmetry"] = "mirror"
	turned := recordMap(t, recs["jigsaw6"][0])
	turned["puzzle"], turned["givens"], turned["symmetry"] = turned["solution"], 36, "rot90"

	bad := []map[string]any{extra, fewer, falseClaim, wrongSize, apart, knight, onUnused, samFewer, consecutive, mirror, turned}
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
		{"the solution breaks a rule: adjacent cells ", " (non-consecutive)"},
		{"symmetry mirror: cell "},
		{"symmetry rot90 does not map the geometry onto itself: region "},
	}
	if ok || !strings.Contains(out, fmt.Sprintf("satcheck: 0 passed, %d failed", len(bad))) {
		t.Fatalf("broken records: want all %d to fail:\n%s", len(bad), out)
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

// killerLines are the JSON lines of killer records.
func killerLines(t *testing.T, recs []killer.Record) []string {
	t.Helper()
	out := make([]string, len(recs))
	for i := range recs {
		b, err := recs[i].MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(b)
	}
	return out
}

// clone copies a killer record deeply enough to edit its cages.
func clone(r killer.Record) killer.Record {
	c := r
	c.Cages = make([]killer.Cage, len(r.Cages))
	for i, cg := range r.Cages {
		c.Cages[i] = killer.Cage{Sum: cg.Sum, Cells: append([]int(nil), cg.Cells...)}
	}
	return c
}

// TestSatCheckKillers: the SAT checker passes generated killers (4x4,
// 6x6 Killer-X, hidden sums, givens, 9x9) and fails hand-broken ones,
// each for its own reason: a wrong cage sum, every sum hidden (a second
// solution), a cage not connected, a cell in two cages, a cell in none,
// a sum no distinct digits make, a plain killer's solution read as
// Killer-X (a diagonal repeats), a given that differs from the solution.
func TestSatCheckKillers(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	var good []killer.Record
	for _, o := range []killer.Options{
		{Shape: sudoku.Shape4}, {Shape: sudoku.Shape6, X: true}, {Shape: sudoku.Shape6, HideSums: 3},
		{Shape: sudoku.Shape6, Givens: 2}, {Shape: sudoku.Shape6}, {},
	} {
		p, sol, _, err := killer.Generate(rng, o)
		if err != nil {
			t.Fatal(err)
		}
		good = append(good, killer.NewRecord(p, sol, nil))
	}
	out, ok := satcheck(t, killerLines(t, good), "--minimal")
	if want := fmt.Sprintf("satcheck: %d passed, 0 failed", len(good)); !ok || !strings.Contains(out, want) {
		t.Fatalf("generated killers: want %q in\n%s", want, out)
	}
	plain := good[4]
	var bad []killer.Record

	wrongSum := clone(plain)
	k := -1
	for i, cg := range wrongSum.Cages {
		if n := len(cg.Cells); n >= 2 && cg.Sum < n*(13-n)/2 { // below 6+5+...: one more is reachable
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no cage whose sum can grow")
	}
	wrongSum.Cages[k].Sum++
	bad = append(bad, wrongSum)

	hidden := clone(plain)
	for i := range hidden.Cages {
		hidden.Cages[i].Sum = 0
	}
	bad = append(bad, hidden)

	// 4x4 by hand: 1234/3412/2143/4321, every cell a cage of its own
	// digit but cells 0 and 5 (corner to corner) in one cage of sum 5.
	sol := "1234341221434321"
	apart := killer.Record{V: 1, Kind: "killer", Size: 4, Box: [2]int{2, 2}, Puzzle: strings.Repeat(".", 16), Solution: sol,
		Cages: []killer.Cage{{Sum: 5, Cells: []int{0, 5}}}}
	for c := 1; c < 16; c++ {
		if c != 5 {
			apart.Cages = append(apart.Cages, killer.Cage{Sum: int(sol[c] - '0'), Cells: []int{c}})
		}
	}
	bad = append(bad, apart)

	twice := clone(plain)
	twice.Cages[1].Cells = append(twice.Cages[1].Cells, twice.Cages[0].Cells[0])
	bad = append(bad, twice)

	none := clone(plain)
	none.Cages = none.Cages[:len(none.Cages)-1]
	bad = append(bad, none)

	unreachable := clone(plain)
	m := 0
	for i, cg := range unreachable.Cages {
		if m = len(cg.Cells); m >= 2 {
			unreachable.Cages[i].Sum = m*(m+1)/2 - 1
			break
		}
	}
	bad = append(bad, unreachable)

	asX := clone(plain)
	asX.Variant = "x"
	diag, anti := map[byte]bool{}, map[byte]bool{}
	for i := 0; i < 6; i++ {
		diag[asX.Solution[i*6+i]] = true
		anti[asX.Solution[i*6+5-i]] = true
	}
	if len(diag) == 6 && len(anti) == 6 {
		t.Fatal("the plain killer's solution happens to keep both diagonals")
	}
	bad = append(bad, asX)

	wrongGiven := clone(good[3])
	i := strings.IndexFunc(wrongGiven.Puzzle, func(r rune) bool { return r != '.' })
	if i < 0 {
		t.Fatal("the killer made with givens has none")
	}
	other := byte('1')
	if wrongGiven.Puzzle[i] == '1' {
		other = '2'
	}
	wrongGiven.Puzzle = wrongGiven.Puzzle[:i] + string(other) + wrongGiven.Puzzle[i+1:]
	bad = append(bad, wrongGiven)

	out, ok = satcheck(t, killerLines(t, bad), "--minimal")
	if ok || !strings.Contains(out, fmt.Sprintf("satcheck: 0 passed, %d failed", len(bad))) {
		t.Fatalf("broken killers: want all %d to fail:\n%s", len(bad), out)
	}
	checkLine(t, out, 1, fmt.Sprintf("the solution breaks a rule: cage %d adds up to %d, not its sum %d", k, plain.Cages[k].Sum, plain.Cages[k].Sum+1))
	checkLine(t, out, 2, "a second solution exists")
	checkLine(t, out, 3, "cage 0 is not connected")
	checkLine(t, out, 4, fmt.Sprintf("cell %d is in cage 0 and cage 1", plain.Cages[0].Cells[0]))
	checkLine(t, out, 5, " is in no cage")
	checkLine(t, out, 6, fmt.Sprintf("is not one %d distinct digits make", m))
	checkLine(t, out, 7, "the solution breaks a rule: the ", "diagonal does not hold every value once")
	checkLine(t, out, 8, "a given differs from the solution")
}
