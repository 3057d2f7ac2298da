package killer

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
)

// TestTechniqueNamesTranslated: every technique of the killer ladder is
// named in every language the play page speaks: a classic one under the
// tables' techniques (as grade names it), a killer one under
// killer_techniques, whose English name is the ladder's own.
func TestTechniqueNamesTranslated(t *testing.T) {
	en := i18n.Get("en")
	for _, k := range en.Keys() {
		if id, ok := strings.CutPrefix(k, "killer_techniques."); ok {
			id = id[:strings.IndexByte(id, '.')]
			if !slices.ContainsFunc(Techniques, func(tc Technique) bool { return tc.ID == id }) {
				t.Errorf("%s: %s is no technique of the killer ladder", k, id)
			}
		}
	}
	for _, tc := range Techniques {
		if _, classic := grade.TechniqueByID(tc.ID); classic {
			if !en.Has("techniques." + tc.ID + ".name") {
				t.Errorf("classic technique %s has no name in the tables", tc.ID)
			}
			continue
		}
		key := "killer_techniques." + tc.ID + ".name"
		if !en.Has(key) {
			t.Errorf("killer technique %s has no name in the tables (%s)", tc.ID, key)
			continue
		}
		if got := en.Text(key); got != tc.Name {
			t.Errorf("%s: English %q, the ladder names it %q", key, got, tc.Name)
		}
		for _, l := range i18n.Languages() {
			if !i18n.Get(l).Has(key) {
				t.Errorf("%s: %s missing", l, key)
			}
		}
	}
}
