package variantkind

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
)

// checkJigsawSymmetry refuses, before any puzzle is made, a clue-pattern
// symmetry a jigsaw run of spec cannot have. Its regions are drawn
// symmetric starting from the box layout (docs/variants.md, "Jigsaw
// regions string"), so only the symmetries of the boxes, together with
// the other variants of the list, are available: rot90, diagonal and
// antidiagonal need square boxes (4x4, 9x9). Without this check the run
// failed at its first puzzle, exit 1. "random", "none" and names the
// generator refuses itself pass.
func checkJigsawSymmetry(spec variant.Spec, sym string) error {
	if !slices.Contains(spec.Variants, variant.Jigsaw) || spec.Regions != "" {
		return nil
	}
	name, err := variant.ParseSymmetryName(sym)
	if err != nil || name == "" || name == "none" || name == "random" {
		return nil
	}
	shape, err := sudoku.ShapeForSize(spec.Size)
	if err != nil {
		return nil
	}
	n := spec.Size
	g, err := variant.Build(variant.Spec{Size: n, Variants: spec.Variants, Regions: variant.BoxRegions(n)})
	if err != nil {
		return nil // the generator names what is wrong with the list
	}
	allowed := variant.AllowedSymmetries(g)
	if slices.Contains(allowed, name) {
		return nil
	}
	return fmt.Errorf("--symmetry %s: a jigsaw's regions on %dx%d are drawn from the %s boxes, which %s does not map onto themselves (allowed with --variant %s: %s)",
		name, n, n, shape, name, strings.Join(spec.Variants, ","), strings.Join(append([]string{"none"}, allowed...), ", "))
}
