package generate

import (
	"testing"

	"github.com/sudogen/sudogen/configs"
)

// FuzzParseSlideTiers: any tier file's slide section is read or refused
// with an error; a table read names a tier for every width and length.
func FuzzParseSlideTiers(f *testing.F) {
	if b, err := configs.Read("tiers.yaml"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("slide:\n  4:\n    - {name: easy, max: 30}\n    - {name: hard, max: -1}\n"))
	f.Add([]byte("slide: {3: [[[]]]}\n"))
	f.Add([]byte("slide:\n  99999999999999999999:\n    - {name: x, max: 1}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tiers, err := ParseSlideTiers(data, "fuzz.yaml")
		if err != nil {
			return
		}
		for _, w := range []int{3, 4, 5} {
			for _, n := range []int{0, 20, 52, 200} {
				tiers.Of(w, n)
			}
			tiers.Find(w, "easy")
		}
	})
}
