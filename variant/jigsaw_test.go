package variant

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLayoutSets: the 128-bit region sets of randomLayout (boards of up
// to 128 cells) answer connectivity and bordering as the cell scans do,
// on random labellings (mostly disconnected regions) and on the layouts
// randomLayout makes, and follow the exchanges.
func TestLayoutSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, n := range []int{4, 6, 8, 9, 11} {
		for trial := range 60 {
			lab := make([]byte, n*n)
			k := 2 + trial%5
			for i := range lab {
				lab[i] = byte('a' + rng.IntN(k))
			}
			if trial%2 == 1 && n != 11 {
				s, err := randomLayout(n, "", rng)
				if err != nil {
					t.Fatal(err)
				}
				lab = []byte(s)
			}
			fast := newLayoutWork(n, lab)
			slow := &layoutWork{n: n, seen: make([]bool, n*n)}
			if !fast.fast {
				t.Fatalf("%dx%d: no sets", n, n)
			}
			for range 20 {
				x, y := rng.IntN(n*n), rng.IntN(n*n)
				fast.exchange(lab, x, y)
				for l := byte('0'); l <= 'z'; l++ {
					if got, want := fast.connected(lab, l), slow.connected(lab, l); got != want {
						t.Fatalf("%dx%d %s label %c: sets say connected %v, the scan %v", n, n, lab, l, got, want)
					}
					var got, want []int
					for i := range lab {
						if slow.borders(lab, i, l) {
							want = append(want, i)
						}
					}
					for i, s := 0, fast.spread(fast.mask[l]); i < s.count(); i++ {
						got = append(got, s.nth(i))
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%dx%d %s label %c: bordering cells %v, the scan %v", n, n, lab, l, got, want)
					}
				}
			}
		}
	}
}
