package variantkind

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// smallTops holds, by sorted variant list, the highest SE rating any
// puzzle of a 4x4 board reaches, for the boards where every minimal
// puzzle is solved by full houses and hidden singles (SE 1.0-1.5):
// TestVreqSmallBoards grades every minimal puzzle of every solution grid
// of each 4x4 variant list. Every puzzle of such a board is then too:
// a puzzle holds a minimal one of its solution, and more givens never
// stop a single (the rules are monotone, internal/basics), so from any
// position of its solve path a single is left; the ladder, taking the
// lowest-rated step, takes only singles. Jigsaw boards are not here:
// some minimal 4x4 jigsaw puzzles rate up to 6.5 (docs/variants.md,
// "4x4 boards"). The other 4x4 lists admit no grid at all
// (anti-king, non-consecutive and their combinations, anti-knight with
// X or disjoint groups), which the makers refuse (Satisfiable).
var smallTops = map[string]float64{
	"x":                 1.5,
	"disjoint-groups":   1.2,
	"disjoint-groups,x": 1.5,
	"anti-knight":       1.2,
}

// checkSmall refuses up front a 4x4 run of o whose kept tiers (tier,
// the --tier value) or techniques no puzzle of its board reaches
// (smallTops), naming what it does reach. A run that keeps tier beyond
// alone is refused too: the ladder finishes every puzzle there.
func checkSmall(o Options, tiers *grade.Tiers, tier string) error {
	if o.Spec.Size != 4 {
		return nil
	}
	key := strings.Join(o.Spec.Variants, ",")
	top, ok := smallTops[key]
	if !ok {
		return nil
	}
	var reach []string
	inReach := false
	for _, b := range tiers.Bands {
		if b.Min <= top+1e-9 {
			reach = append(reach, b.Name)
			inReach = inReach || o.Tiers[b.Name]
		}
	}
	why := fmt.Sprintf("no %s 4x4 puzzle rates above SE %.1f: every one is solved by full houses and hidden singles (established by enumeration, docs/variants.md, \"4x4 boards\")", key, top)
	if o.Tiers != nil && !inReach {
		return fmt.Errorf("--tier %s: %s; the tiers reached: %s", tier, why, numfmt.AndList(reach))
	}
	t := o.tech()
	if lo, _ := t.ratingRange(); t.any() && lo > top+1e-9 {
		return fmt.Errorf("no puzzle can be kept: %s: %s", t.describe(), why)
	}
	return nil
}
