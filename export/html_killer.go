package export

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/sudogen/sudogen/internal/i18n"
)

// killerWording names, for a killer technique of a family, the technique
// whose glossary paragraph it shares (the tables' killer_techniques
// section gives that paragraph once, under the first of the family).
var killerWording = map[string]string{
	"innie-outie-union": "innie-outie",
	"innies-outies":     "innie-outie",
	"killer-triple":     "killer-pair",
}

// addKillerTechniques puts the killer ladder's own techniques (the
// tables' killer_techniques section) into a page table's techniques: a
// name, which hints show as their title, and an "about" paragraph for the
// glossary. They have no "look" and "idea": a killer step's hint takes
// those words from play.cage_* (the page's killerIdea). Only pages with
// killer puzzles carry them, so the glossary of other pages does not list
// techniques their puzzles never need.
func addKillerTechniques(tab map[string]any, t *i18n.Table) {
	techs, _ := tab["techniques"].(map[string]any)
	if techs == nil {
		techs = map[string]any{}
		tab["techniques"] = techs
	}
	for _, id := range killerTechIDs(t) {
		e := map[string]any{"name": t.Text("killer_techniques." + id + ".name")}
		about := id
		if root, ok := killerWording[id]; ok {
			about = root
		}
		e["about"] = t.Text("killer_techniques." + about + ".about")
		techs[id] = e
	}
}

// killerTechIDs are the technique ids of t's killer_techniques section.
func killerTechIDs(t *i18n.Table) []string {
	var ids []string
	for _, k := range t.Keys() {
		if rest, ok := strings.CutPrefix(k, "killer_techniques."); ok {
			if id, ok := strings.CutSuffix(rest, ".name"); ok {
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// withKillerTechs is the glossary's order of techniques on a page with
// killer puzzles: order (the classic techniques, by Sudoku Explainer
// rating) with the killer ladder's own techniques put in by their rating
// on the killer scale, which rates the classic ones it uses as SE does
// (the killer kind's TechniqueName), so the glossary still goes from the
// easiest to the hardest. Without the killer kind registered they come
// last, in id order.
func withKillerTechs(order []string) []string {
	out := append(slices.Clip(order), killerTechIDs(i18n.Get("en"))...)
	k := kindOf("killer")
	if k.TechniqueName == nil {
		return out
	}
	rating := func(id string) float64 {
		if _, r, ok := k.TechniqueName(id); ok {
			return r
		}
		return math.Inf(1)
	}
	sort.SliceStable(out, func(i, j int) bool { return rating(out[i]) < rating(out[j]) })
	return out
}

// hasKind reports whether any of recs is of the kind named.
func hasKind(recs []*Record, kind string) bool {
	for _, r := range recs {
		if r.Kind == kind {
			return true
		}
	}
	return false
}
