package stats

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestHTMLTierColors: a built-in tier has one colour in every group's
// tier chart, by its place in the ladder from easy (green) to beyond
// (red): a group of hard and expert puzzles does not draw hard in easy's
// green. Until 2026-12-07 each group spread its own tiers over the
// colours, so hard was green in one group and olive in the next.
func TestHTMLTierColors(t *testing.T) {
	rec := func(id string, r, tier string, rating float64) string {
		n := map[string]int{"2": 4, "3": 9}[r]
		return `{"v":1,"id":"` + id + `","kind":"sudoku","size":` + strconv.Itoa(n) + `,"box":[` + r + `,` + r +
			`],"puzzle":"` + strings.Repeat(".", n*n) + `","rating":` + strconv.FormatFloat(rating, 'f', 1, 64) +
			`,"tier":"` + tier + `","seed":1,"index":0}` + "\n"
	}
	in := rec("a", "3", "easy", 1.2) + rec("b", "3", "hard", 4.2) + rec("c", "3", "expert", 5.6) + rec("d", "2", "hard", 4.2) + rec("e", "2", "expert", 5.6)
	colors := map[string]map[string]bool{} // tier -> colours drawn
	for _, m := range regexp.MustCompile(`fill="(hsl\([^"]+\))"><title>([a-z]+): `).FindAllStringSubmatch(htmlReport(t, in), -1) {
		if colors[m[2]] == nil {
			colors[m[2]] = map[string]bool{}
		}
		colors[m[2]][m[1]] = true
	}
	for _, tier := range []string{"easy", "hard", "expert"} {
		if len(colors[tier]) != 1 {
			t.Errorf("tier %s drawn in %d colours %v, want one", tier, len(colors[tier]), colors[tier])
		}
	}
	for c := range colors["hard"] {
		if colors["easy"][c] {
			t.Errorf("hard drawn in easy's colour %s", c)
		}
	}
}
