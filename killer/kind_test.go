package killer

import (
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
)

func TestKindRecords(t *testing.T) {
	k, err := kind.Lookup(KindName)
	if err != nil {
		t.Fatal(err)
	}
	// id is the record's id at index 1 (docs/records.md): k<size>-<index>,
	// and a Killer-X's says its variant first, as variant records do
	specs := []struct {
		kind.Spec
		id string
	}{
		{kind.Spec{Seed: 7, Tier: "hard"}, "k9-0000001"},
		{kind.Spec{Seed: 8, Size: 6}, "k6-0000001"},
		{kind.Spec{Seed: 9, Options: Options{X: true, CageMin: 2, CageMax: 4}}, "x-k9-0000001"},
		{kind.Spec{Seed: 10, Options: Options{Shape: sudoku.Shape8, Givens: 2}}, "k8-0000001"},
	}
	var lines [][]byte
	for _, c := range specs {
		spec := c.Spec
		mk, err := k.Makers(spec)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mk(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < 2; i++ {
			rec, err := m.Make(i, rand.New(rand.NewPCG(spec.Seed, uint64(i))))
			if err != nil {
				t.Fatal(err)
			}
			if i == 1 && rec.ID != c.id {
				t.Errorf("id %q, want %q", rec.ID, c.id)
			}
			line := export.AppendJSON(nil, &rec)
			if spec.Size == 6 {
				again, _ := m.Make(i, rand.New(rand.NewPCG(spec.Seed, uint64(i))))
				if string(export.AppendJSON(nil, &again)) != string(line) {
					t.Fatal("the same (seed, index) made two different records")
				}
			}
			var back export.Record
			if err := export.DecodeRecord(line, &back); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if string(export.AppendJSON(nil, &back)) != string(line) {
				t.Fatalf("record changed by a round trip:\n%s\n%s", line, export.AppendJSON(nil, &back))
			}
			if err := export.CheckRecord(&back); err != nil {
				t.Fatalf("export check: %v\n%s", err, line)
			}
			p, err := k.Parse(&back)
			if err != nil {
				t.Fatal(err)
			}
			n, sol, err := p.Solve(2)
			if err != nil || n != 1 || sol != back.Solution {
				t.Fatalf("Solve: %d %q %v, want 1 %q", n, sol, err, back.Solution)
			}
			if back.Tier == "" || back.Rating == 0 || !strings.Contains(string(line), `"cages":[{"sum":`) {
				t.Fatalf("record lacks grade or cages: %s", line)
			}
			if back.Size < 9 { // 9x9 records go to the checker in TestCheckerAcceptsGenerated
				lines = append(lines, line)
			}
		}
	}
	if _, err := exec.LookPath("python3"); err == nil {
		out, ok := runChecker(t, lines)
		if !ok || !strings.Contains(out, "killercheck: 4 passed, 0 failed") {
			t.Fatalf("independent checker on export-written records:\n%s", out)
		}
	}
}

// cages4 are the cages of a 4x4 killer whose only solution is
// 2314142332414132.
const cages4 = `"cages":[{"sum":5,"cells":[0,1]},{"sum":10,"cells":[2,6,7,10]},{"sum":4,"cells":[3]},{"sum":7,"cells":[4,5,9]},{"sum":3,"cells":[8]},{"sum":3,"cells":[11,15]},{"sum":4,"cells":[12]},{"sum":4,"cells":[13,14]}]`

// TestCheckRecordGivensWithoutPuzzle: a killer record whose "givens" says
// 3 but which has no "puzzle" (so no given) is refused; with givens 0 it
// passes (audit h2, K2: the givens check skipped records without a
// puzzle).
func TestCheckRecordGivensWithoutPuzzle(t *testing.T) {
	const rec = `{"v":1,"kind":"killer","size":4,"box":[2,2],"solution":"2314142332414132",` + cages4
	for _, c := range []struct{ givens, want string }{
		{`,"givens":3}`, "givens 3 but the record has no puzzle (no given)"},
		{`,"givens":0}`, ""},
		{`}`, ""},
	} {
		var r export.Record
		if err := export.DecodeRecord([]byte(rec+c.givens), &r); err != nil {
			t.Fatal(err)
		}
		err := export.CheckRecord(&r)
		if (c.want == "") != (err == nil) || (err != nil && err.Error() != c.want) {
			t.Errorf("givens %s: CheckRecord: %v, want %q", c.givens, err, c.want)
		}
	}
}

func TestKindRefusesBadRecord(t *testing.T) {
	k, _ := kind.Lookup(KindName)
	var r export.Record
	if err := export.DecodeRecord([]byte(`{"v":1,"kind":"killer","size":4,"box":[2,2],"cages":[{"sum":10,"cells":[0,1,4,5]},{"sum":10,"cells":[2,3,6,7]},{"sum":10,"cells":[8,9,12,13]},{"sum":10,"cells":[10,11,14,15]}],"solution":"1234341221434321"}`), &r); err != nil {
		t.Fatal(err)
	}
	if err := export.CheckRecord(&r); err == nil || !strings.Contains(err.Error(), "solutions") {
		t.Fatalf("a killer with 288 solutions passed the check: %v", err)
	}
	r.Fields = nil
	if _, err := k.Parse(&r); err == nil {
		t.Fatal("a killer record without cages parsed")
	}
}

// TestValidateCageCells: a cell listed twice in one cage and a cell in
// two cages are refused, each with its own message.
func TestValidateCageCells(t *testing.T) {
	p, err := Parse("aabb ccdd eeff gghh a=3 b=7 c=7 d=3 e=3 f=7 g=7 h=3")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cage int    // the cage that gets cell 0 (r1c1, in cage 1) once more
		want string // sums stay possible: 7 for three cells
	}{
		{0, "cage 1 lists r1c1 twice"},
		{1, "r1c1 is in cage 1 and in cage 2"},
	} {
		q := *p
		q.Cages = append([]Cage(nil), p.Cages...)
		q.Cages[c.cage] = Cage{Sum: 7, Cells: append(append([]int(nil), p.Cages[c.cage].Cells...), 0)}
		if err := q.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("cell 0 added to cage %d: %v, want %q", c.cage+1, err, c.want)
		}
	}
}

// TestValidateCellOffGrid: a cage cell off the grid is named as such,
// before any check that names a cage by its first cell (audit A1 item 9:
// cell 999 gave "cage 1 at r112c1: sum 15 is impossible", a row 112 on a
// 4x4 grid; -1 gave r1c0).
func TestValidateCellOffGrid(t *testing.T) {
	p, err := Parse("aabb ccdd eeff gghh a=3 b=7 c=7 d=3 e=3 f=7 g=7 h=3")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cells []int
		sum   int
		want  string
	}{
		{[]int{999}, 15, "killer: cage 1: cell 999 is off the 4x4 grid (cells are 0..15)"},
		{[]int{-1}, 15, "killer: cage 1: cell -1 is off the 4x4 grid (cells are 0..15)"},
		{[]int{0, 16}, 3, "killer: cage 1: cell 16 is off the 4x4 grid (cells are 0..15)"},
		{[]int{0, 1, 2, 3, 99}, 10, "killer: cage 1: cell 99 is off the 4x4 grid (cells are 0..15)"},
	} {
		q := *p
		q.Cages = append([]Cage(nil), p.Cages...)
		q.Cages[0] = Cage{Sum: c.sum, Cells: c.cells}
		if err := q.Validate(); err == nil || err.Error() != c.want {
			t.Errorf("cage 1 cells %v sum %d: %v, want %q", c.cells, c.sum, err, c.want)
		}
	}
}

// TestDecodeNamesBadSize: a record whose size no killer has, and no
// "box", is refused naming its size (audit h2: size 5 gave "box 0x0 does
// not fit size 5", a box the record does not have; no size gave "box
// shape 0x0 not supported").
func TestDecodeNamesBadSize(t *testing.T) {
	k, _ := kind.Lookup(KindName)
	const cages = `"cages":[{"sum":10,"cells":[0,1,2,3]}]`
	for _, c := range []struct{ line, want string }{
		{`{"v":1,"kind":"killer","size":5,` + cages + `}`, "killer: size 5 not supported: expected 4, 6, 8 or 9"},
		{`{"v":1,"kind":"killer","size":-1,` + cages + `}`, "killer: size -1 not supported: expected 4, 6, 8 or 9"},
		{`{"v":1,"kind":"killer",` + cages + `}`, `killer: record has no "size": expected 4, 6, 8 or 9`},
		{`{"v":1,"kind":"killer","size":4,"box":[0,0],` + cages + `}`, "killer: box 0x0 does not fit size 4"},
		{`{"v":1,"kind":"killer","size":12,` + cages + `}`, "killer: box shape 3x4 not supported"},
	} {
		var r export.Record
		if err := export.DecodeRecord([]byte(c.line), &r); err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		_, err := k.Parse(&r)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.line, err, c.want)
		}
	}
}

// TestExplainEveryCellGiven: a killer whose every cell is given is
// explained in no step, with no hardest technique (explain panicked on
// "killer: unknown technique " looking up the empty one); a killer with
// a cell to fill names its step.
func TestExplainEveryCellGiven(t *testing.T) {
	k, err := kind.Lookup(KindName)
	if err != nil {
		t.Fatal(err)
	}
	ex, ok := k.(kind.Explainer)
	if !ok {
		t.Fatal("killer is not a kind.Explainer")
	}
	for _, c := range []struct{ puzzle, want string }{
		{"2314142332414132", "Solved in 0 steps; hardest step: none; "},
		{".314142332414132", "Solved in 1 step; hardest step: "},
	} {
		var r export.Record
		line := `{"v":1,"kind":"killer","size":4,"box":[2,2],"puzzle":"` + c.puzzle + `","solution":"2314142332414132",` + cages4 + `}`
		if err := export.DecodeRecord([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		p, err := k.Parse(&r)
		if err != nil {
			t.Fatal(err)
		}
		_, closing, err := ex.Explain(p, "", kind.GradeOptions{}, false)
		if err != nil || !strings.HasPrefix(closing, c.want) || strings.Contains(closing, "step: ;") {
			t.Errorf("%s: Explain closing %q, %v; want it to start %q", c.puzzle, closing, err, c.want)
		}
	}
}

// TestValidateGivens: givens that break a rule on their own are refused
// with the digit, the house or cage and the cells (a killer record with
// "11..." in row 1 was read, and solve said "no solution" with exit 0,
// where a classic or variant record is refused), and consistent givens
// pass.
func TestValidateGivens(t *testing.T) {
	const plain = "bbcc daee aaff gghh a=6 b=3 c=7 d=4 e=3 f=7 g=3 h=7"
	for _, c := range []struct {
		name, cages string
		givens      map[int]int8
		want        string
	}{
		{"row", plain, map[int]int8{0: 1, 2: 1}, "killer: 1 appears twice in row 1 (r1c1 and r1c3)"},
		{"column", plain, map[int]int8{1: 2, 13: 2}, "killer: 2 appears twice in column 2 (r1c2 and r4c2)"},
		{"box", plain, map[int]int8{0: 3, 5: 3}, "killer: 3 appears twice in box 1 (r1c1 and r2c2)"},
		{"cage", plain, map[int]int8{5: 1, 8: 1}, "killer: 1 appears twice in cage 4 at r2c2 (r2c2 and r3c1)"},
		{"full cage", plain, map[int]int8{0: 1, 1: 3}, "killer: cage 1 at r1c1: its givens sum to 4, expected the cage's sum 3"},
		{"cage over", plain, map[int]int8{5: 4, 9: 2}, "killer: cage 4 at r2c2: its givens already sum to 6, expected less than the cage's sum 6 (it has empty cells)"},
		{"diagonal", "x " + plain, map[int]int8{0: 2, 15: 2}, "killer: 2 appears twice in the main diagonal (r1c1 and r4c4)"},
		{"consistent", "x " + plain, map[int]int8{0: 1, 1: 2, 5: 4}, ""},
	} {
		p, err := Parse(c.cages)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p.Givens = make([]int8, p.Geo.Cells)
		for cell, v := range c.givens {
			p.Givens[cell] = v
		}
		err = p.Validate()
		if (c.want == "") != (err == nil) || (err != nil && err.Error() != c.want) {
			t.Errorf("%s: Validate = %v, want %q", c.name, err, c.want)
		}
	}
}

// TestExportTechniqueName: the killer RecordKind names its ladder for
// reports (stats' technique chart) as docs/grading.md's "Killer" table
// does, with the killer rating; a classic step the grader asks grade for
// has its SE name and rating; an unknown id is not named.
func TestExportTechniqueName(t *testing.T) {
	k, ok := export.KindOf(KindName)
	if !ok || k.TechniqueName == nil {
		t.Fatal("killer RecordKind has no TechniqueName")
	}
	for _, c := range []struct {
		id, name string
		rating   float64
		ok       bool
	}{
		{"cage-combination", "Cage combinations", 1.5, true},
		{"killer-triple", "Killer triple", 4.4, true},
		{"hidden-cage-combination", "Hidden cage combinations", 3.8, true},
		{"x-wing", "X-Wing", 3.2, true},
		{"no-such-step", "", 0, false},
	} {
		name, rating, ok := k.TechniqueName(c.id)
		if name != c.name || rating != c.rating || ok != c.ok {
			t.Errorf("TechniqueName(%q) = %q, %v, %v; want %q, %v, %v", c.id, name, rating, ok, c.name, c.rating, c.ok)
		}
	}
}
