package export

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// A 9x9 puzzle with one solution (the well-known example from the
// Wikipedia article on Sudoku) and that solution, checked against the
// rules by validSolution.
const (
	uniquePuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	uniqueSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// validSolution checks sol against the rules, independently of the solver:
// every row, column and box holds 1..9 once, and it keeps the givens.
func validSolution(t *testing.T, puzzle, sol string) bool {
	t.Helper()
	if len(sol) != 81 {
		return false
	}
	for i := range puzzle {
		if puzzle[i] != '.' && puzzle[i] != sol[i] {
			return false
		}
	}
	for u := 0; u < 27; u++ {
		seen := map[byte]bool{}
		for k := 0; k < 9; k++ {
			var r, c int
			switch {
			case u < 9:
				r, c = u, k
			case u < 18:
				r, c = k, u-9
			default:
				b := u - 18
				r, c = b/3*3+k/3, b%3*3+k%3
			}
			ch := sol[r*9+c]
			if ch < '1' || ch > '9' || seen[ch] {
				return false
			}
			seen[ch] = true
		}
	}
	return true
}

func TestCheckRecordSudoku(t *testing.T) {
	if !validSolution(t, uniquePuzzle, uniqueSolution) {
		t.Fatal("fixture: the solution breaks the rules")
	}
	// An almost empty grid has many solutions.
	many := strings.Repeat(".", 80) + "1"
	// Row 1 holds 1..8 and column 9 holds a 9 lower down: r1c9 can hold
	// nothing, so no solution (and no two givens conflict).
	none := "12345678." + "........9" + strings.Repeat(".", 63)
	ones := strings.Repeat("1", 81)
	wrong := []byte(uniqueSolution)
	wrong[2], wrong[3] = wrong[3], wrong[2] // r1c3 and r1c4 are not givens
	for _, c := range []struct {
		name string
		rec  Record
		want string
	}{
		{"all-1 solution", Record{Kind: "sudoku", Puzzle: uniquePuzzle, Solution: ones}, "solution is wrong: r1c1 is 1, the puzzle's only solution has 5 there"},
		{"swapped solution", Record{Kind: "sudoku", Puzzle: uniquePuzzle, Solution: string(wrong)}, "solution is wrong: r1c3"},
		{"short solution", Record{Kind: "sudoku", Puzzle: uniquePuzzle, Solution: uniqueSolution[:80]}, "solution:"},
		{"many solutions", Record{Kind: "sudoku", Puzzle: many}, "more than one solution"},
		{"no solution", Record{Kind: "sudoku", Puzzle: none}, "puzzle has no solution"},
		{"conflict", Record{Kind: "sudoku", Puzzle: "55" + uniquePuzzle[2:]}, "5 appears twice in row 1"},
		{"bad symbol", Record{Kind: "sudoku", Puzzle: "x" + uniquePuzzle[1:]}, "puzzle:"},
		{"length", Record{Kind: "sudoku", Puzzle: uniquePuzzle[:80]}, "80 characters"},
		{"size", Record{Kind: "sudoku", Size: 6, Puzzle: uniquePuzzle}, "puzzle has 81 characters, expected 36"},
		{"givens", Record{Kind: "sudoku", Puzzle: uniquePuzzle, Givens: 31}, "givens 31 but the puzzle has 30"},
		{"kind", Record{Kind: "kakuro", Puzzle: uniquePuzzle}, `kind "kakuro": expected sudoku or slide`},
		{"no puzzle", Record{Kind: "sudoku"}, `no "puzzle"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := c.rec
			err := CheckRecord(&r)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want it to say %q", err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("not one line: %q", err)
			}
		})
	}
	// "givens":0 read from a record is a count, and a wrong one, not an
	// absent field (both decoders); null is absent. Seed and index keep
	// the format's range (seeds of records before format 1 up to 2^64-1).
	for _, c := range []struct {
		json string
		want string
	}{
		{`{"kind":"sudoku","puzzle":"` + uniquePuzzle + `","givens":0}`, "givens 0 but the puzzle has 30"},
		{`{"kind":"sudoku","puzzle":"` + uniquePuzzle + `","givens":null}`, ""},
		{`{"kind":"sudoku","puzzle":"` + uniquePuzzle + `"}`, ""},
		// seed and index within the record format's range
		{`{"v":1,"kind":"sudoku","puzzle":"` + uniquePuzzle + `","seed":1,"index":-1}`, "index -1, expected a whole number from 0 to 9007199254740991"},
		{`{"v":1,"kind":"sudoku","puzzle":"` + uniquePuzzle + `","seed":1,"index":9007199254740992}`, "index 9007199254740992, expected a whole number from 0 to 9007199254740991"},
		{`{"v":1,"kind":"sudoku","puzzle":"` + uniquePuzzle + `","seed":9007199254740992,"index":0}`, "seed 9007199254740992 is above 2^53-1, expected a whole number from 0 to 9007199254740991"},
		{`{"kind":"sudoku","puzzle":"` + uniquePuzzle + `","seed":18446744073709551615,"index":0}`, ""}, // before format 1
		{`{"v":1,"kind":"sudoku","puzzle":"` + uniquePuzzle + `","seed":9007199254740991,"index":9007199254740991}`, ""},
		// "size" 0 or absent is no size: the box says it ("box [3 3] does
		// not fit size 0" before); a size the box does not make is refused
		{`{"kind":"sudoku","size":0,"box":[3,3],"puzzle":"` + uniquePuzzle + `"}`, ""},
		{`{"kind":"sudoku","box":[3,3],"puzzle":"` + uniquePuzzle + `"}`, ""},
		{`{"kind":"sudoku","size":6,"box":[3,3],"puzzle":"` + uniquePuzzle + `"}`, "box [3 3] does not fit size 6: expected e.g. [3,3] for 9, [2,3] for 6"},
	} {
		for name, decode := range map[string]func([]byte, *Record) error{"DecodeRecord": DecodeRecord, "decodeStd": decodeStd} {
			var r Record
			if err := decode([]byte(c.json), &r); err != nil {
				t.Fatal(err)
			}
			err := CheckRecord(&r)
			if (c.want == "") != (err == nil) || (err != nil && err.Error() != c.want) {
				t.Errorf("%s %s: CheckRecord: %v, want %q", name, c.json[len(c.json)-40:], err, c.want)
			}
		}
	}
	// A plain line: the solution is found and filled in, with size, box
	// and givens.
	r := Record{Kind: "sudoku", Puzzle: uniquePuzzle}
	if err := CheckRecord(&r); err != nil {
		t.Fatal(err)
	}
	if r.Solution != uniqueSolution || r.Size != 9 || len(r.Box) != 2 || r.Givens != 30 {
		t.Errorf("filled %+v", r)
	}
	// The right solution passes.
	r = Record{Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: uniquePuzzle, Solution: uniqueSolution, Givens: 30}
	if err := CheckRecord(&r); err != nil {
		t.Fatal(err)
	}
}

// TestCheckRecordShapes: every box shape's generated puzzles pass, and
// their solution is the generator's.
func TestCheckRecordShapes(t *testing.T) {
	for _, s := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12, sudoku.Shape16} {
		for _, r := range makeRecords(t, s, 3) {
			want := r.Solution
			r.Solution, r.Size, r.Box = "", 0, nil
			if err := CheckRecord(r); err != nil {
				t.Fatalf("%v: %v", s, err)
			}
			if r.Solution != want {
				t.Errorf("%v: solution %s, want %s", s, r.Solution, want)
			}
		}
	}
}

func TestCheckRecordSlide(t *testing.T) {
	good := slideRec(t, 4, "ULULDR", "easy", true)
	if err := CheckRecord(good); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(r *Record)
		want string
	}{
		{"optimal", func(r *Record) { n := 8; r.Optimal = &n }, "optimal 8 but the solution has 6 moves"},
		{"length", func(r *Record) { n := 4; r.Length = &n }, "length 4 but the solution has 6 moves"},
		{"bound", func(r *Record) { n := 9; r.LowerBound = &n }, "lower_bound 9 is above"},
		{"goal", func(r *Record) { r.Solution = "DR" }, "does not reach the goal"},
		{"unsolvable", func(r *Record) { r.Tiles[0], r.Tiles[1] = r.Tiles[1], r.Tiles[0] }, "unsolvable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := *good
			r.Tiles = append([]int(nil), good.Tiles...)
			c.edit(&r)
			if err := CheckRecord(&r); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want %q", err, c.want)
			}
		})
	}
}

// TestCheckRecordSlide3Optimal: a 3x3 record's "optimal" is checked
// against the board's true optimum (audit h2, S1: a 4-move solution
// claimed optimal where 2 moves do passed merge and export).
func TestCheckRecordSlide3Optimal(t *testing.T) {
	opt := func(n int) *int { return &n }
	for _, c := range []struct {
		optimal  *int
		solution string
		want     string
	}{
		{opt(4), "DRUD", "optimal 4 but the board's optimum is 2 moves"},
		{opt(2), "DR", ""},
		{nil, "DRUD", ""}, // no claim of optimality
	} {
		r := Record{Kind: "slide", Size: 3, Tiles: []int{1, 2, 3, 4, 0, 6, 7, 5, 8}, Optimal: c.optimal, Solution: c.solution}
		err := CheckRecord(&r)
		if (c.want == "") != (err == nil) || (err != nil && err.Error() != c.want) {
			t.Errorf("optimal %v solution %s: %v, want %q", c.optimal, c.solution, err, c.want)
		}
	}
}

// TestBooksRefuseBadRecords: a book and a workbook refuse a wrong
// solution and a puzzle with several solutions, with --solutions none too;
// a sudoku without a solution is solved for the key.
func TestBooksRefuseBadRecords(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape9, 3)
	ones := cloneRecords(recs)
	ones[1].Solution = strings.Repeat("1", 81)
	many := cloneRecords(recs)
	many[2].Puzzle, many[2].Solution, many[2].Givens = strings.Repeat(".", 80)+"1", "", 0
	o := DefaultBookOptions()
	none := o
	none.Solutions = "none"
	for _, c := range []struct {
		name string
		recs []*Record
		o    BookOptions
		want string
	}{
		{"ones", ones, o, `record 2 (id "s9-easy-0000001"): solution is wrong`},
		{"many", many, o, `record 3 (id "s9-none-0000002"): puzzle has more than one solution`},
		{"many, no key", many, none, `record 3 (id "s9-none-0000002"): puzzle has more than one solution`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := WritePDF(&bytes.Buffer{}, c.recs, c.o); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("pdf: err %v, want %q", err, c.want)
			}
			if err := WriteXLSX(&bytes.Buffer{}, c.recs, XLSXOptions{}); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("xlsx: err %v, want %q", err, c.want)
			}
		})
	}
	// No solution field: solved at export time; the caller's record is
	// left alone.
	plain := cloneRecords(recs)
	plain[0].Solution = ""
	if err := WritePDF(&bytes.Buffer{}, plain, o); err != nil {
		t.Fatal(err)
	}
	if plain[0].Solution != "" {
		t.Error("WritePDF changed the caller's record")
	}
}
