package slide

import (
	"errors"
	"fmt"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// FromRecord returns the board a sliding-puzzle record's fields give,
// checked as every reader of records checks them: tiles must be present;
// size is the width, or 0 to take it from the tile count (9, 16 or 25);
// goal and movePiece must be the conventions the format defines
// (CheckConventions, "" for absent); then New checks the tiles. Whether
// the board can reach the goal is left to the caller (Board.Solvable,
// or the solver).
func FromRecord(size int, tiles []int, goal, movePiece string) (Board, error) {
	if len(tiles) == 0 {
		return Board{}, errors.New(`slide record has no "tiles"`)
	}
	w := size
	if w == 0 {
		if w = widthFor(len(tiles)); w == 0 {
			return Board{}, fmt.Errorf(`wrong tile count: %s and no "size", expected 9, 16 or 25 tiles (3x3, 4x4, 5x5)`, numfmt.Count(len(tiles), "tile"))
		}
	}
	if err := CheckConventions(goal, movePiece); err != nil {
		return Board{}, err
	}
	return New(w, tiles)
}
