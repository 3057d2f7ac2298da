package export

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/i18n"
)

// TestSwbook2SudokuSizesAscending: the how-to-play page names a book's
// grid sizes from the smallest up, whatever order its sections put them
// in (a book whose Easy section holds 16x16 grids and whose Medium
// section first holds a 12x12 said "9×9, 16×16 and 12×12").
func TestSwbook2SudokuSizesAscending(t *testing.T) {
	rec := func(n, br, bc int) *Record { return &Record{Kind: KindSudoku, Size: n, Box: []int{br, bc}} }
	tr := i18n.Get("en")
	for _, c := range []struct {
		recs []*Record
		want string
	}{
		{[]*Record{rec(16, 4, 4), rec(9, 3, 3), rec(12, 3, 4), rec(4, 2, 2)},
			"This book's grids are 4×4 (digits 1 to 4), 9×9 (digits 1 to 9), 12×12 (boxes of 3 rows by 4 columns; 1 to 9, then A to C for 10 to 12) and 16×16 (1 to 9, then A to G for 10 to 16)."},
		{[]*Record{rec(8, 2, 4), rec(6, 2, 3), rec(8, 2, 4), rec(6, 2, 3)},
			"This book's grids are 6×6 (boxes of 2 rows by 3 columns, digits 1 to 6) and 8×8 (boxes of 2 rows by 4 columns, digits 1 to 8)."},
	} {
		got := sudokuRules(tr, c.recs, false)[0]
		if !strings.Contains(got, c.want) {
			t.Errorf("rules say\n%s\nwant\n%s", got, c.want)
		}
	}
}
