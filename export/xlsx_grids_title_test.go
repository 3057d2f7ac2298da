package export

import "testing"

// TestXLSXGridsTitle: the title line above a Grids board separates its
// parts (id, tier, rating or a slide's move count) with one " · ", as
// the book's label does. Until 2026-12-07 the id and a slide's move
// count were set off by "  ·  ", two spaces a side, beside the tier's
// single-spaced " · ".
func TestXLSXGridsTitle(t *testing.T) {
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	const solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	one := 1
	for _, c := range []struct {
		rec  *Record
		want string
	}{
		{&Record{ID: "a", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: puzzle, Solution: solution, Tier: "hard", Rating: 4.2}, "a · Hard · rating 4.2"},
		{&Record{ID: "b", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: puzzle, Solution: solution, Rating: 4.2}, "b · rating 4.2"},
		{&Record{ID: "c", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: puzzle, Solution: solution}, "c"},
		{&Record{ID: "p", Kind: "slide", Size: 3, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, Goal: "blank-last", Optimal: &one, MovePiece: "blank", Solution: "R", Tier: "easy"}, "p · Easy · 1 move (fewest possible)"},
		{&Record{ID: "q", Kind: "slide", Size: 3, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, Goal: "blank-last", Optimal: &one, MovePiece: "blank", Solution: "R"}, "q · 1 move (fewest possible)"},
	} {
		f, _ := writeOpenXLSX(t, []*Record{c.rec}, XLSXOptions{Grids: 1})
		if got, _ := f.GetCellValue("Grids", "A1"); got != c.want {
			t.Errorf("%s: title %q, want %q", c.rec.ID, got, c.want)
		}
	}
}
