package kind_test

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	_ "github.com/sudogen/sudogen/kind"
)

// TestCheckMinimal: the kind plug tests a record's "minimal" against its
// puzzle (export.CheckMinimal through the kind's Describer): a minimal
// puzzle's true passes, a given added from the solution makes true a lie,
// and false on a minimal 9x9 puzzle is a lie too.
func TestCheckMinimal(t *testing.T) {
	line := `{"v":1,"id":"s9-0000001","kind":"sudoku","size":9,"box":[3,3],"puzzle":".47..19..5..2....3..83...4.8...........1...6......2.89.76...........42...2....31.","solution":"347861925561249873298375641819456732732198564654732189176523498983614257425987316","givens":23,"minimal":true,"seed":1,"index":1}`
	read := func() *export.Record {
		var r export.Record
		if err := export.DecodeRecord([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		return &r
	}
	if err := export.CheckMinimal(read()); err != nil {
		t.Errorf("minimal puzzle: %v", err)
	}
	r := read()
	i := strings.IndexByte(r.Puzzle, '.')
	r.Puzzle = r.Puzzle[:i] + r.Solution[i:i+1] + r.Puzzle[i+1:]
	r.Givens++
	if err := export.CheckMinimal(r); err == nil || !strings.Contains(err.Error(), "minimal true, but a given can be removed keeping the solution unique: expected false") {
		t.Errorf("a given added: %v", err)
	}
	f := false
	r.Minimal = &f
	if err := export.CheckMinimal(r); err != nil {
		t.Errorf("a given added, minimal false: %v", err)
	}
	r = read()
	r.Minimal = &f
	if err := export.CheckMinimal(r); err == nil || !strings.Contains(err.Error(), "minimal false, but no given can be removed keeping the solution unique: expected true") {
		t.Errorf("minimal false on a minimal puzzle: %v", err)
	}
	r.Minimal = nil
	if err := export.CheckMinimal(r); err != nil {
		t.Errorf("no minimal field: %v", err)
	}
}
