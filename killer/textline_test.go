package killer

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

func TestTextLine(t *testing.T) {
	const grid = "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"
	cases := []struct {
		name string
		line string
		want bool
	}{
		{"grid", grid, false},
		{"grid and se rating", grid + " ED=2.0/1.2/1.2", false},
		{"grid and rating", grid + " 7.2", false},
		{"grid, comment with a sum", grid + " # a=5", false},
		{"record", `{"kind":"killer","puzzle":"` + grid + `"}`, false},
		{"comment", "# a=15", false},
		{"blank", "   ", false},
		{"cage map", "aaabccddeffbbccdgehiiiicjgehkkkkljgghmmnlljooppmnnqjrrsptqqqurrsvtwxxuyyzttwxxuyy a=15,b=11", true},
		{"cage map, hidden sum", "aabb aabb ccdd ccdd a=10 b=? c=7 d=9", true},
		{"SudokuWiki link", "https://www.sudokuwiki.org/killersudoku.htm?bd=0011,22", true},
		{"SumoCue", "3x3::k:5377:5377:", true},
		{"bd value", "0011223344,00112233445566778899", true},
		{"arrows", "5<<v^>>3", false}, // 8 characters: no board
		{"arrows, 16 cells", "5<<<6<<<7<<<8<<<", true},
		{"two-letter key", grid + " ED=3.0", false},
	}
	for _, c := range cases {
		if got := TextLine([]byte(c.line)); got != c.want {
			t.Errorf("%s: TextLine(%q) = %v, want %v", c.name, c.line, got, c.want)
		}
	}
}

// TestPlainLineRecords: export's reader reads a killer's cage-map line
// as a killer record whose check finds its one solution (the solver's,
// checked against the cages independently by CheckSolution), while a
// killer JSON record without a solution is still refused.
func TestPlainLineRecords(t *testing.T) {
	const line = "aabb aabb ccdd ccdd a=10 b=10 c=10 d=10" // the four boxes: every 4x4 grid
	p, err := ParseText(line)
	if err != nil {
		t.Fatal(err)
	}
	// A unique 6x6 killer from the generator, written as its line.
	q, sol, _, err := Generate(rand.New(rand.NewPCG(3, 9)), Options{Shape: sudoku.Shape6})
	if err != nil {
		t.Fatal(err)
	}
	uniq := FormatLine(q)
	input := line + "\n" + uniq + "\n# a comment\n"
	rd := export.NewReader(strings.NewReader(input), "in.txt")
	it, err := rd.Next()
	if err != nil || it.Record.Kind != KindName || it.JSON {
		t.Fatalf("line 1: %+v, %v", it, err)
	}
	if err := export.CheckRecord(&it.Record); err == nil || !strings.Contains(err.Error(), "more than one solution") {
		t.Errorf("line 1 (%d solutions): check says %v", len(NewSolver(p).Solutions(2)), err)
	}
	it, err = rd.Next()
	if err != nil || it.Record.Kind != KindName {
		t.Fatalf("line 2: %+v, %v", it, err)
	}
	if err := export.CheckRecord(&it.Record); err != nil {
		t.Fatalf("line 2: %v", err)
	}
	if want := SolutionString(sol); it.Record.Solution != want {
		t.Errorf("line 2's solution %s, want the generator's %s", it.Record.Solution, want)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after the comment: %v, want EOF", err)
	}

	// The same killer as a JSON record without its solution is refused.
	var js []byte
	r := it.Record
	r.Solution = ""
	f := r.Fields.(recordFields)
	f.text = false
	r.Fields = f
	js = export.AppendJSON(js, &r)
	it, _, err = export.ParseLine("in.jsonl", 1, js)
	if err != nil {
		t.Fatal(err)
	}
	if err := export.CheckRecord(&it.Record); err == nil || !strings.Contains(err.Error(), `no "solution"`) {
		t.Errorf("JSON killer without a solution: check says %v", err)
	}
}

// BenchmarkTextLine: the test every reader makes of a plain grid line.
func BenchmarkTextLine(b *testing.B) {
	line := []byte("...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361 7.2")
	b.ReportAllocs()
	for b.Loop() {
		if TextLine(line) {
			b.Fatal("a grid line read as a killer")
		}
	}
}
