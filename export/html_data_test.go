package export

import (
	"encoding/json"
	"testing"
)

// TestHintRowCages: a step's cages reach the page (after a 0 for its
// missing proof, or after its proof), steps without cages keep the short
// row, and a kind with its own grader gets the same hint flag as sudoku.
func TestHintRowCages(t *testing.T) {
	proof := &HintProof{Kind: "cell", Cell: 3, Branches: [][]HintNode{{{Cell: 3, Digit: 2, On: true}}}}
	for _, c := range []struct {
		step HintStep
		want string
	}{
		{HintStep{Elims: []HintCandidate{{Cell: 1, Digit: 1}}, Cells: []int{0, 1}, Cages: []int{4}}, `[7,[],[33],[],[0,1],[],0,[4]]`},
		{HintStep{Places: []HintCandidate{{Cell: 2, Digit: 5}}, Houses: []int{0}}, `[7,[69],[],[0]]`},
		{HintStep{Elims: []HintCandidate{{Cell: 1, Digit: 1}}, Proof: proof}, `[7,[],[33],[],[],[],["cell",3,0,[197]]]`},
		{HintStep{Elims: []HintCandidate{{Cell: 1, Digit: 1}}, Proof: proof, Cages: []int{0, 2}}, `[7,[],[33],[],[],[],["cell",3,0,[197]],[0,2]]`},
	} {
		b, err := json.Marshal(hintRow(7, &c.step))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("hintRow(%+v) = %s, want %s", c.step, b, c.want)
		}
	}
	for _, c := range []struct {
		h    *Hints
		want int
	}{{nil, 0}, {&Hints{Solved: true}, 1}, {&Hints{}, 2}, {&Hints{OverBudget: true}, 3}} {
		if got := hintFlag(c.h); got != c.want {
			t.Errorf("hintFlag(%+v) = %d, want %d", c.h, got, c.want)
		}
	}
}
