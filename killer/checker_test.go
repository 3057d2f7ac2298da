package killer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// killerChecker returns the command running the independent checker
// tools/killercheck.py, or skips the test without python3.
func killerChecker(t *testing.T) []string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the independent checker internal/testdata/tools/killercheck.py needs it")
	}
	return []string{py, testdata.Path(t, "tools/killercheck.py")}
}

func runChecker(t *testing.T, lines [][]byte, flags ...string) (string, bool) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "k.jsonl")
	if err := os.WriteFile(f, append(bytes.Join(lines, []byte("\n")), '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := killerChecker(t)
	args := append(append(cmd[1:], flags...), f)
	out, err := exec.Command(cmd[0], args...).CombinedOutput()
	return string(out), err == nil
}

func TestCheckerAcceptsGenerated(t *testing.T) {
	killerChecker(t)
	var lines [][]byte
	rng := rand.New(rand.NewPCG(4, 4))
	opts := []Options{{}, {Shape: sudoku.Shape6, X: true}, {Shape: sudoku.Shape8}, {Givens: 3}}
	for _, o := range opts {
		p, sol, _, err := Generate(rng, o)
		if err != nil {
			t.Fatal(err)
		}
		r := Grade(p)
		rec := NewRecord(p, sol, &r)
		b, err := rec.MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		var back Record
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		q, sol2, err := back.Decode()
		if err != nil || FormatLine(q) != FormatLine(p) || SolutionString(sol2) != SolutionString(sol) {
			t.Fatalf("record round trip: %v", err)
		}
		lines = append(lines, b)
	}
	for _, k := range loadPublished(t) {
		sol := k.sol
		if sol == nil {
			sol = NewSolver(k.p).Solutions(1)[0]
		}
		rec := NewRecord(k.p, sol, nil)
		b, _ := rec.MarshalLine()
		lines = append(lines, b)
	}
	out, ok := runChecker(t, lines, "--distinct")
	if !ok || !strings.Contains(out, "killercheck: 25 passed, 0 failed") {
		t.Fatalf("checker refuses sudogen's records:\n%s", out)
	}
}

func TestCheckerRefusesBadRecords(t *testing.T) {
	killerChecker(t)
	p, err := Parse(problem1)
	if err != nil {
		t.Fatal(err)
	}
	sol := NewSolver(p).Solutions(1)[0]
	good := NewRecord(p, sol, nil)
	mutate := func(f func(r *Record)) []byte {
		r := good
		r.Cages = make([]Cage, len(good.Cages))
		for i, cg := range good.Cages {
			r.Cages[i] = Cage{Sum: cg.Sum, Cells: append([]int(nil), cg.Cells...)}
		}
		f(&r)
		b, _ := json.Marshal(r)
		return b
	}
	// the two-solution case: the 4x4 killer of box cages
	q, _ := Parse("aabb aabb ccdd ccdd a=10 b=10 c=10 d=10")
	two := NewRecord(q, NewSolver(q).Solutions(1)[0], nil)
	twoLine, _ := json.Marshal(two)
	cases := []struct {
		name string
		line []byte
		want string
	}{
		{"wrong sum", mutate(func(r *Record) { r.Cages[0].Sum++; r.Cages[1].Sum-- }), "solution breaks cage"},
		{"overlap", mutate(func(r *Record) { r.Cages[0].Cells = append(r.Cages[0].Cells, r.Cages[1].Cells[0]) }), "in cages"},
		{"uncovered", mutate(func(r *Record) { r.Cages = r.Cages[1:] }), "in no cage"},
		{"bad solution", mutate(func(r *Record) { r.Solution = "1" + r.Solution[1:] }), "solution"},
		{"givens count", mutate(func(r *Record) { r.Givens = 2 }), "givens field"},
		{"two solutions", twoLine, "2+ solutions"},
	}
	var lines [][]byte
	for _, tc := range cases {
		lines = append(lines, tc.line)
	}
	out, ok := runChecker(t, lines)
	if ok {
		t.Fatalf("checker passed broken records:\n%s", out)
	}
	for i, tc := range cases {
		want := fmt.Sprintf("line %d: ", i+1)
		found := false
		for _, ln := range strings.Split(out, "\n") {
			found = found || (strings.HasPrefix(ln, want) && strings.Contains(ln, tc.want))
		}
		if !found {
			t.Errorf("%s: checker said\n%s\nwant line %d to name %q", tc.name, out, i+1, tc.want)
		}
	}
}

// TestCheckerDistinct: with --distinct the checker refuses a record that
// is an isomorph of an earlier one (the mirror image of its transpose,
// sums complemented), and passes both without it.
func TestCheckerDistinct(t *testing.T) {
	killerChecker(t)
	p, err := Parse(problem1)
	if err != nil {
		t.Fatal(err)
	}
	n := p.Geo.N
	rev := make([]int, n)
	id := make([]int, n)
	for i := range rev {
		rev[i], id[i] = n-1-i, i
	}
	q := groupMap{rev, id, true, true}.apply(p)
	if err := q.Validate(); err != nil {
		t.Fatal(err)
	}
	if CanonicalKey(q) != CanonicalKey(p) {
		t.Fatal("the isomorph has another key")
	}
	var lines [][]byte
	for _, x := range []*Puzzle{p, q} {
		rec := NewRecord(x, NewSolver(x).Solutions(1)[0], nil)
		b, _ := rec.MarshalLine()
		lines = append(lines, b)
	}
	if out, ok := runChecker(t, lines); !ok || !strings.Contains(out, "2 passed") {
		t.Fatalf("without --distinct:\n%s", out)
	}
	out, ok := runChecker(t, lines, "--distinct")
	if ok || !strings.Contains(out, "line 2: may be an isomorph of line 1") {
		t.Fatalf("--distinct passed an isomorph:\n%s", out)
	}
}
