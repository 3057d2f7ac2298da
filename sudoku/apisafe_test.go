package sudoku

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// safeCase is one call of an exported entry point with input it cannot
// use. call returns what the entry point gave, as text, and its error;
// the case wants an error (wantErr) or the defined result want.
type safeCase struct {
	name    string
	call    func() (string, error)
	want    string
	wantErr bool
}

// runSafeCases runs each case, failing it on a panic, a missing error or
// a result other than the documented one.
func runSafeCases(t *testing.T, cases []safeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got string
			var err error
			panicked := func() (p any) {
				defer func() { p = recover() }()
				got, err = c.call()
				return nil
			}()
			switch {
			case panicked != nil:
				t.Fatalf("panicked: %v", panicked)
			case c.wantErr && err == nil:
				t.Fatalf("got %q and no error, want an error", got)
			case !c.wantErr && err != nil:
				t.Fatalf("error %v, want %q", err, c.want)
			case !c.wantErr && got != c.want:
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestBadInputNoPanic calls the package's entry points with every kind of
// input they cannot use (unsupported shapes, the zero Grid, a grid of the
// wrong length or with a value without a symbol, mismatched shapes) and
// requires an error or the result their docs define, never a panic (the
// package doc's promise; audit A4 D3).
func TestBadInputNoPanic(t *testing.T) {
	const p9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	g9, err := Parse(p9, Shape9)
	if err != nil {
		t.Fatal(err)
	}
	g4, err := Parse("1...............", Shape4)
	if err != nil {
		t.Fatal(err)
	}
	var zero Grid
	v42 := g9.Clone()
	v42.Cells[0] = 42
	v10 := g9.Clone()
	v10.Cells[5] = 10
	short := Grid{Geo: g9.Geo, Cells: g9.Cells[:40]}
	str := func(s string) (string, error) { return s, nil }
	count := func(n int) (string, error) { return fmt.Sprint(n), nil }
	cells := func(g Grid) (string, error) { return fmt.Sprintf("%v %d", g.Geo == nil, len(g.Cells)), nil }
	bad := []Shape{{}, {6, 6}, {1, 1}, {4, 3}, {-3, -3}, {3, 0}}

	var cases []safeCase
	for _, s := range bad {
		s := s
		cases = append(cases,
			safeCase{name: "Parse/" + s.String(), call: func() (string, error) { g, err := Parse(p9, s); return g.String(), err }, wantErr: true},
			safeCase{name: "NewGrid/" + s.String(), call: func() (string, error) { return cells(NewGrid(s)) }, want: "true 0"},
			safeCase{name: "NewGrid.Check/" + s.String(), call: func() (string, error) { return "", NewGrid(s).Check() }, wantErr: true},
		)
	}
	cases = append(cases,
		// the zero Grid
		safeCase{name: "zero/String", call: func() (string, error) { return str(zero.String()) }, want: ""},
		safeCase{name: "zero/Pretty", call: func() (string, error) { return str(zero.Pretty()) }, want: ""},
		safeCase{name: "zero/Givens", call: func() (string, error) { return count(zero.Givens()) }, want: "0"},
		safeCase{name: "zero/Check", call: func() (string, error) { return "", zero.Check() }, wantErr: true},
		safeCase{name: "zero/Conflict", call: func() (string, error) { return "", zero.Conflict() }, wantErr: true},
		safeCase{name: "zero/SolvedBy", call: func() (string, error) { return fmt.Sprint(zero.SolvedBy(zero)), nil }, want: "false"},
		safeCase{name: "zero/ParseInto", call: func() (string, error) { return "", ParseInto(zero, []byte(p9)) }, wantErr: true},
		safeCase{name: "zero/Solve", call: func() (string, error) {
			sol, n := Solve(zero)
			s, _ := cells(sol)
			return fmt.Sprint(s, " ", n), nil
		}, want: "true 0 0"},
		safeCase{name: "zero/CountSolutions", call: func() (string, error) { return count(CountSolutions(zero, 2)) }, want: "0"},
		safeCase{name: "zero/Canonical", call: func() (string, error) {
			c, tr := Canonical(zero)
			s, _ := cells(c)
			return fmt.Sprint(s, " ", tr.Check() != nil), nil
		}, want: "true 0 true"},
		safeCase{name: "zero/CanonicalString", call: func() (string, error) { return str(CanonicalString(zero)) }, want: ""},
		safeCase{name: "zero/Canonicalizer.String", call: func() (string, error) { return str(NewCanonicalizer(Shape9).String(zero)) }, want: ""},
		safeCase{name: "zero/Canonicalizer.Append", call: func() (string, error) {
			return string(NewCanonicalizer(Shape9).Append([]byte("x"), zero)), nil
		}, want: "x"},
		safeCase{name: "zero/Identity.Apply", call: func() (string, error) { return cells(Identity(Shape9).Apply(zero)) }, want: "true 0"},
		// a grid of the wrong length
		safeCase{name: "short/Check", call: func() (string, error) { return "", short.Check() }, wantErr: true},
		safeCase{name: "short/Conflict", call: func() (string, error) { return "", short.Conflict() }, wantErr: true},
		safeCase{name: "short/Pretty", call: func() (string, error) { return str(short.Pretty()) }, want: ""},
		safeCase{name: "short/Solve", call: func() (string, error) { _, n := Solve(short); return count(n) }, want: "0"},
		safeCase{name: "short/CanonicalString", call: func() (string, error) { return str(CanonicalString(short)) }, want: ""},
		safeCase{name: "short/ParseInto", call: func() (string, error) { return "", ParseInto(short, []byte(p9[:40])) }, wantErr: true},
		// values without a symbol, or above N
		safeCase{name: "value42/String", call: func() (string, error) { return str(v42.String()) }, want: "?" + p9[1:]},
		safeCase{name: "value42/Pretty", call: func() (string, error) {
			return str(strings.SplitN(v42.Pretty(), "\n", 2)[0])
		}, want: "? . 3 | . 2 . | 6 . ."},
		safeCase{name: "value42/Check", call: func() (string, error) { return "", v42.Check() }, wantErr: true},
		safeCase{name: "value42/Conflict", call: func() (string, error) { return "", v42.Conflict() }, wantErr: true},
		safeCase{name: "value10/Check", call: func() (string, error) { return "", v10.Check() }, wantErr: true},
		safeCase{name: "value10/Conflict", call: func() (string, error) { return "", v10.Conflict() }, wantErr: true},
		safeCase{name: "value42/CountSolutions", call: func() (string, error) { return count(CountSolutions(v42, 2)) }, want: "0"},
		safeCase{name: "value42/Identity.Apply", call: func() (string, error) { return cells(Identity(Shape9).Apply(v42)) }, want: "true 0"},
		// mismatched shapes
		safeCase{name: "mismatch/Identity4.Apply9", call: func() (string, error) { return cells(Identity(Shape4).Apply(g9)) }, want: "true 0"},
		safeCase{name: "mismatch/zeroTransform.Apply", call: func() (string, error) { return cells(Transform{}.Apply(g9)) }, want: "true 0"},
		safeCase{name: "mismatch/Canonicalizer9.String4", call: func() (string, error) { return str(NewCanonicalizer(Shape9).String(g4)) }, want: ""},
		safeCase{name: "mismatch/Canonicalizer9.Canonical4", call: func() (string, error) { c, _ := NewCanonicalizer(Shape9).Canonical(g4); return cells(c) }, want: "true 0"},
		safeCase{name: "mismatch/SolvedBy", call: func() (string, error) { return fmt.Sprint(g9.SolvedBy(g4)), nil }, want: "false"},
		// a solver's sol without room for a solution
		safeCase{name: "Solver9.Count/short sol", call: func() (string, error) { return count(NewSolver(Shape9).Count(g9.Cells, 2, make([]uint8, 3))) }, want: "0"},
		safeCase{name: "Solver4.Count/short sol", call: func() (string, error) { return count(NewSolver(Shape4).Count(g4.Cells, 2, make([]uint8, 3))) }, want: "0"},
		safeCase{name: "Solver16.Count/short sol", call: func() (string, error) {
			return count(NewSolver(Shape16).Count(make([]uint8, 256), 2, make([]uint8, 255)))
		}, want: "0"},
		// transformations that are not members of a shape's group
		safeCase{name: "Identity/-3x3", call: func() (string, error) { return "", Identity(Shape{-3, 3}).Check() }, wantErr: true},
		safeCase{name: "Identity/6x6", call: func() (string, error) { return "", Identity(Shape{6, 6}).Check() }, wantErr: true},
		safeCase{name: "RandomTransform/-3x3", call: func() (string, error) { return "", RandomTransform(Shape{-3, 3}, rand.New(rand.NewPCG(1, 2))).Check() }, wantErr: true},
		safeCase{name: "RandomTransform/nil rng", call: func() (string, error) { return "", RandomTransform(Shape9, nil).Check() }, wantErr: true},
		safeCase{name: "Inverse/row 99", call: func() (string, error) { t := Identity(Shape9); t.Rows[0] = 99; return "", t.Inverse().Check() }, wantErr: true},
		safeCase{name: "Inverse/relabel 200", call: func() (string, error) { t := Identity(Shape9); t.Relabel[1] = 200; return "", t.Inverse().Check() }, wantErr: true},
		safeCase{name: "Inverse/short rows", call: func() (string, error) { return "", Transform{Shape: Shape9, Rows: make([]int, 3)}.Inverse().Check() }, wantErr: true},
		safeCase{name: "Prover.SolveAvoiding/short sol", call: func() (string, error) {
			return fmt.Sprint(NewProver(Shape9).SolveAvoiding(g9.Cells, -1, 0, make([]uint8, 2))), nil
		}, want: "false"},
		// the good input still works: the checks refuse only the bad
		safeCase{name: "good/NewGrid", call: func() (string, error) { return cells(NewGrid(Shape9)) }, want: "false 81"},
		safeCase{name: "good/Check", call: func() (string, error) { return "", g9.Check() }},
		safeCase{name: "good/Identity.Apply", call: func() (string, error) { return str(Identity(Shape9).Apply(g9).String()) }, want: p9},
		safeCase{name: "good/Inverse", call: func() (string, error) {
			tr := RandomTransform(Shape9, rand.New(rand.NewPCG(3, 4)))
			return str(tr.Inverse().Apply(tr.Apply(g9)).String())
		}, want: p9},
		safeCase{name: "good/Prover.SolveAvoiding", call: func() (string, error) {
			return fmt.Sprint(NewProver(Shape9).SolveAvoiding(g9.Cells, -1, 0, make([]uint8, 81))), nil
		}, want: "true"},
		safeCase{name: "good/Solver9.Count", call: func() (string, error) { return count(NewSolver(Shape9).Count(g9.Cells, 2, make([]uint8, 81))) }, want: "1"},
	)
	runSafeCases(t, cases)
}

// TestCanonicalRefusesValueAboveN: a grid of the right shape and length
// with a value above N (which Grid.Check refuses) gets no canonical form
// from any entry point, on every search path (the 9x9 puzzle search, the
// full-grid search, the generic one). Before, Canonical and
// CanonicalString gave two different keys for it, neither the grid's.
func TestCanonicalRefusesValueAboveN(t *testing.T) {
	const p9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	g9, err := Parse(p9, Shape9)
	if err != nil {
		t.Fatal(err)
	}
	full, n := Solve(g9)
	if n != 1 {
		t.Fatal("p9 is not unique")
	}
	with := func(g Grid, cell int, v uint8) Grid { g = g.Clone(); g.Cells[cell] = v; return g }
	grids := []struct {
		name string
		g    Grid
	}{
		{"9x9 value 42", with(g9, 0, 42)},
		{"9x9 value 10", with(g9, 5, 10)},
		{"9x9 full value 77", with(full, 40, 77)},
		{"6x6 value 7", with(NewGrid(Shape6), 3, 7)},
		{"16x16 value 17", with(NewGrid(Shape16), 0, 17)},
	}
	var cases []safeCase
	for _, b := range grids {
		g, c := b.g, NewCanonicalizer(b.g.Geo.Shape)
		cases = append(cases,
			safeCase{name: b.name + "/Canonical", call: func() (string, error) {
				cg, tr := Canonical(g)
				return fmt.Sprint(cg.Geo == nil, len(cg.Cells), tr.Check() != nil), nil
			}, want: "true 0 true"},
			safeCase{name: b.name + "/CanonicalString", call: func() (string, error) { return CanonicalString(g), nil }, want: ""},
			safeCase{name: b.name + "/Canonicalizer.String", call: func() (string, error) { return c.String(g), nil }, want: ""},
			safeCase{name: b.name + "/Canonicalizer.Append", call: func() (string, error) { return string(c.Append([]byte("x"), g)), nil }, want: "x"},
		)
	}
	// the good grid keeps its form
	cases = append(cases, safeCase{name: "good/CanonicalString", call: func() (string, error) {
		return fmt.Sprint(len(CanonicalString(g9))), nil
	}, want: "81"})
	runSafeCases(t, cases)
}

// TestNamesOffTheGrid: a cell or unit number off the grid is named as
// such, not as a cell or unit it is not (CellName(-1) said r1c0, 81
// r10c1); the zero Grid, which has no cells, is not Full.
func TestNamesOffTheGrid(t *testing.T) {
	g := GeometryOf(Shape9)
	for _, c := range []struct {
		got, want string
	}{
		{g.CellName(0), "r1c1"},
		{g.CellName(80), "r9c9"},
		{g.CellName(-1), "cell -1 (off the 9x9 grid)"},
		{g.CellName(81), "cell 81 (off the 9x9 grid)"},
		{g.UnitName(0), "row 1"},
		{g.UnitName(9), "column 1"},
		{g.UnitName(26), "box 9"},
		{g.UnitName(27), "unit 27 (off the 9x9 grid)"},
		{g.UnitName(-1), "unit -1 (off the 9x9 grid)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if (Grid{}).Full() {
		t.Error("the zero Grid is Full")
	}
	full, _ := Parse("123456789456789123789123456214365897365897214897214365531642978642978531978531642", Shape9)
	if !full.Full() {
		t.Error("a solved grid is not Full")
	}
}
