package batch

import (
	"strconv"
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

// TestSwlibLoadKindCanonicalUnknownKind: a kind name that is not
// registered (a typo, or a kind whose package the program does not
// import) is an error, not a load that skips every record and excludes
// nothing.
func TestSwlibLoadKindCanonicalUnknownKind(t *testing.T) {
	line := `{"v":1,"id":"k4-0000000","kind":"killer","size":4,"box":[2,2],"puzzle":"................","solution":"1234341243212143","cages":[{"sum":1,"cells":[0]}],"canonical":"abc","seed":1,"index":0}` + "\n"
	for _, kind := range []string{"zz", "Killer", ""} {
		set := NewCanonSet(0)
		st, err := LoadKindCanonical(set, strings.NewReader(line), "ex.jsonl", kind, 1)
		if err == nil || !strings.Contains(err.Error(), "ex.jsonl: excluded puzzles of kind "+strconv.Quote(kind)+": not a registered kind (expected one of sudoku, slide") {
			t.Errorf("LoadKindCanonical(kind %q) = %+v, %v; want a not-registered error", kind, st, err)
		}
	}
	set := NewCanonSet(0)
	if _, err := LoadExcluded(set, []string{"/dev/null"}, "zz", 1, nil); err == nil {
		t.Error("LoadExcluded(kind zz) = nil error")
	}
}
