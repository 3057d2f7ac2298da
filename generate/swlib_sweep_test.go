package generate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSwlibSlideNilRng: SlideGenerator.Slide of a nil rng is an error
// with every method (the table and the walk drew from it before any
// check and panicked), as UniformSlide and WalkSlide refuse it.
func TestSwlibSlideNilRng(t *testing.T) {
	methods := map[string]bool{}
	for _, size := range []int{3, 4, 5} {
		tiers := []string{""}
		for _, st := range DefaultSlideTiers()[size] {
			tiers = append(tiers, st.Name)
		}
		for _, tier := range tiers {
			g, err := NewSlide(SlideOptions{Size: size, Tier: tier})
			if err != nil {
				t.Fatalf("NewSlide(%d, %q): %v", size, tier, err)
			}
			methods[g.Method()] = true
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("Slide(nil) of %dx%d tier %q (%s) panicked: %v", size, size, tier, g.Method(), r)
					}
				}()
				if _, err := g.Slide(nil); err == nil || !strings.Contains(err.Error(), "rng is nil") {
					t.Errorf("Slide(nil) of %dx%d tier %q (%s) = %v, want an rng error", size, size, tier, g.Method(), err)
				}
			}()
		}
	}
	for _, m := range []string{MethodTable, MethodUniform, MethodWalk, MethodClimb} {
		if !methods[m] {
			t.Errorf("no tier tried method %s", m)
		}
	}
}

// swlibRater scores a puzzle by its empty cells and never hits.
type swlibRater struct{}

func (swlibRater) Rate(p, _ sudoku.Grid) (float64, bool, error) {
	return float64(len(p.Cells) - p.Givens()), false, nil
}

// TestSwlibVicinityNilRng: the Vicinity's entry points refuse a nil rng
// with an error, as Generator.Sudoku does, instead of panicking on the
// first draw.
func TestSwlibVicinityNilRng(t *testing.T) {
	v, err := NewVicinity(VicinityOptions{Shape: sudoku.Shape9})
	if err != nil {
		t.Fatal(err)
	}
	gen, err := New(Options{Shape: sudoku.Shape9})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Sudoku(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"Neighbour":     func() error { _, _, err := v.Neighbour(p, nil); return err },
		"Search":        func() error { _, err := v.Search(p, 0, nil, swlibRater{}); return err },
		"TridagonStart": func() error { _, err := v.TridagonStart(nil); return err },
	}
	for name, call := range calls {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s(nil rng) panicked: %v", name, r)
				}
			}()
			if err := call(); err == nil || !strings.Contains(err.Error(), "rng is nil") {
				t.Errorf("%s(nil rng) = %v, want an rng error", name, err)
			}
		}()
	}
}
