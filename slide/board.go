package slide

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// MinWidth and MaxWidth bound the supported board widths.
const (
	MinWidth = 3
	MaxWidth = 5
	// MaxCells is the number of cells of the largest board.
	MaxCells = MaxWidth * MaxWidth
)

// GoalName is the name of the goal layout written in records.
const GoalName = "blank-last"

// CheckConventions refuses a record's "goal" and "move_piece" other than
// the only ones the format defines (GoalName, MovesName); empty means
// those. The moves a reader prints lead to that goal, so a record asking
// for another is refused rather than solved towards the wrong board.
func CheckConventions(goal, movePiece string) error {
	if goal != "" && goal != GoalName {
		return fmt.Errorf("goal %q: only %q (1, 2, ... then the blank in the last cell) is supported", goal, GoalName)
	}
	if movePiece != "" && movePiece != MovesName {
		return fmt.Errorf("move_piece %q: only %q (letters name the blank's direction) is supported", movePiece, MovesName)
	}
	return nil
}

// Board is one position of a W x W sliding puzzle. It is a value type:
// copying a Board copies the position. Cells beyond W*W are zero. W is 3,
// 4 or 5 on every board New, Parse, Goal and BoardOfRank make; the zero
// Board (W 0) is what Goal returns for another width, and Solvable, Apply
// and TileSequence refuse it, and any other W, with an error. A Board
// built by hand with W above 5 does not fit in Tiles, and its other
// methods (String, Key, Reflect, ...) index past it and panic.
type Board struct {
	W     int
	Tiles [MaxCells]uint8
}

// CheckWidth returns an error unless 3 <= w <= 5.
func CheckWidth(w int) error {
	if w < MinWidth || w > MaxWidth {
		return fmt.Errorf("size %d not supported: expected 3, 4 or 5 (the 8-, 15- and 24-puzzle)", w)
	}
	return nil
}

// Goal returns the solved board of width w: 1 2 ... N 0. w must be 3, 4
// or 5 (CheckWidth); for any other width Goal returns the zero Board,
// which IsGoal reports as not solved.
func Goal(w int) Board {
	if CheckWidth(w) != nil {
		return Board{}
	}
	b := Board{W: w}
	n := w * w
	for i := 0; i < n-1; i++ {
		b.Tiles[i] = uint8(i + 1)
	}
	return b
}

// New builds a board of width w from tiles (row-major, 0 = blank). It checks
// the count, range and uniqueness of the tiles, not solvability (see
// Solvable).
func New(w int, tiles []int) (Board, error) {
	if err := CheckWidth(w); err != nil {
		return Board{}, err
	}
	n := w * w
	if len(tiles) != n {
		return Board{}, fmt.Errorf("wrong tile count: %s, expected %d for %dx%d", numfmt.Count(len(tiles), "tile"), n, w, w)
	}
	b := Board{W: w}
	var seen [MaxCells]int
	for i, t := range tiles {
		if t < 0 || t >= n {
			return Board{}, fmt.Errorf("tile %d at cell %d out of range: expected 0..%d (0 = blank)", t, i+1, n-1)
		}
		if seen[t] != 0 {
			return Board{}, fmt.Errorf("repeated tile %d at cells %d and %d", t, seen[t], i+1)
		}
		seen[t] = i + 1
		b.Tiles[i] = uint8(t)
	}
	return b, nil
}

// N is the number of cells, W*W.
func (b Board) N() int { return b.W * b.W }

// Blank returns the cell of the blank.
func (b Board) Blank() int {
	for i := 0; i < b.N(); i++ {
		if b.Tiles[i] == 0 {
			return i
		}
	}
	return -1
}

// IsGoal reports whether b is solved: a board of a supported width (so
// never the zero Board) equal to Goal(b.W).
func (b Board) IsGoal() bool { return CheckWidth(b.W) == nil && b == Goal(b.W) }

// Ints returns the tiles as a fresh []int (for records).
func (b Board) Ints() []int {
	out := make([]int, b.N())
	for i := range out {
		out[i] = int(b.Tiles[i])
	}
	return out
}

// String prints the tiles on one line separated by spaces, the format of
// the test data files.
func (b Board) String() string {
	var sb strings.Builder
	for i := 0; i < b.N(); i++ {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(b.Tiles[i])))
	}
	return sb.String()
}

// Pretty prints the board as a W-line grid with "." for the blank.
func (b Board) Pretty() string {
	var sb strings.Builder
	width := len(strconv.Itoa(b.N() - 1))
	for r := 0; r < b.W; r++ {
		for c := 0; c < b.W; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			t := b.Tiles[r*b.W+c]
			s := "."
			if t != 0 {
				s = strconv.Itoa(int(t))
			}
			sb.WriteString(strings.Repeat(" ", width-len(s)))
			sb.WriteString(s)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Inversions counts the pairs of tiles (blank excluded) out of order.
func (b Board) Inversions() int {
	n := b.N()
	inv := 0
	for i := 0; i < n; i++ {
		if b.Tiles[i] == 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if b.Tiles[j] != 0 && b.Tiles[j] < b.Tiles[i] {
				inv++
			}
		}
	}
	return inv
}

// Solvable returns nil if b can reach the goal, or an error starting with
// "unsolvable:" that names the parity that fails. A board of a width
// CheckWidth refuses (the zero Board) gets CheckWidth's error.
//
// The rule: on an odd width a board is solvable when its inversion count is
// even; on an even width, when the inversion count plus the blank's row
// counted from the bottom (1-based) is odd.
func (b Board) Solvable() error {
	if err := CheckWidth(b.W); err != nil {
		return err // the zero Board, say: no board to solve
	}
	inv := b.Inversions()
	if b.W%2 == 1 {
		if inv%2 == 0 {
			return nil
		}
		return fmt.Errorf("unsolvable: %s, an odd permutation parity; a %dx%d board needs even parity (as if two tiles, like %d and %d, were swapped)",
			numfmt.Count(inv, "inversion"), b.W, b.W, b.N()-2, b.N()-1)
	}
	row := b.W - b.Blank()/b.W
	if (inv+row)%2 == 1 {
		return nil
	}
	return fmt.Errorf("unsolvable: %s + blank on row %d from the bottom = %d, even parity; a %dx%d board needs an odd sum (as if two tiles, like %d and %d, were swapped)",
		numfmt.Count(inv, "inversion"), row, inv+row, b.W, b.W, b.N()-2, b.N()-1)
}

// MakeSolvable returns b if it is solvable, else b with the two
// highest-numbered tiles swapped, which flips the parity. A board of a
// width CheckWidth refuses (the zero Board) is returned as it is.
func (b Board) MakeSolvable() Board {
	if b.Solvable() == nil || CheckWidth(b.W) != nil {
		return b
	}
	n := b.N()
	var i, j int
	for k := 0; k < n; k++ {
		switch int(b.Tiles[k]) {
		case n - 1:
			i = k
		case n - 2:
			j = k
		}
	}
	b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i]
	return b
}
