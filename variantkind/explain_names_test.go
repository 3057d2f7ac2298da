package variantkind

import (
	"slices"
	"testing"

	"github.com/sudogen/sudogen/variant"
)

// TestSamuraiHouseNames: explain names a Samurai grid's row or column by
// the frame row or column its cells are in, as the cells' names are
// ("row 3 r3c13-r3c21": the top-right grid's third row), not by its
// place among the 45 row houses ("row 12 r3c13-r3c21").
func TestSamuraiHouseNames(t *testing.T) {
	g, err := variant.Build(variant.Spec{Variants: []string{variant.SamuraiName}})
	if err != nil {
		t.Fatal(err)
	}
	names, err := houseNames(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"row 1 r1c1-r1c9", "row 3 r3c13-r3c21", "row 8 r8c7-r8c15", "row 19 r19c13-r19c21",
		"column 7 r1c7-r9c7", "column 15 r7c15-r15c15", "column 21 r13c21-r21c21",
	} {
		if !slices.Contains(names, want) {
			t.Errorf("no house named %q", want)
		}
	}
	for _, n := range names {
		if n == "row 12 r3c13-r3c21" {
			t.Errorf("house named %q", n)
		}
	}
}
