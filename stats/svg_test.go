package stats

import "testing"

// TestDotLook: a scatter chart's dots are solid enough to see in a small
// sample and translucent in a big one, and neither grows with the sample.
func TestDotLook(t *testing.T) {
	for _, tc := range []struct {
		n                      int
		minOpacity, maxOpacity float64
		minRadius, maxRadius   float64
	}{
		{1, 0.8, 0.85, 2.5, 3},
		{5, 0.8, 0.85, 2.5, 3},
		{100, 0.7, 0.85, 2.5, 3},
		{1000, 0.28, 0.3, 2, 2.5},
		{5000, 0.28, 0.28, 1.5, 1.7},
	} {
		r, o := dotLook(tc.n)
		if o < tc.minOpacity || o > tc.maxOpacity || r < tc.minRadius || r > tc.maxRadius {
			t.Errorf("%d dots: radius %.2f, opacity %.2f; want %.2f-%.2f and %.2f-%.2f", tc.n, r, o, tc.minRadius, tc.maxRadius, tc.minOpacity, tc.maxOpacity)
		}
	}
	for n := 1; n < 10000; n++ {
		r0, o0 := dotLook(n)
		if r1, o1 := dotLook(n + 1); r1 > r0 || o1 > o0 {
			t.Fatalf("%d dots: radius %.2f, opacity %.2f; %d: %.2f, %.2f", n, r0, o0, n+1, r1, o1)
		}
	}
}
