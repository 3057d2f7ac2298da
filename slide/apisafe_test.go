package slide

import (
	"fmt"
	"testing"
)

// mustRank is BoardOfRank for a rank the test knows is in range.
func mustRank(tb testing.TB, r int) Board {
	tb.Helper()
	b, err := BoardOfRank(r)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// noPanic runs f and fails t if it panics.
func noPanic(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("panicked: %v", p)
		}
	}()
	f()
}

// TestBoardOfRankRange: ranks are the lexicographic ranks of the 9!
// orders of tiles 0..8 (rank 0 the increasing order, 9!-1 the
// decreasing one); a rank outside 0..9!-1 is an error, not a board with
// a missing tile (audit A4 D9: -1 gave "0 1 2 3 4 5 6 0 7").
func TestBoardOfRankRange(t *testing.T) {
	for _, c := range []struct {
		r    int
		want string // "" for an error
	}{
		{0, "0 1 2 3 4 5 6 7 8"},
		{1, "0 1 2 3 4 5 6 8 7"},
		{2, "0 1 2 3 4 5 7 6 8"},
		{40320, "1 0 2 3 4 5 6 7 8"}, // 8!: the first order starting with 1
		{362879, "8 7 6 5 4 3 2 1 0"},
		{-1, ""},
		{362880, ""},
		{1000000000, ""},
		{-1 << 62, ""},
	} {
		t.Run(fmt.Sprint(c.r), func(t *testing.T) {
			noPanic(t, func() {
				b, err := BoardOfRank(c.r)
				switch {
				case c.want == "" && err == nil:
					t.Fatalf("got %v, want an error", b)
				case c.want != "" && err != nil:
					t.Fatal(err)
				case c.want != "" && b.String() != c.want:
					t.Fatalf("got %v, want %s", b, c.want)
				}
			})
		})
	}
}

// TestGoalWidths: Goal of a supported width is 1 2 ... N 0 and reports
// IsGoal; any other width gives the zero Board, which is not a goal
// (Goal(9) indexed past the 25 cells; the zero Board reported IsGoal).
func TestGoalWidths(t *testing.T) {
	for _, c := range []struct {
		w    int
		want string
		goal bool
	}{
		{3, "1 2 3 4 5 6 7 8 0", true},
		{4, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", true},
		{5, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0", true},
		{-1, "", false}, {0, "", false}, {1, "", false}, {2, "", false},
		{6, "", false}, {9, "", false}, {1 << 40, "", false},
	} {
		t.Run(fmt.Sprint(c.w), func(t *testing.T) {
			noPanic(t, func() {
				b := Goal(c.w)
				if b.String() != c.want || b.IsGoal() != c.goal {
					t.Fatalf("Goal(%d) = %q, IsGoal %v; want %q, %v", c.w, b, b.IsGoal(), c.want, c.goal)
				}
				if c.want == "" && b != (Board{}) {
					t.Fatalf("Goal(%d) = %+v, want the zero Board", c.w, b)
				}
			})
		})
	}
	if (Board{}).IsGoal() {
		t.Fatal("the zero Board reports IsGoal")
	}
}

// TestZeroBoardRefused: the zero Board (what Goal returns for an
// unsupported width) and a board of an unsupported width are refused by
// the methods with an error result, and MakeSolvable leaves them as they
// are, where they divided by the zero width or indexed past the tiles;
// NewHeuristic refuses a nil pattern database.
func TestZeroBoardRefused(t *testing.T) {
	for _, b := range []Board{{}, {W: 2}, {W: 9}, {W: -3}} {
		t.Run(fmt.Sprint(b.W), func(t *testing.T) {
			noPanic(t, func() {
				if err := b.Solvable(); err == nil {
					t.Error("Solvable: no error")
				}
				if got, err := b.Apply("U"); err == nil {
					t.Errorf("Apply: %v and no error", got)
				}
				if got, err := b.TileSequence("U"); err == nil {
					t.Errorf("TileSequence: %v and no error", got)
				}
				if got := b.MakeSolvable(); got != b {
					t.Errorf("MakeSolvable changed the board: %+v", got)
				}
			})
		})
	}
	t.Run("NewHeuristic nil", func(t *testing.T) {
		noPanic(t, func() {
			if _, err := NewHeuristic([]*PDB{nil}, true); err == nil {
				t.Error("no error")
			}
		})
	})
	// a good board still plays
	if b, err := Goal(3).Apply("UL"); err != nil || b.String() != "1 2 3 4 0 5 7 8 6" {
		t.Fatalf("Goal(3).Apply(UL) = %v, %v; want 1 2 3 4 0 5 7 8 6", b, err)
	}
}

// TestDistanceOnlyOf3x3: Table3.Distance answers -1 for a board that is
// not a 3x3 permutation, instead of indexing the table with a rank out of
// it (a 4x4 board from Parse panicked) or reading another board's entry
// (the zero Board was 22 moves from the goal).
func TestDistanceOnlyOf3x3(t *testing.T) {
	tab := Exact3()
	b4, _, err := Parse("15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0", 4)
	if err != nil {
		t.Fatal(err)
	}
	b5 := Goal(5)
	b5.Tiles[0], b5.Tiles[8] = 24, 1
	b3, _, err := Parse("8 6 7 2 5 4 3 0 1", 3) // one of the two hardest: 31 moves
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		b    Board
		want int
	}{
		{"zero", Board{}, -1},
		{"goal 4x4", Goal(4), -1},
		{"scrambled 4x4", b4, -1},
		{"5x5", b5, -1},
		{"W 3, tiles above 8", Board{W: 3, Tiles: [MaxCells]uint8{20, 21, 22, 23, 24, 1, 2, 3, 4}}, -1},
		{"W 3, a tile twice", Board{W: 3, Tiles: [MaxCells]uint8{1, 1, 2, 3, 4, 5, 6, 7, 8}}, -1},
		{"goal 3x3", Goal(3), 0},
		{"hardest 3x3", b3, 31},
	} {
		t.Run(c.name, func(t *testing.T) {
			noPanic(t, func() {
				if got := tab.Distance(c.b); got != c.want {
					t.Fatalf("Distance = %d, want %d", got, c.want)
				}
			})
		})
	}
}
