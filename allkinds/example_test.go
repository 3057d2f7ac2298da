package allkinds_test

import (
	"fmt"

	_ "github.com/sudogen/sudogen/allkinds"
	"github.com/sudogen/sudogen/export"
)

// A program that imports allkinds reads, checks and writes a killer
// record as sudogen does: its cages are decoded by the killer package.
func Example() {
	line := `{"v":1,"id":"k4-0000000","kind":"killer","size":4,"box":[2,2],"puzzle":"................","solution":"1234341243212143","rating":1.5,"tier":"easy","hardest":"cage-combination","techniques":{"cage-combination":4,"cage-single":2,"full-house":8,"hidden-single":2},"cages":[{"sum":1,"cells":[0]},{"sum":6,"cells":[1,5]},{"sum":4,"cells":[2,6]},{"sum":4,"cells":[3]},{"sum":3,"cells":[4]},{"sum":3,"cells":[7,11]},{"sum":10,"cells":[8,9,12,13]},{"sum":2,"cells":[10]},{"sum":7,"cells":[14,15]}],"canonical":"abccddcceefghiig a=1,b=3,c=10,d=6,e=4,f=2,g=7,h=4,i=3","seed":1,"index":0}`
	var rec export.Record
	if err := export.DecodeRecord([]byte(line), &rec); err != nil {
		fmt.Println(err)
		return
	}
	_, raw := rec.Fields.(export.RawFields)
	fmt.Println("check:", export.CheckRecord(&rec))
	fmt.Println("kept raw:", raw)
	fmt.Println("same line:", string(export.AppendJSON(nil, &rec)) == line)
	fmt.Println(export.Kinds())
	// Output:
	// check: <nil>
	// kept raw: false
	// same line: true
	// [sudoku slide killer variant]
}
