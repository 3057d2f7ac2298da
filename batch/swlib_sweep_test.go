package batch

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSwlibReadSeedsBadShape: ReadSeeds of a shape sudoku does not
// support is an error naming the shape, not a panic in NewSolver.
func TestSwlibReadSeedsBadShape(t *testing.T) {
	for _, sh := range []sudoku.Shape{{}, {BoxRows: 3, BoxCols: 5}, {BoxRows: -1, BoxCols: 3}} {
		_, err := ReadSeeds(strings.NewReader("1234341243212143\n"), "seeds.txt", sh)
		if err == nil || !strings.Contains(err.Error(), "seeds.txt: seeds of box "+sh.String()+": unsupported") {
			t.Errorf("ReadSeeds(shape %s) = %v, want an unsupported-shape error", sh, err)
		}
	}
}
