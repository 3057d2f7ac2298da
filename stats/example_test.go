package stats_test

import (
	"context"
	"os"
	"strings"

	"github.com/sudogen/sudogen/stats"
)

// Read a corpus and print its summary: every percentage is of the
// records of the block, and the lines of one-valued fields end with the
// records without the field.
func Example() {
	corpus := `{"v":1,"kind":"sudoku","size":4,"box":[2,2],"puzzle":"1...............","givens":1,"rating":1.2,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":3},"seed":1,"index":0}
{"v":1,"kind":"sudoku","size":4,"box":[2,2],"puzzle":"12..............","givens":2,"rating":2.0,"tier":"medium","hardest":"pointing","techniques":{"hidden-single":2,"pointing":1},"seed":1,"index":1}
{"v":1,"kind":"sudoku","size":4,"box":[2,2],"puzzle":"123.............","givens":3,"seed":1,"index":2}
`
	s, err := stats.Read(context.Background(), strings.NewReader(corpus), "c.jsonl", stats.Options{})
	if err != nil {
		panic(err)
	}
	stats.WriteText(os.Stdout, s)
	// Output:
	// c.jsonl: 3 records; sudoku 3
	// Each percentage is of the records of its block (kind and size).
	//
	// sudoku 4x4: 3 records
	//   graded      2 rated, 0 cut off (rating_at_least), 0 not finished (tier beyond, no rating), 1 not graded
	//   tiers       easy 1 (33.3%), medium 1 (33.3%), no tier 1 (33.3%)
	//   rating      min 1.2  p25 1.2  median 1.6  mean 1.60  p75 2.0  p90 2.0  max 2.0
	//   hardest     hidden-single 1 (33.3%), pointing 1 (33.3%), none 1 (33.3%)
	//   uses        hidden-single 2 (66.7%), pointing 1 (33.3%)
	//   givens      min 1  p25 1  median 2  mean 2.00  p75 3  p90 3  max 3
}
