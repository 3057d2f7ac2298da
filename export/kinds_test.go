package export

import (
	"errors"
	"testing"
)

// TestKindsRegistry: the built-in kinds answer what the writers ask, and
// a kind registered in a test is checked, ordered and named like them.
func TestKindsRegistry(t *testing.T) {
	if got := Kinds(); len(got) < 2 || got[0] != KindSudoku || got[1] != KindSlide {
		t.Fatalf("Kinds() = %v, want sudoku, slide first", got)
	}
	for _, c := range []struct {
		kind         string
		grid, tiles  bool
		rated, moves bool
		rank         int
	}{
		{KindSudoku, true, false, true, false, 0},
		{KindSlide, false, true, false, true, 1},
		{"kakuro", false, false, false, false, 2},
	} {
		k := kindOf(c.kind)
		if isGrid(c.kind) != c.grid || isTiles(c.kind) != c.tiles || isRated(c.kind) != c.rated || (k.Moves != nil) != c.moves || kindRank(c.kind) != c.rank {
			t.Errorf("%s: grid %v tiles %v rated %v moves %v rank %d", c.kind, isGrid(c.kind), isTiles(c.kind), isRated(c.kind), k.Moves != nil, kindRank(c.kind))
		}
	}
	for _, c := range []struct{ kind, want string }{
		{"", `record has no "kind": expected sudoku or slide`},
		{"kakuro", `kind "kakuro": expected sudoku or slide`},
	} {
		if err := CheckRecord(&Record{Kind: c.kind}); err == nil || err.Error() != c.want {
			t.Errorf("CheckRecord(kind %q) = %v, want %q", c.kind, err, c.want)
		}
	}

	errOdd := errors.New("odd size")
	RegisterKind(RecordKind{Name: "tiny", Order: 5, Check: func(r *Record) error {
		if r.Size%2 != 0 {
			return errOdd
		}
		return nil
	}})
	defer func() {
		unregisterKind("tiny")
	}()
	if _, ok := KindOf("tiny"); !ok {
		t.Fatal("tiny not registered")
	}
	if err := CheckRecord(&Record{Kind: "tiny", Size: 2}); err != nil {
		t.Errorf("tiny size 2: %v", err)
	}
	if err := CheckRecord(&Record{Kind: "tiny", Size: 3}); !errors.Is(err, errOdd) {
		t.Errorf("tiny size 3: %v, want %v", err, errOdd)
	}
	if err := CheckRecord(&Record{Kind: "kakuro"}); err == nil || err.Error() != `kind "kakuro": expected sudoku, slide or tiny` {
		t.Errorf("kakuro with tiny registered: %v", err)
	}
	if kindRank("tiny") != 5 || kindRank("kakuro") != 6 {
		t.Errorf("ranks: tiny %d, kakuro %d", kindRank("tiny"), kindRank("kakuro"))
	}
}

// unregisterKind removes a kind a test registered.
func unregisterKind(name string) {
	updateKinds(func(kinds map[string]*RecordKind) { delete(kinds, name) })
}

// TestCanonicalKey: a sudoku record and a relabelled, transposed copy
// share a key that differs from another puzzle's; a slide record's key is
// its board's; a kind without a key gets "".
func TestCanonicalKey(t *testing.T) {
	const p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	relabel := func(s string) string { // swap 1 and 2, then transpose
		b := []byte(s)
		for i, c := range b {
			switch c {
			case '1':
				b[i] = '2'
			case '2':
				b[i] = '1'
			}
		}
		out := make([]byte, 81)
		for r := range 9 {
			for c := range 9 {
				out[c*9+r] = b[r*9+c]
			}
		}
		return string(out)
	}
	key := func(r *Record) string {
		k, err := CanonicalKey(r)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	a := key(&Record{Kind: KindSudoku, Size: 9, Box: []int{3, 3}, Puzzle: p})
	b := key(&Record{Kind: KindSudoku, Puzzle: relabel(p)})
	c := key(&Record{Kind: KindSudoku, Puzzle: "........." + p[9:]})
	if len(a) != 81 || a != b || a == c {
		t.Errorf("keys %s, %s (isomorph), %s (other)", a, b, c)
	}
	if got := key(&Record{Kind: KindSlide, Size: 3, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 0, 8}}); got == "" {
		t.Error("slide key empty")
	}
	if got := key(&Record{Kind: "kakuro"}); got != "" {
		t.Errorf("kakuro key %q", got)
	}
}
