package export

import (
	"sort"
	"unicode"
	"unicode/utf8"
)

// TierOrder lists the difficulty tiers from easiest to hardest. Books and
// workbooks present sections in this order; a tier not in the list comes
// after these (alphabetically) and untiered records come last.
var TierOrder = []string{"easy", "medium", "hard", "expert", "extreme", "nightmare", "beyond"}

// tierRank gives the sort position of a tier name: its index in TierOrder,
// len(TierOrder) for any other name, and len(TierOrder)+1 for no tier.
func tierRank(tier string) int {
	if tier == "" {
		return len(TierOrder) + 1
	}
	for i, t := range TierOrder {
		if t == tier {
			return i
		}
	}
	return len(TierOrder)
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

// TierTitle is the display name of a tier: "Hard", or "Untiered" for "".
func TierTitle(tier string) string {
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

// Section is the records of one tier, in corpus order.
type Section struct {
	Tier    string
	Records []*Record
}

// Sections groups records by tier, easy to hard (see TierOrder), keeping the
// corpus order inside each tier.
func Sections(recs []*Record) []Section {
	idx := map[string]int{}
	var out []Section
	for _, r := range recs {
		i, ok := idx[r.Tier]
		if !ok {
			i = len(out)
			idx[r.Tier] = i
			out = append(out, Section{Tier: r.Tier})
		}
		out[i].Records = append(out[i].Records, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return tierLess(out[i].Tier, out[j].Tier) })
	return out
}
