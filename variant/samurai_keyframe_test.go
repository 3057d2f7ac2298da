package variant

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSamuraiKeyFrame: a Samurai key read back into its frame is a puzzle
// of the same class, whose key is the key itself (the key is an image of
// its puzzle under the group); the frame's unused cells are '#', and a
// string of another length is no key's cells.
func TestSamuraiKeyFrame(t *testing.T) {
	g := Samurai()
	c := NewCanonicalizer(g)
	for i, p := range samuraiSample(t)[:2] {
		key, err := c.Key(g, p)
		if err != nil {
			t.Fatal(err)
		}
		cells, _ := strings.CutPrefix(key, SamuraiName+":")
		frame, ok := SamuraiKeyFrame(cells)
		if !ok || len(frame) != 441 {
			t.Fatalf("puzzle %d: frame %d cells, ok %v", i, len(frame), ok)
		}
		q := make([]uint8, 441)
		for j := range frame {
			switch ch := frame[j]; {
			case (ch == '#') == g.Used(j):
				t.Fatalf("puzzle %d: cell %d (used %v) holds %q", i, j, g.Used(j), ch)
			case ch != '.' && ch != '#':
				q[j] = uint8(strings.IndexByte(sudoku.Symbols, ch) + 1)
			}
		}
		if k2, err := c.Key(g, q); err != nil || k2 != key {
			t.Errorf("puzzle %d: the frame's key %q (%v), want the key itself %q", i, k2, err, key)
		}
	}
	if _, ok := SamuraiKeyFrame(strings.Repeat(".", samuraiKeyLen-1)); ok {
		t.Error("368 cells read as a key")
	}
}
