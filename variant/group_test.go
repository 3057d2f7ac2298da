package variant

import (
	"os"
	"slices"
	"testing"
)

// TestLineGroupMatchesReference checks that the line-group search lists
// exactly the elements of the search it replaced (group_ref_test.go), in
// the same order (the canonical key takes the least image in that order's
// ties, so records depend on it), for every line-group geometry of the
// catalogue: every set of variants at every size the catalogue builds
// (with -short: the single variants only; by default the sets of up to
// three and every fourth larger one, every set with SUDOGEN_LONG=1). The reference must list every
// one of them in full: the new search prunes more, so it stays under the
// node bound wherever the reference did, and it must not have to.
func TestLineGroupMatchesReference(t *testing.T) {
	var line []string
	for _, v := range Names {
		if v != Jigsaw && v != SamuraiName {
			line = append(line, v)
		}
	}
	var specs []Spec
	long, big := os.Getenv("SUDOGEN_LONG") != "", 0
	for _, n := range []int{4, 6, 8, 9, 12} {
		for m := 1; m < 1<<len(line); m++ {
			var vs []string
			for i, v := range line {
				if m>>i&1 == 1 {
					vs = append(vs, v)
				}
			}
			if testing.Short() && len(vs) > 1 {
				continue
			}
			// By default the sets of up to three variants and every
			// fourth larger one (most of the time goes to the 9x9 sets of
			// four or more, 380 of them); SUDOGEN_LONG=1 every set.
			big++
			if !long && len(vs) > 3 && big%4 != 0 {
				continue
			}
			specs = append(specs, Spec{Size: n, Variants: vs})
		}
	}
	total := 0
	for _, sp := range specs {
		g, err := Build(sp)
		if err != nil {
			continue // a combination the catalogue refuses
		}
		d := g.data
		want, werr := refLineGroup(&d)
		got, gerr := lineGroup(&d)
		if werr != nil || gerr != nil {
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
	if total < 20 || !testing.Short() && total < 250 || long && total < 600 {
		t.Fatalf("only %d geometries compared", total)
	}
}
