package slide

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, line string
		width      int
		want       string // substring of the error, "" = ok
		known      int
	}{
		{"3x3", "1 2 3 4 5 6 7 8 0", 0, "", -1},
		{"3x3 with length", "1 2 3 4 5 6 7 0 8 1", 0, "", 1},
		{"commas", "1,2,3,4,5,6,7,8,0", 3, "", -1},
		{"comment", "1 2 3 4 5 6 7 8 0 # goal", 0, "", -1},
		{"too few", "1 2 3 4 5 6 7 8", 0, "wrong tile count: 8 numbers", -1},
		{"too few for width", "1 2 3 4 5 6 7 8 0", 4, "wrong tile count: 9 numbers, expected 16", -1},
		{"repeated", "1 2 3 4 5 6 7 7 0", 0, "repeated tile 7 at cells 7 and 8", -1},
		{"range", "1 2 3 4 5 6 7 9 0", 0, "tile 9 at cell 8 out of range", -1},
		{"not a number", "1 2 x 4 5 6 7 8 0", 0, `"x" is not an integer`, -1},
		{"size 6", "1 2 3", 6, "size 6 not supported: expected 3, 4 or 5 (the 8-, 15- and 24-puzzle)", -1},
		{"size 2", "1 2 3 0", 0, "wrong tile count", -1},
		{"empty", "", 0, "wrong tile count: 0 numbers", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, k, err := Parse(tc.line, tc.width)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if k != tc.known {
					t.Fatalf("known %d, want %d", k, tc.known)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestSolvableParity(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
		msg  string
	}{
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", true, ""},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", false, "unsolvable: 1 inversion + blank on row 1 from the bottom = 2, even parity"},
		{"1 2 3 4 5 6 7 8 0", true, ""},
		{"1 2 3 4 5 6 8 7 0", false, "unsolvable: 1 inversion, an odd permutation parity"},
		{"1 2 3 4 5 6 7 8 9 10 11 0 13 14 15 12", true, ""},
	}
	for _, tc := range tests {
		b, _, err := Parse(tc.line, 0)
		if err != nil {
			t.Fatal(err)
		}
		err = b.Solvable()
		if (err == nil) != tc.ok || (err != nil && !strings.Contains(err.Error(), tc.msg)) {
			t.Errorf("%s: got %v, want ok=%v %q", tc.line, err, tc.ok, tc.msg)
		}
	}
}

// TestSolvableAgainstReachability checks the parity rule against the
// breadth-first table: a 3x3 board is solvable exactly when reachable.
func TestSolvableAgainstReachability(t *testing.T) {
	tab := Exact3()
	for r := 0; r < states3; r += 7 {
		b := mustRank(t, r)
		if (b.Solvable() == nil) != (tab.Distance(b) >= 0) {
			t.Fatalf("%v: parity rule says %v, table distance %d", b, b.Solvable(), tab.Distance(b))
		}
	}
}

// TestSolvableRandomWalks: boards reached from the goal by legal moves are
// solvable; one swap of two tiles makes them unsolvable.
func TestSolvableRandomWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for w := 3; w <= 5; w++ {
		for i := 0; i < 200; i++ {
			b := Goal(w)
			var sb strings.Builder
			for k := 0; k < 100; k++ {
				z := b.Blank()
				nb := &nbTables[w]
				j := rng.IntN(int(nb.n[z]))
				sb.WriteByte(byte(nb.moves[z][j]))
				b, _ = b.Apply(string(nb.moves[z][j]))
			}
			if err := b.Solvable(); err != nil {
				t.Fatalf("%dx%d walk %s: %v", w, w, sb.String(), err)
			}
			x, y := rng.IntN(w*w), rng.IntN(w*w)
			if b.Tiles[x] == 0 || b.Tiles[y] == 0 || x == y {
				continue
			}
			b.Tiles[x], b.Tiles[y] = b.Tiles[y], b.Tiles[x]
			if b.Solvable() == nil {
				t.Fatalf("%v: a swap should make it unsolvable", b)
			}
			if b.MakeSolvable().Solvable() != nil {
				t.Fatalf("%v: MakeSolvable failed", b)
			}
		}
	}
}

func TestApplyAndTiles(t *testing.T) {
	b, _, _ := Parse("1 2 3 4 5 6 0 7 8", 0)
	end, err := b.Apply("RR")
	if err != nil || !end.IsGoal() {
		t.Fatalf("RR: %v %v", end, err)
	}
	seq, _ := b.TileSequence("RR")
	if len(seq) != 2 || seq[0] != 7 || seq[1] != 8 {
		t.Fatalf("tile sequence %v, want [7 8]", seq)
	}
	if _, err := b.Apply("L"); err == nil || !strings.Contains(err.Error(), "leaves the board") {
		t.Fatalf("L from the corner: %v", err)
	}
	if _, err := b.Apply("X"); err == nil || !strings.Contains(err.Error(), "bad letter") {
		t.Fatalf("X: %v", err)
	}
}

func TestCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for w := 3; w <= 5; w++ {
		g := Goal(w)
		if g.Reflect() != g {
			t.Fatalf("%dx%d goal is not fixed by the reflection", w, w)
		}
		for i := 0; i < 100; i++ {
			p := rng.Perm(w * w)
			b, err := New(w, p)
			if err != nil {
				t.Fatal(err)
			}
			b = b.MakeSolvable()
			r := b.Reflect()
			if r.Reflect() != b {
				t.Fatal("reflection is not an involution")
			}
			if r.Solvable() != nil {
				t.Fatalf("reflection of solvable %v is unsolvable", b)
			}
			if b.Canonical() != r.Canonical() {
				t.Fatal("board and reflection have different keys")
			}
			if k := b.Canonical(); k != b.Key() && k != r.Key() {
				t.Fatal("key is neither encoding")
			}
		}
	}
}

// TestReflectionKeepsLength: on 3x3 the exact table gives a board and its
// reflection the same distance.
func TestReflectionKeepsLength(t *testing.T) {
	tab := Exact3()
	for r := 0; r < states3; r += 11 {
		b := mustRank(t, r)
		if tab.Distance(b) != tab.Distance(b.Reflect()) {
			t.Fatalf("%v: %d vs reflected %d", b, tab.Distance(b), tab.Distance(b.Reflect()))
		}
	}
}

// TestMessagesSayExpected: the board messages a user reads say what was
// expected as every other reader's do ("expected 3, 4 or 5"), not
// "want".
func TestMessagesSayExpected(t *testing.T) {
	for _, err := range []error{
		CheckWidth(6),
		func() error { _, err := New(3, []int{1, 2, 3}); return err }(),
		func() error { _, err := New(3, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}); return err }(),
		func() error { _, _, err := Parse("1 2 3", 0); return err }(),
		func() error { _, _, err := Parse("1 2 3", 3); return err }(),
	} {
		if err == nil || strings.Contains(err.Error(), "want") || !strings.Contains(err.Error(), "expected") {
			t.Errorf("message %v", err)
		}
	}
}
