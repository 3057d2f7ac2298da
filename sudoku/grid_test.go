package sudoku

import (
	"math/rand/v2"
	"testing"
)

// TestConflictFastPath: the bit-mask test agrees with a plain pairwise
// search on random partial grids of every shape.
func TestConflictFastPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range Shapes {
		geo := GeometryOf(s)
		for trial := 0; trial < 200000/geo.Cells; trial++ {
			g := NewGrid(s)
			fill := rng.IntN(geo.Cells/3 + 1)
			for k := 0; k < fill; k++ {
				g.Cells[rng.IntN(geo.Cells)] = uint8(rng.IntN(geo.N) + 1)
			}
			want := false
			for a := 0; a < geo.Cells && !want; a++ {
				for b := a + 1; b < geo.Cells; b++ {
					ra, ca, rb, cb := a/geo.N, a%geo.N, b/geo.N, b%geo.N
					same := ra == rb || ca == cb || (ra/geo.BoxRows == rb/geo.BoxRows && ca/geo.BoxCols == cb/geo.BoxCols)
					if same && g.Cells[a] != 0 && g.Cells[a] == g.Cells[b] {
						want = true
						break
					}
				}
			}
			if got := g.Conflict() != nil; got != want {
				t.Fatalf("%s: Conflict() != nil is %v, want %v for %s", s, got, want, g)
			}
		}
	}
}

// TestParseWordAtATime: Parse (eight symbols at a time on 9x9 and up) agrees
// with reading each symbol alone by SymbolValue on random lines of empty
// marks, digits, letters and bad bytes, every shape: the same cells, and
// an error exactly when a symbol is bad or above the shape's size.
func TestParseWordAtATime(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 8))
	alpha := []byte("..........0123456789123456789AGPag~ \x80\xb1\xae\xff/:-")
	for _, s := range Shapes {
		for i := 0; i < 300; i++ {
			b := make([]byte, s.Cells())
			bad := i%3 != 0 // a third of the lines are all '.' and digits
			for j := range b {
				switch {
				case bad && rng.IntN(s.Cells()) == 0:
					b[j] = alpha[rng.IntN(len(alpha))]
				case rng.IntN(2) == 0:
					b[j] = '.'
				default:
					b[j] = byte('1' + rng.IntN(min(s.N(), 9)))
				}
			}
			wantErr := false
			want := make([]uint8, len(b))
			for j, ch := range b {
				v := SymbolValue(ch)
				if v < 0 || v > s.N() {
					wantErr = true
				}
				want[j] = uint8(v)
			}
			g, err := Parse(string(b), s)
			if (err != nil) != wantErr {
				t.Fatalf("%s %q: error %v, want an error: %v", s, b, err, wantErr)
			}
			if err == nil && string(g.Cells) != string(want) {
				t.Fatalf("%s %q: cells %v, want %v", s, b, g.Cells, want)
			}
			h := NewGrid(s)
			if err := ParseInto(h, b); (err != nil) != wantErr || (err == nil && string(h.Cells) != string(want)) {
				t.Fatalf("%s %q ([]byte): error %v, cells %v, want %v", s, b, err, h.Cells, want)
			}
		}
	}
}
