package slide

import "fmt"

// Move is a direction the blank travels: 'U', 'D', 'L' or 'R'.
type Move byte

// The four moves.
const (
	Up    Move = 'U'
	Down  Move = 'D'
	Left  Move = 'L'
	Right Move = 'R'
)

// MovesName is the value of the record field "move_piece" (called "moves"
// before record format 1): letters name the direction the blank travels.
const MovesName = "blank"

// Inverse returns the move that undoes m.
func (m Move) Inverse() Move {
	switch m {
	case Up:
		return Down
	case Down:
		return Up
	case Left:
		return Right
	case Right:
		return Left
	}
	return 0
}

// target returns the cell the blank moves to from cell z, or -1 if the move
// leaves the board or is not a move letter.
func target(w, z int, m Move) int {
	r, c := z/w, z%w
	switch m {
	case Up:
		r--
	case Down:
		r++
	case Left:
		c--
	case Right:
		c++
	default:
		return -1
	}
	if r < 0 || r >= w || c < 0 || c >= w {
		return -1
	}
	return r*w + c
}

// Apply plays the moves on b and returns the resulting board. It fails on
// a letter that is not U, D, L or R or on a move that leaves the board,
// naming the move's 1-based position, and on a board of a width
// CheckWidth refuses (the zero Board).
func (b Board) Apply(moves string) (Board, error) {
	if err := CheckWidth(b.W); err != nil {
		return b, err
	}
	z := b.Blank()
	for i := 0; i < len(moves); i++ {
		m := Move(moves[i])
		t := target(b.W, z, m)
		if t < 0 {
			if m != Up && m != Down && m != Left && m != Right {
				return b, fmt.Errorf("move %d: bad letter %q, expected U, D, L or R", i+1, moves[i])
			}
			return b, fmt.Errorf("move %d (%c) leaves the board", i+1, moves[i])
		}
		b.Tiles[z], b.Tiles[t] = b.Tiles[t], 0
		z = t
	}
	return b, nil
}

// TileSequence returns, for each move, the number of the tile that slides
// into the blank: the way a player reads a solution on paper. A board of
// a width CheckWidth refuses (the zero Board) is an error.
func (b Board) TileSequence(moves string) ([]int, error) {
	if err := CheckWidth(b.W); err != nil {
		return nil, err
	}
	out := make([]int, 0, len(moves))
	z := b.Blank()
	for i := 0; i < len(moves); i++ {
		t := target(b.W, z, Move(moves[i]))
		if t < 0 {
			return nil, fmt.Errorf("move %d (%q) is not a legal blank move", i+1, moves[i])
		}
		out = append(out, int(b.Tiles[t]))
		b.Tiles[z], b.Tiles[t] = b.Tiles[t], 0
		z = t
	}
	return out, nil
}

// Neighbours lists, for every cell of a width-w board, the moves the blank
// can make from it and the cells it reaches. Tables are built once.
type neighbours struct {
	n     [MaxCells]uint8
	cell  [MaxCells][4]uint8
	moves [MaxCells][4]Move
}

var nbTables [MaxWidth + 1]neighbours

func init() {
	for w := MinWidth; w <= MaxWidth; w++ {
		t := &nbTables[w]
		for z := 0; z < w*w; z++ {
			for _, m := range []Move{Up, Left, Right, Down} {
				if c := target(w, z, m); c >= 0 {
					t.cell[z][t.n[z]] = uint8(c)
					t.moves[z][t.n[z]] = m
					t.n[z]++
				}
			}
		}
	}
}
