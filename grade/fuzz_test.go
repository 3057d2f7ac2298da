package grade

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/configs"
	"github.com/sudogen/sudogen/sudoku"
)

// FuzzParseTiers: any tier file is read or refused with an error; a table
// read names a tier for every rating.
func FuzzParseTiers(f *testing.F) {
	if b, err := configs.Read("tiers.yaml"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("sudoku:\n  - {name: easy, max: 1.5}\n  - {name: hard, max: .nan}\n"))
	f.Add([]byte("sudoku: [[[[[[[[\n"))
	f.Add([]byte("sudoku:\n  - name: a\n    max: 99999999999999999999999999999\n  - name: a\n    max: -1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tiers, err := ParseTiers(data, "fuzz.yaml")
		if err != nil {
			return
		}
		for _, r := range []float64{0, 1.2, 4.2, 9.9, 11.9, Beyond} {
			tiers.Of(r)
		}
		tiers.Names()
		tiers.ParseSelection(strings.Join(tiers.Names(), ","))
	})
}

// FuzzRegLib: any regression-library text is run or refused with an
// error naming the line; no case makes a finder panic.
func FuzzRegLib(f *testing.F) {
	f.Add([]byte(":0000:1:.23456789........................................................................:::111:\n"))
	f.Add([]byte(":0300:5:" + strings.Repeat(".", 81) + ":511 522::599:\n"))
	f.Add([]byte(":0800-x:1:+1+2+3" + strings.Repeat(".", 78) + ":::\n#0800: XY-Wing\n"))
	f.Add([]byte(":0100:7:" + strings.Repeat("+", 200) + "::\n"))
	f.Add([]byte(":9999:::::::\n:0:\n::::\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		RunRegLib(bytes.NewReader(data), "fuzz.txt")
	})
}

// fuzzSolutions holds one solved grid per small shape for FuzzGrade.
var fuzzSolutions = func() map[sudoku.Shape]sudoku.Grid {
	m := map[sudoku.Shape]sudoku.Grid{}
	for _, s := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9} {
		g := sudoku.NewGrid(s)
		sudoku.NewSolver(s).Random(g.Cells, rand.New(rand.NewPCG(1, uint64(s.N()))), g.Cells)
		m[s] = g
	}
	return m
}()

// FuzzGrade: the grader on any valid puzzle (shapes up to 9x9) finishes
// with a result (graded, or why not: no solution, several solutions),
// never a panic; with every step checked against the solution, no step
// is wrong. Mode 0 takes the cells from the bytes (any consistent
// givens); mode 1 keeps the cells of a solved grid the bytes select (a
// puzzle with a solution, often unique).
func FuzzGrade(f *testing.F) {
	f.Add(uint8(3), uint8(1), []byte("\xff\x0f\xf0\x55\xaa\x33\xcc\x99\x66\x01\x80"))
	f.Add(uint8(0), uint8(1), []byte("\xff\xff"))
	f.Add(uint8(3), uint8(0), []byte("1.3..6..9"))
	f.Add(uint8(1), uint8(1), []byte("\x5a\x5a\x5a\x5a\x5a"))
	shapes := []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9}
	gr, err := NewGrader(GraderOptions{VerifySteps: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, shapeSel, mode uint8, data []byte) {
		s := shapes[int(shapeSel)%len(shapes)]
		g := sudoku.NewGrid(s)
		n := s.N()
		if mode%2 == 0 {
			for i := 0; i < len(g.Cells) && i < len(data); i++ {
				g.Cells[i] = uint8(int(data[i]) % (n + 1))
			}
		} else {
			sol := fuzzSolutions[s]
			for i := range g.Cells {
				if i/8 < len(data) && data[i/8]&(1<<(i%8)) != 0 {
					g.Cells[i] = sol.Cells[i]
				}
			}
		}
		if g.Conflict() != nil {
			return // not a valid puzzle: the readers refuse it before grading
		}
		res, err := gr.Grade(g)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		switch res.Status {
		case StatusOK, StatusNoSolution, StatusMultiple:
		default:
			t.Fatalf("%s: status %q", g, res.Status)
		}
		if res.Status == StatusOK && !g.SolvedBy(res.Solution) {
			t.Fatalf("%s: graded with solution %s", g, res.Solution)
		}
	})
}
