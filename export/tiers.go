package export

import (
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/sudogen/sudogen/internal/tiers"
)

// tierOrder lists the built-in difficulty tiers from easiest to hardest
// (internal/tiers). Books and workbooks present sections in this order; a
// tier not in the list comes after these (alphabetically) and untiered
// records come last.
var tierOrder = tiers.Order

// tierRank gives the sort position of a tier name: its index in tierOrder,
// len(tierOrder) for any other name, and len(tierOrder)+1 for no tier.
func tierRank(tier string) int {
	if tier == "" {
		return len(tierOrder) + 1
	}
	for i, t := range tierOrder {
		if t == tier {
			return i
		}
	}
	return len(tierOrder)
}

// tierLess orders tier names easy to hard, unknown names alphabetically
// after the known ones, untiered last.
func tierLess(a, b string) bool {
	ra, rb := tierRank(a), tierRank(b)
	if ra != rb {
		return ra < rb
	}
	return a < b
}

// tierTitle is the display name of a tier: "Hard", or "Untiered" for "".
func tierTitle(tier string) string {
	if tier == "" {
		return "Untiered"
	}
	// By rune: a first letter outside ASCII (élite, сложный, ωμέγα) is
	// more than one byte. Title case, not upper: ǆ becomes ǅ.
	r, n := utf8.DecodeRuneInString(tier)
	if r == utf8.RuneError {
		return tier
	}
	return string(unicode.ToTitle(r)) + tier[n:]
}

// tierSection is the records of one tier, in corpus order.
type tierSection struct {
	Tier    string
	Records []*Record
}

// sections groups records by tier, easy to hard (see tierOrder), keeping the
// corpus order inside each tier.
func sections(recs []*Record) []tierSection {
	idx := map[string]int{}
	var out []tierSection
	for _, r := range recs {
		i, ok := idx[r.Tier]
		if !ok {
			i = len(out)
			idx[r.Tier] = i
			out = append(out, tierSection{Tier: r.Tier})
		}
		out[i].Records = append(out[i].Records, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return tierLess(out[i].Tier, out[j].Tier) })
	return out
}
