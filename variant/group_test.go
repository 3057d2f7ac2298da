package variant

import (
	"slices"
	"testing"
)

// TestLineGroupMatchesReference checks that the line-group search lists
// exactly the elements of the search it replaced (group_ref_test.go), in
// the same order (the canonical key takes the least image in that order's
// ties, so records depend on it), for every line-group geometry of the
// catalogue: each variant alone at each of its sizes and each pair of
// variants sharing a size (with -short: the single variants only).
func TestLineGroupMatchesReference(t *testing.T) {
	var specs []Spec
	var line []string
	for _, v := range Names {
		if v != Jigsaw && v != SamuraiName {
			line = append(line, v)
		}
	}
	for i, a := range line {
		for _, n := range Sizes(a) {
			specs = append(specs, Spec{Size: n, Variants: []string{a}})
			if testing.Short() {
				continue
			}
			for _, b := range line[i+1:] {
				if slices.Contains(Sizes(b), n) {
					specs = append(specs, Spec{Size: n, Variants: []string{a, b}})
				}
			}
		}
	}
	specs = append(specs, Spec{Size: 9, Variants: []string{X, Windoku, AntiKing}})
	total := 0
	for _, sp := range specs {
		g, err := Build(sp)
		if err != nil {
			continue // a combination the catalogue refuses
		}
		d := g.data
		want, werr := refLineGroup(&d)
		got, gerr := lineGroup(&d)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%v %d: error %v, reference %v", sp.Variants, sp.Size, gerr, werr)
		}
		if len(got) != len(want) {
			t.Fatalf("%v %d: %d elements, reference %d", sp.Variants, sp.Size, len(got), len(want))
		}
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("%v %d: element %d differs from the reference", sp.Variants, sp.Size, i)
			}
		}
		total++
	}
	t.Logf("%d geometries compared", total)
	if total < 20 {
		t.Fatalf("only %d geometries compared", total)
	}
}
