package killer

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// allGrids4 lists every full 4x4 Sudoku grid (288), by plain backtracking
// over the rows, columns and boxes, and, when x, both diagonals.
func allGrids4(x bool) [][]int8 {
	var out [][]int8
	g := make([]int8, 16)
	ok := func(c int, v int8) bool {
		r, k := c/4, c%4
		for i := 0; i < 4; i++ {
			if g[r*4+i] == v || g[i*4+k] == v {
				return false
			}
		}
		br, bc := r/2*2, k/2*2
		for i := 0; i < 2; i++ {
			for j := 0; j < 2; j++ {
				if g[(br+i)*4+bc+j] == v {
					return false
				}
			}
		}
		if x && r == k {
			for i := 0; i < 4; i++ {
				if g[i*4+i] == v {
					return false
				}
			}
		}
		if x && r+k == 3 {
			for i := 0; i < 4; i++ {
				if g[i*4+3-i] == v {
					return false
				}
			}
		}
		return true
	}
	var fill func(c int)
	fill = func(c int) {
		if c == 16 {
			out = append(out, append([]int8(nil), g...))
			return
		}
		for v := int8(1); v <= 4; v++ {
			if ok(c, v) {
				g[c] = v
				fill(c + 1)
				g[c] = 0
			}
		}
	}
	fill(0)
	return out
}

// gridCount counts the grids that keep p's cages: distinct digits in
// each, adding up to its sum where the sum is not hidden.
func gridCount(p *Puzzle, grids [][]int8) int {
	n := 0
	for _, s := range grids {
		good := true
		for _, cg := range p.Cages {
			var m uint16
			sum := 0
			for _, c := range cg.Cells {
				if m>>(s[c]-1)&1 != 0 {
					good = false
				}
				m |= 1 << (s[c] - 1)
				sum += int(s[c])
			}
			if !cg.Hidden() && sum != cg.Sum {
				good = false
			}
		}
		if good {
			n++
		}
	}
	return n
}

// TestHiddenSumsSolverBruteForce: on random 4x4 killers and Killer-X with
// random cages hiding their sums, the solver's count of solutions is the
// number of the 288 (or, with the diagonals, fewer) full grids that keep
// the cages, found by brute force; where that is one, the grader's steps
// never place or remove a digit against the solution.
func TestHiddenSumsSolverBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 3))
	unique := 0
	for _, x := range []bool{false, true} {
		grids := allGrids4(x)
		if !x && len(grids) != 288 {
			t.Fatalf("%d 4x4 grids, want 288", len(grids))
		}
		g, err := geometry(sudoku.Shape4, x)
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 150; trial++ {
			sol := grids[rng.IntN(len(grids))]
			p := &Puzzle{Geo: g, Cages: growCages(g, sol, 1+rng.IntN(2), 2+rng.IntN(3), rng)}
			for k := range p.Cages {
				if rng.IntN(3) == 0 {
					p.Cages[k].Sum = 0
				}
			}
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			want := gridCount(p, grids)
			if got := NewSolver(p).Count(400); got != want {
				t.Fatalf("%s: solver counts %d solutions, brute force %d", FormatLine(p), got, want)
			}
			if want != 1 {
				continue
			}
			unique++
			gradeAgrees(t, p, sol)
		}
	}
	if unique < 10 {
		t.Errorf("only %d unique puzzles: the grader was hardly checked", unique)
	}
}

// gradeAgrees fails unless every step of the grader on p places the
// solution's digit and never removes it.
func gradeAgrees(t *testing.T, p *Puzzle, sol []int8) {
	t.Helper()
	r := Grade(p)
	for _, st := range r.Steps {
		for _, pl := range st.Placements {
			if int(sol[pl.Cell]) != pl.Digit {
				t.Fatalf("%s: %s %q places %d at %s, the solution has %d", FormatLine(p), st.Technique, st.Text, pl.Digit, p.Geo.CellName(pl.Cell), sol[pl.Cell])
			}
		}
		for _, e := range st.Eliminations {
			if e.Digits>>(sol[e.Cell]-1)&1 != 0 {
				t.Fatalf("%s: %s %q removes %d from %s, the solution's digit", FormatLine(p), st.Technique, st.Text, sol[e.Cell], p.Geo.CellName(e.Cell))
			}
		}
	}
}

// TestGenerateHideSums: Generate hides up to HideSums sums of 6x6, 8x8
// and 9x9 killers, each still unique (the solver) and finished by the
// grader, whose steps agree with the solution (a rule of 45 over a hidden
// sum would not); the independent checker passes the records.
func TestGenerateHideSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 4))
	var lines [][]byte
	hidden := 0
	for _, o := range []Options{{Shape: sudoku.Shape6, HideSums: 3}, {Shape: sudoku.Shape8, HideSums: 2}, {HideSums: 4}, {HideSums: 2, X: true, Givens: 1}} {
		p, sol, _, err := Generate(rng, o)
		if err != nil {
			t.Fatal(err)
		}
		h := p.HiddenSums()
		if h > o.HideSums {
			t.Errorf("%d sums hidden, asked for at most %d", h, o.HideSums)
		}
		hidden += h
		if n := NewSolver(p).Count(2); n != 1 {
			t.Fatalf("%s: %d solutions", FormatLine(p), n)
		}
		if r := Grade(p); !r.Solved {
			t.Errorf("%s: the grader does not finish it", FormatLine(p))
		}
		gradeAgrees(t, p, sol)
		rec := NewRecord(p, sol, nil)
		b, err := rec.MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, b)
	}
	if hidden == 0 {
		t.Fatal("no sum hidden at all")
	}
	killerChecker(t)
	if out, ok := runChecker(t, lines); !ok || !strings.Contains(out, "4 passed, 0 failed") {
		t.Fatalf("checker:\n%s", out)
	}
}

// TestHiddenSumRecord: a hidden sum is a cage without "sum" in a record
// (Record's JSON and the export codec alike), "?" in the text form, 0 in
// the canonical key, which still tells it from the shown sum and is kept
// by the transposition with the digit complement; "sum":0 and null are
// refused; the independent checker refuses a record whose hidden sums
// leave two solutions, as sudogen's own check does.
func TestHiddenSumRecord(t *testing.T) {
	p, err := Parse(problem1)
	if err != nil {
		t.Fatal(err)
	}
	sol := NewSolver(p).Solutions(1)[0]
	shown := CanonicalKey(p)
	p.Cages[3].Sum = 0
	if NewSolver(p).Count(2) != 1 {
		t.Fatal("problem1 is not unique without its fourth cage's sum")
	}
	rec := NewRecord(p, sol, nil)
	b, err := rec.MarshalLine()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(b), `"sum"`) != len(p.Cages)-1 || !strings.Contains(string(b), `{"cells":`) {
		t.Fatalf("record: %s", b)
	}
	ex := toExport(rec)
	if got := string(export.AppendJSON(nil, &ex)); strings.Count(got, `"sum"`) != len(p.Cages)-1 {
		t.Fatalf("export record: %s", got)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	q, _, err := back.Decode()
	if err != nil || FormatLine(q) != FormatLine(p) || q.HiddenSums() != 1 {
		t.Fatalf("round trip: %v, %s", err, FormatLine(q))
	}
	if !strings.Contains(FormatLine(p), "=?") {
		t.Errorf("text form %s has no =?", FormatLine(p))
	}
	if r, err := Parse(FormatLine(p)); err != nil || FormatLine(r) != FormatLine(p) {
		t.Errorf("text round trip: %v", err)
	}
	key := CanonicalKey(p)
	if key == shown || !strings.Contains(key, "=?") {
		t.Errorf("key %s (shown: %s)", key, shown)
	}
	id := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	iso := groupMap{id, id, true, true}.apply(p)
	for k, cg := range iso.Cages { // the complement of a hidden sum is hidden
		if containsCell(cg.Cells, p.Cages[3].Cells[0]%9*9+p.Cages[3].Cells[0]/9) {
			iso.Cages[k].Sum = 0
		}
	}
	if CanonicalKey(iso) != key {
		t.Errorf("the transposed complement of a killer with a hidden sum has another key")
	}
	for _, bad := range []string{`{"sum":0,"cells":[1]}`, `{"sum":null,"cells":[1]}`, `{"sum":"x","cells":[1]}`} {
		var cg Cage
		if err := json.Unmarshal([]byte(bad), &cg); err == nil {
			t.Errorf("%s: read as %+v", bad, cg)
		}
	}
	// every sum hidden: many solutions
	all := NewRecord(p, sol, nil)
	for k := range all.Cages {
		all.Cages[k].Sum = 0
	}
	allEx := toExport(all)
	if err := export.CheckRecord(&allEx); err == nil || !strings.Contains(err.Error(), "solutions") {
		t.Errorf("sudogen's check of a killer without sums: %v", err)
	}
	killerChecker(t)
	line, _ := all.MarshalLine()
	out, ok := runChecker(t, [][]byte{b, line})
	if ok || !strings.Contains(out, "line 2: puzzle has 2+ solutions") || !strings.Contains(out, "1 passed, 1 failed") {
		t.Errorf("checker on a good and a sum-less record:\n%s", out)
	}
}

func containsCell(cells []int, c int) bool {
	for _, d := range cells {
		if d == c {
			return true
		}
	}
	return false
}
