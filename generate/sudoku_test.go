package generate

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// rngFor is the per-puzzle random stream used by the tests.
func rngFor(seed, index uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, index))
}

// checkRecord is the JSONL record sudocheck.py reads.
type checkRecord struct {
	Kind     string `json:"kind"`
	Size     int    `json:"size"`
	Box      [2]int `json:"box"`
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	Givens   int    `json:"givens"`
	Minimal  bool   `json:"minimal"`
	Symmetry string `json:"symmetry"`
}

func recordOf(p Puzzle) checkRecord {
	geo := p.Puzzle.Geo
	return checkRecord{Kind: "sudoku", Size: geo.N, Box: [2]int{geo.BoxRows, geo.BoxCols},
		Puzzle: p.Puzzle.String(), Solution: p.Solution.String(), Givens: p.Givens(),
		Minimal: p.Minimal, Symmetry: p.Symmetry}
}

// checkInGo checks what can be checked without an outside tool: the
// solution is a valid grid holding the givens, the puzzle is unique, the
// pattern has the reported symmetry, the givens are in range, and Minimal
// is true exactly when no given can be removed (by plain counting).
func checkInGo(t *testing.T, o Options, p Puzzle) {
	t.Helper()
	geo := p.Puzzle.Geo
	if geo.Shape != o.Shape {
		t.Fatalf("shape %s, want %s", geo.Shape, o.Shape)
	}
	if !p.Puzzle.SolvedBy(p.Solution) {
		t.Fatalf("solution %s does not solve %s", p.Solution, p.Puzzle)
	}
	if n := refCount(geo, p.Puzzle.Cells, 2); n != 1 {
		t.Fatalf("puzzle %s has %d solutions", p.Puzzle, n)
	}
	want := o.Symmetry
	if want == "" {
		want = SymNone
	}
	if want != SymRandom && p.Symmetry != string(want) {
		t.Fatalf("symmetry %q, want %q", p.Symmetry, want)
	}
	if !IsSymmetric(p.Puzzle, Symmetry(p.Symmetry)) {
		t.Fatalf("pattern of %s is not %s-symmetric", p.Puzzle, p.Symmetry)
	}
	n := p.Givens()
	if n < o.MinGivens || (o.MaxGivens > 0 && n > o.MaxGivens) {
		t.Fatalf("%d givens outside %d-%d", n, o.MinGivens, o.MaxGivens)
	}
	if o.Minimal && !p.Minimal {
		t.Fatalf("asked for minimal, got non-minimal %s", p.Puzzle)
	}
	if geo.N < 25 { // 25x25: refCount's search for a second solution can take minutes
		// Every given is tried, except for minimal 16x16 and larger puzzles,
		// where a sample of 12 is tried unless SUDOGEN_LONG=1 (each count on
		// them takes refCount up to a second).
		removable := -1
		c := p.Puzzle.Clone()
		sample := 0
		if geo.N >= 16 && p.Minimal && os.Getenv("SUDOGEN_LONG") != "1" {
			sample = 12
		}
		for i, v := range c.Cells {
			if v == 0 {
				continue
			}
			if sample > 0 {
				if (i*7919)%p.Givens() >= sample {
					continue
				}
			}
			c.Cells[i] = 0
			if refCount(geo, c.Cells, 2) == 1 {
				removable = i
			}
			c.Cells[i] = v
			if removable >= 0 {
				break
			}
		}
		if (removable < 0) != p.Minimal {
			t.Fatalf("Minimal=%v but removable given at %d (-1: none) in %s", p.Minimal, removable, p.Puzzle)
		}
	}
}

// runChecker writes recs to a temp file and runs sudocheck.py on it.
func runChecker(t *testing.T, recs []checkRecord, minimal bool) {
	t.Helper()
	if len(recs) == 0 {
		return
	}
	args := testdata.Checker(t)
	f := filepath.Join(t.TempDir(), "puzzles.jsonl")
	var sb strings.Builder
	for _, r := range recs {
		b, _ := json.Marshal(r)
		sb.Write(b)
		sb.WriteByte('\n')
	}
	if err := os.WriteFile(f, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if minimal {
		args = append(args, "--minimal")
	}
	out, err := exec.Command(args[0], append(args[1:], f)...).CombinedOutput()
	if err != nil {
		t.Fatalf("sudocheck.py %v failed: %v\n%s", args[1:], err, out)
	}
	want := fmt.Sprintf("sudocheck: %d passed, 0 failed", len(recs))
	if !strings.Contains(string(out), want) {
		t.Fatalf("sudocheck.py: %s, want %q", out, want)
	}
}

// TestShapes generates puzzles of every box shape with several option
// sets and checks them in Go and with the independent checker.
func TestShapes(t *testing.T) {
	type tc struct {
		opts  Options
		count int
	}
	var cases []tc
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12, sudoku.Shape16} {
		k := 6
		switch {
		case sh.N() == 12:
			k = 2
		case sh.N() == 16:
			k = 1
		}
		cases = append(cases,
			tc{Options{Shape: sh, Minimal: true}, k},
			tc{Options{Shape: sh, Symmetry: SymRandom}, k},
			tc{Options{Shape: sh, Symmetry: SymRot180}, 1},
		)
	}
	cases = append(cases,
		tc{Options{Shape: sudoku.Shape25, MinGivens: 350, MaxGivens: 400}, 2},
		tc{Options{Shape: sudoku.Shape25, Symmetry: SymRot90, MinGivens: 350, MaxGivens: 400}, 1},
		tc{Options{Shape: sudoku.Shape9, MinGivens: 30, MaxGivens: 35}, 5},
		tc{Options{Shape: sudoku.Shape9, MinGivens: 22, MaxGivens: 26, Minimal: true}, 5},
		tc{Options{Shape: sudoku.Shape6, Symmetry: SymRot180, Minimal: true}, 3},
		tc{Options{Shape: sudoku.Shape6, Symmetry: SymDiagonal, MinGivens: 14, MaxGivens: 18}, 3},
	)
	// sudocheck.py (plain Python backtracking) checks minimality of the
	// small sizes in seconds; 12x12 only for uniqueness, and 16x16 not at
	// all (it takes minutes per puzzle): those rely on refCount.
	var minimalRecs, otherRecs []checkRecord
	for ci, c := range cases {
		start := time.Now()
		g, err := New(c.opts)
		if err != nil {
			t.Fatalf("New(%+v): %v", c.opts, err)
		}
		for i := 0; i < c.count; i++ {
			p, err := g.Sudoku(rngFor(uint64(ci), uint64(i)))
			if err != nil {
				t.Fatalf("%+v puzzle %d: %v", c.opts, i, err)
			}
			checkInGo(t, c.opts, p)
			switch {
			case p.Puzzle.Geo.N > 12:
			case p.Minimal && p.Puzzle.Geo.N <= 9:
				minimalRecs = append(minimalRecs, recordOf(p))
			default:
				otherRecs = append(otherRecs, recordOf(p))
			}
		}
		t.Logf("%+v: %d puzzles checked in %v", c.opts, c.count, time.Since(start))
	}
	runChecker(t, minimalRecs, true)
	runChecker(t, otherRecs, false)
}

// TestDeterministic checks that the puzzle depends only on the rng: the
// same stream gives the same puzzle from fresh and from used generators.
func TestDeterministic(t *testing.T) {
	for _, o := range []Options{
		{Shape: sudoku.Shape9, Minimal: true},
		{Shape: sudoku.Shape9, Symmetry: SymRandom},
		{Shape: sudoku.Shape12},
		{Shape: sudoku.Shape9, MinGivens: 28, MaxGivens: 34},
	} {
		g1, _ := New(o)
		g2, _ := New(o)
		g2.Sudoku(rngFor(99, 99)) // leave some state behind in g2
		for i := uint64(0); i < 3; i++ {
			a, err1 := g1.Sudoku(rngFor(7, i))
			b, err2 := g2.Sudoku(rngFor(7, i))
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if a.Puzzle.String() != b.Puzzle.String() || a.Solution.String() != b.Solution.String() || a.Symmetry != b.Symmetry || a.Minimal != b.Minimal {
				t.Fatalf("%+v: seed 7 index %d differs:\n%s %s\n%s %s", o, i, a.Puzzle, a.Symmetry, b.Puzzle, b.Symmetry)
			}
		}
		c, _ := g1.Sudoku(rngFor(8, 0))
		d, _ := g1.Sudoku(rngFor(7, 0))
		if c.Solution.String() == d.Solution.String() {
			t.Fatalf("%+v: different seeds gave the same grid", o)
		}
	}
}

// TestUnreachable checks that a range digging cannot reach ends in an
// error, not an endless loop.
func TestUnreachable(t *testing.T) {
	g, err := New(Options{Shape: sudoku.Shape9, MinGivens: 17, MaxGivens: 17, Attempts: 20})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Sudoku(rngFor(1, 1))
	if err == nil || !strings.Contains(err.Error(), "no 9x9 puzzle with givens 17-17 after 20 grids") {
		t.Fatalf("err = %v, want a 'no puzzle ... after 20 grids' error", err)
	}
	// 12x12 symmetric digs practically never end minimal.
	g, err = New(Options{Shape: sudoku.Shape12, Symmetry: SymRot90, Minimal: true, Attempts: 3})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Sudoku(rngFor(1, 1))
	// No --givens asked: the message names no range (it said "givens
	// 0-144") and advises what can help, not "lower --givens" (the dig
	// went as far as the symmetry let it).
	if want := "no 12x12 puzzle with minimal, symmetry rot90 after 3 grids: every one dug to "; err == nil || !strings.Contains(err.Error(), want) ||
		!strings.Contains(err.Error(), "choose another --symmetry, or drop --minimal)") || strings.Contains(err.Error(), "--givens") {
		t.Fatalf("err = %v, want %q... advising another symmetry or no --minimal, not --givens", err, want)
	}
	// Minimal and a range above what minimal puzzles have: every dig
	// stops at the floor with givens removable; the error says so (it
	// said "they dug to 30-30 givens").
	g, err = New(Options{Shape: sudoku.Shape9, Minimal: true, MinGivens: 30, MaxGivens: 35, Attempts: 5})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Sudoku(rngFor(1, 1))
	if want := "no 9x9 puzzle with minimal, givens 30-35 after 5 grids: every one dug to 30-30 givens with a given still removable (minimal puzzles with that many are too rare to dig to; lower --givens, or drop --minimal)"; err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
}

func TestNewRejects(t *testing.T) {
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 5}}, "box 2x5: unsupported"},
		{Options{Shape: sudoku.Shape{}}, "unsupported"},
		{Options{Shape: sudoku.Shape9, Symmetry: "spiral"}, `symmetry "spiral"`},
		{Options{Shape: sudoku.Shape9, MinGivens: 90, MaxGivens: 95}, "givens 90-95: a 9x9 grid has only 81 cells"},
		{Options{Shape: sudoku.Shape9, MinGivens: 30, MaxGivens: 82}, "only 81 cells"},
		{Options{Shape: sudoku.Shape9, MinGivens: 35, MaxGivens: 30}, "minimum is larger than maximum"},
		{Options{Shape: sudoku.Shape9, MinGivens: -1, MaxGivens: 30}, "must not be negative"},
		{Options{Shape: sudoku.Shape9, MinGivens: 10, MaxGivens: 16}, "needs at least 17 givens"},
		{Options{Shape: sudoku.Shape16, MinGivens: 1, MaxGivens: 14}, "needs at least 15 givens"},
		{Options{Shape: sudoku.Shape4, MaxGivens: 3}, "needs at least 4 givens"},
		{Options{Shape: sudoku.Shape9, Attempts: -2}, "attempts -2"},
	} {
		_, err := New(c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v) error %v, want one containing %q", c.opts, err, c.want)
		}
	}
	for _, o := range []Options{
		{Shape: sudoku.Shape9},
		{Shape: sudoku.Shape9, MinGivens: 17, MaxGivens: 81},
		{Shape: sudoku.Shape9, MinGivens: 30},
		{Shape: sudoku.Shape25, Symmetry: SymRot90, MinGivens: 300, MaxGivens: 625},
		{Shape: sudoku.Shape25},
		{Shape: sudoku.Shape25, Minimal: true},
		{Shape: sudoku.Shape25, MinGivens: 250, MaxGivens: 320},
		{Shape: sudoku.Shape6, Symmetry: "Diagonal"},
	} {
		if _, err := New(o); err != nil {
			t.Errorf("New(%+v): %v", o, err)
		}
	}
}

func TestParseGivens(t *testing.T) {
	for _, c := range []struct {
		in     string
		lo, hi int
		err    string
	}{
		{"25-30", 25, 30, ""},
		{" 30 - 35 ", 30, 35, ""},
		{"28", 28, 28, ""},
		{"30-25", 0, 0, "minimum 30 is larger than maximum 25"},
		{"abc", 0, 0, "expected MIN-MAX"},
		{"", 0, 0, "expected MIN-MAX"},
		{"10-", 0, 0, "expected MIN-MAX"},
		{"-5", 0, 0, "expected MIN-MAX"},
		{"0-5", 0, 0, "at least 1"},
		{"1-2-3", 0, 0, "expected MIN-MAX"},
	} {
		lo, hi, err := ParseGivens(c.in)
		if c.err == "" {
			if err != nil || lo != c.lo || hi != c.hi {
				t.Errorf("ParseGivens(%q) = %d, %d, %v; want %d, %d", c.in, lo, hi, err, c.lo, c.hi)
			}
		} else if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("ParseGivens(%q) error %v, want one containing %q", c.in, err, c.err)
		}
	}
}

func TestParseSymmetry(t *testing.T) {
	for _, s := range []string{"none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "random", "ROT180"} {
		got, err := ParseSymmetry(s)
		if err != nil || string(got) != strings.ToLower(s) {
			t.Errorf("ParseSymmetry(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "rot45", "vertical"} {
		if _, err := ParseSymmetry(s); err == nil || !strings.Contains(err.Error(), "expected one of none, rot180") {
			t.Errorf("ParseSymmetry(%q) error %v", s, err)
		}
	}
}

// TestOrbits checks orbit counts against hand-counted values and that each
// orbit is closed under its map.
func TestOrbits(t *testing.T) {
	for _, c := range []struct {
		shape sudoku.Shape
		sym   Symmetry
		want  int
	}{
		{sudoku.Shape9, SymNone, 81},
		{sudoku.Shape9, SymRot180, 41},   // 40 pairs + centre
		{sudoku.Shape9, SymRot90, 21},    // 20 quads + centre
		{sudoku.Shape9, SymMirror, 45},   // 36 pairs + 9 on the middle column
		{sudoku.Shape9, SymFlip, 45},     //
		{sudoku.Shape9, SymDiagonal, 45}, // 36 pairs + 9 on the diagonal
		{sudoku.Shape9, SymAntidiagonal, 45},
		{sudoku.Shape6, SymRot180, 18},
		{sudoku.Shape6, SymRot90, 9},
		{sudoku.Shape6, SymMirror, 18},
		{sudoku.Shape6, SymDiagonal, 21}, // 15 pairs + 6
		{sudoku.Shape16, SymRot90, 64},
	} {
		orbs := orbits(c.shape, c.sym)
		if len(orbs) != c.want {
			t.Errorf("%s %s: %d orbits, want %d", c.shape, c.sym, len(orbs), c.want)
		}
		n := c.shape.N()
		seen := map[int]bool{}
		for _, o := range orbs {
			in := map[int]bool{}
			for _, x := range o {
				in[x] = true
				if seen[x] {
					t.Fatalf("%s %s: cell %d in two orbits", c.shape, c.sym, x)
				}
				seen[x] = true
			}
			for _, x := range o {
				r, cc := c.sym.image(n, x/n, x%n)
				if !in[r*n+cc] {
					t.Fatalf("%s %s: orbit %v not closed", c.shape, c.sym, o)
				}
			}
		}
		if len(seen) != n*n {
			t.Fatalf("%s %s: orbits cover %d cells", c.shape, c.sym, len(seen))
		}
	}
}
