package killer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// satcheck runs scripts/satcheck.py (an outside SAT solver; the killer
// rules encoded from docs/records.md alone) on the records and returns
// its output and whether it passed. It skips t when python3 or a SAT
// solver (minisat, cadical) is missing.
func satcheck(t *testing.T, recs []Record) (string, bool) {
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
	var sb strings.Builder
	for i := range recs {
		b, err := recs[i].MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(b)
		sb.WriteByte('\n')
	}
	f := filepath.Join(t.TempDir(), "k.jsonl")
	if err := os.WriteFile(f, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, here, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(here), "..", "scripts", "satcheck.py")
	out, err := exec.Command(py, script, "--minimal", f).CombinedOutput()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatal(err)
	}
	return string(out), err == nil
}

// satLine fails t unless the checker's output has a line for record
// number n holding every one of subs.
func satLine(t *testing.T, out string, n int, subs ...string) {
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

// clone copies a record deeply enough to edit its cages.
func clone(r Record) Record {
	c := r
	c.Cages = make([]Cage, len(r.Cages))
	for i, cg := range r.Cages {
		c.Cages[i] = Cage{Sum: cg.Sum, Cells: append([]int(nil), cg.Cells...)}
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
	var good []Record
	for _, o := range []Options{
		{Shape: sudoku.Shape4}, {Shape: sudoku.Shape6, X: true}, {Shape: sudoku.Shape6, HideSums: 3},
		{Shape: sudoku.Shape6, Givens: 2}, {Shape: sudoku.Shape6}, {},
	} {
		p, sol, _, err := Generate(rng, o)
		if err != nil {
			t.Fatal(err)
		}
		good = append(good, NewRecord(p, sol, nil))
	}
	out, ok := satcheck(t, good)
	if want := fmt.Sprintf("satcheck: %d passed, 0 failed", len(good)); !ok || !strings.Contains(out, want) {
		t.Fatalf("generated killers: want %q in\n%s", want, out)
	}
	plain := good[4]
	var bad []Record

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
	apart := Record{V: 1, Kind: "killer", Size: 4, Box: [2]int{2, 2}, Puzzle: strings.Repeat(".", 16), Solution: sol,
		Cages: []Cage{{Sum: 5, Cells: []int{0, 5}}}}
	for c := 1; c < 16; c++ {
		if c != 5 {
			apart.Cages = append(apart.Cages, Cage{Sum: int(sol[c] - '0'), Cells: []int{c}})
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

	out, ok = satcheck(t, bad)
	if ok || !strings.Contains(out, fmt.Sprintf("satcheck: 0 passed, %d failed", len(bad))) {
		t.Fatalf("broken killers: want all %d to fail:\n%s", len(bad), out)
	}
	satLine(t, out, 1, fmt.Sprintf("the solution breaks a rule: cage %d adds up to %d, not its sum %d", k, plain.Cages[k].Sum, plain.Cages[k].Sum+1))
	satLine(t, out, 2, "a second solution exists")
	satLine(t, out, 3, "cage 0 is not connected")
	satLine(t, out, 4, fmt.Sprintf("cell %d is in cage 0 and cage 1", plain.Cages[0].Cells[0]))
	satLine(t, out, 5, " is in no cage")
	satLine(t, out, 6, fmt.Sprintf("is not one %d distinct digits make", m))
	satLine(t, out, 7, "the solution breaks a rule: the ", "diagonal does not hold every value once")
	satLine(t, out, 8, "a given differs from the solution")
}
