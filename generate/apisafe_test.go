package generate

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestBadInputNoPanic calls the package's exported entry points with input
// they cannot use and requires an error or the documented result, never a
// panic (audit A4 D3: UniformSlide(7) indexed past the 25 cells).
func TestBadInputNoPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gen, err := New(Options{Shape: sudoku.Shape4})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		call    func() (string, error)
		want    string
		wantErr bool
	}{
		{name: "UniformSlide/7", call: func() (string, error) { b, err := UniformSlide(7, rng); return b.String(), err }, wantErr: true},
		{name: "UniformSlide/2", call: func() (string, error) { b, err := UniformSlide(2, rng); return b.String(), err }, wantErr: true},
		{name: "UniformSlide/0", call: func() (string, error) { b, err := UniformSlide(0, rng); return b.String(), err }, wantErr: true},
		{name: "UniformSlide/-3", call: func() (string, error) { b, err := UniformSlide(-3, rng); return b.String(), err }, wantErr: true},
		{name: "UniformSlide/nil rng", call: func() (string, error) { b, err := UniformSlide(3, nil); return b.String(), err }, wantErr: true},
		{name: "WalkSlide/9", call: func() (string, error) { b, err := WalkSlide(9, 10, rng); return b.String(), err }, wantErr: true},
		{name: "WalkSlide/2", call: func() (string, error) { b, err := WalkSlide(2, 10, rng); return b.String(), err }, wantErr: true},
		{name: "WalkSlide/nil rng", call: func() (string, error) { b, err := WalkSlide(3, 10, nil); return b.String(), err }, wantErr: true},
		{name: "WalkSlide/length -1", call: func() (string, error) { b, err := WalkSlide(3, -1, rng); return b.String(), err }, want: "1 2 3 4 5 6 7 8 0"},
		{name: "IsSymmetric/zero Grid", call: func() (string, error) { return fmt.Sprint(IsSymmetric(sudoku.Grid{}, SymRot180)), nil }, want: "false"},
		{name: "IsSymmetric/short Grid", call: func() (string, error) {
			g := sudoku.NewGrid(sudoku.Shape9)
			g.Cells = g.Cells[:10]
			return fmt.Sprint(IsSymmetric(g, SymMirror)), nil
		}, want: "false"},
		{name: "IsSymmetric/empty 9x9", call: func() (string, error) { return fmt.Sprint(IsSymmetric(sudoku.NewGrid(sudoku.Shape9), SymRot90)), nil }, want: "true"},
		{name: "Sudoku/nil rng", call: func() (string, error) { p, err := gen.Sudoku(nil); return p.Puzzle.String(), err }, wantErr: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got string
			var err error
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("panicked: %v", p)
					}
				}()
				got, err = c.call()
			}()
			switch {
			case c.wantErr && err == nil:
				t.Fatalf("got %q and no error, want an error", got)
			case !c.wantErr && err != nil:
				t.Fatal(err)
			case !c.wantErr && got != c.want:
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestIsSymmetricUnknownName: IsSymmetric of a name that is not one of
// Symmetries is false; it read every such name as the identity, so a grid
// was "symmetric" under "random", "" or "ROT180" whatever its pattern.
func TestIsSymmetricUnknownName(t *testing.T) {
	g, err := sudoku.Parse("1"+strings.Repeat(".", 80), sudoku.Shape9) // symmetric under none alone
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s    Symmetry
		want bool
	}{
		{SymRandom, false}, {"", false}, {"ROT180", false}, {"rot45", false},
		{SymNone, true}, {SymRot180, false}, {SymDiagonal, true},
	} {
		if got := IsSymmetric(g, c.s); got != c.want {
			t.Errorf("IsSymmetric(r1c1 alone, %q) = %v, want %v", c.s, got, c.want)
		}
	}
}
