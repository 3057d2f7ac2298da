package export

import (
	"fmt"
	"sort"
	"strings"
)

// Filter selects and orders records for export: only the named tiers
// (none = all, as is "any", batch --tier's word for all; "untiered" or
// "none" names records without a tier), sorted
// by rating or id, ascending or (with a leading '-') descending, at most
// Limit of them (0 = all).
type Filter struct {
	Tiers []string
	Sort  string // "", "rating", "-rating", "id" or "-id"
	Limit int
}

// Check validates the filter.
func (f Filter) Check() error {
	switch f.Sort {
	case "", "rating", "-rating", "id", "-id":
	default:
		return fmt.Errorf("sort %q: expected rating, -rating, id or -id", f.Sort)
	}
	if f.Limit < 0 {
		return fmt.Errorf("limit %d: expected 0 (all) or more", f.Limit)
	}
	return nil
}

// Keep reports whether r passes the tier filter.
func (f Filter) Keep(r *Record) bool {
	if len(f.Tiers) == 0 {
		return true
	}
	for _, t := range f.Tiers {
		t = strings.ToLower(strings.TrimSpace(t))
		if t == r.Tier || t == "any" || (r.Tier == "" && (t == "untiered" || t == "none")) {
			return true
		}
	}
	return false
}

// Streaming reports whether records can go straight through, without
// being collected first: true unless the filter sorts.
func (f Filter) Streaming() bool { return f.Sort == "" }

// Apply sorts (stably: equal keys keep their order, descending too) and
// truncates collected records.
func (f Filter) Apply(recs []*Record) []*Record {
	switch f.Sort {
	case "rating":
		sort.SliceStable(recs, func(i, j int) bool { return recs[i].Rating < recs[j].Rating })
	case "-rating":
		sort.SliceStable(recs, func(i, j int) bool { return recs[i].Rating > recs[j].Rating })
	case "id":
		sort.SliceStable(recs, func(i, j int) bool { return recs[i].ID < recs[j].ID })
	case "-id":
		sort.SliceStable(recs, func(i, j int) bool { return recs[i].ID > recs[j].ID })
	}
	if f.Limit > 0 && len(recs) > f.Limit {
		recs = recs[:f.Limit]
	}
	return recs
}
