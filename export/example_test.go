package export_test

import (
	"fmt"
	"os"

	"github.com/sudogen/sudogen/export"
)

// Read records of any format version: a record of format 1 and a slide
// record written before versions (no "v", "moves" for "move_piece").
func ExampleDecodeRecord() {
	for _, line := range []string{
		`{"v":1,"id":"s4-0000000","kind":"sudoku","size":4,"box":[2,2],"puzzle":"34.........2.24.","rating":1.2,"tier":"easy","seed":3,"index":0}`,
		`{"id":"slide3-0000000","kind":"slide","size":3,"solution":"R","tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-last","optimal":1,"moves":"blank","seed":1,"index":0}`,
	} {
		var r export.Record
		if err := export.DecodeRecord([]byte(line), &r); err != nil {
			fmt.Println(err)
			continue
		}
		switch r.Kind {
		case "sudoku":
			fmt.Printf("format %d, %s: %s, rating %.1f\n", r.Version, r.ID, r.Puzzle, r.Rating)
		case "slide":
			fmt.Printf("format %d, %s: tiles %v, solution %s moves the %s\n", r.Version, r.ID, r.Tiles, r.Solution, r.MovePiece)
		}
	}
	// Output:
	// format 1, s4-0000000: 34.........2.24., rating 1.2
	// format 0, slide3-0000000: tiles [1 2 3 4 5 6 7 0 8], solution R moves the blank
}

// Write records as CSV (a header, then a row a record) with a LineWriter:
// TXT, SE and JSONL work the same way.
func ExampleNewLineWriter() {
	opt := 1
	recs := []export.Record{
		{ID: "s4-0000000", Kind: "sudoku", Size: 4, Box: []int{2, 2}, Puzzle: "34.........2.24.", Solution: "3421213443121243", Givens: 5, Rating: 1.2, Tier: "easy", Seed: 3},
		{ID: "slide3-0000000", Kind: "slide", Size: 3, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, Goal: "blank-last", Optimal: &opt, Solution: "R", MovePiece: "blank", Tier: "easy", Seed: 1},
	}
	w := export.NewLineWriter(os.Stdout, export.CSV)
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			fmt.Println(err)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// puzzle,solution,rating,tier,id,kind,size,box,givens,minimal,symmetry,rating_at_least,ep,ed,hardest,techniques,level,score,goal,optimal,move_piece,length,lower_bound,exact,canonical,seed,index,fields
	// 34.........2.24.,3421213443121243,1.2,easy,s4-0000000,sudoku,4,2x2,5,,,,,,,,,,,,,,,,,3,0,
	// 1 2 3 4 5 6 7 0 8,R,,easy,slide3-0000000,slide,3,,,,,,,,,,,,blank-last,1,blank,,,,,1,0,
}
