package generate

import (
	"strings"
	"testing"
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
