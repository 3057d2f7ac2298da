package stats

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/export"
)

// WriteText prints the summary for a person: the totals, then a block a
// kind and size.
func WriteText(w io.Writer, s *Stats) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s: %s", s.Name, records(s.Records))
	if s.Kinds.Len() > 0 {
		fmt.Fprintf(bw, "; %s", countList(s.Kinds, s.Kinds.Names(), s.Records, 0, false))
	}
	fmt.Fprintln(bw)
	if s.Bad > 0 {
		fmt.Fprintf(bw, "%s lines are not records; the first: %s\n", thousands(s.Bad), s.BadLines[0])
	}
	if s.OtherGroups > 0 {
		fmt.Fprintf(bw, "%s records of further kinds and sizes are not described (more than %d groups)\n", thousands(s.OtherGroups), MaxGroups)
	}
	for _, g := range s.Groups {
		fmt.Fprintf(bw, "\n%s: %s\n", g.Label(), records(g.Records))
		line := func(name, text string) {
			if text != "" {
				fmt.Fprintf(bw, "  %-11s %s\n", name, text)
			}
		}
		if !export.InMoves(g.Kind) {
			line("graded", fmt.Sprintf("%s rated, %s cut off (rating_at_least), %s not graded", thousands(g.Rated), thousands(g.CutOff), thousands(g.Ungraded)))
		}
		line("tiers", countList(g.Tiers, g.TierOrder(), g.Records, 0, true))
		line("rating", spread(g.Rating, 10))
		if g.CutOff > 0 {
			line("at least", spread(g.RatingAtLeast, 10))
		}
		line("hardest", countList(g.Hardest, g.Hardest.Names(), g.Rated+g.CutOff, 10, true))
		line("uses", countList(g.Used, g.Used.Names(), g.Rated+g.CutOff, 10, true))
		line("givens", spread(g.Givens, 1))
		line("symmetry", countList(g.Symmetry, g.Symmetry.Names(), g.Records, 0, true))
		if g.Minimal+g.NotMin > 0 {
			line("minimal", fmt.Sprintf("%s (%s), not minimal %s", thousands(g.Minimal), percent(g.Minimal, g.Minimal+g.NotMin), thousands(g.NotMin)))
		}
		line("level", countList(g.Levels, levelOrder(g.Levels), g.Records, 0, true))
		line("optimal", spread(g.Optimal, 1))
		if g.Length.Count() > 0 {
			line("bounded", fmt.Sprintf("%s not proven optimal: length %s; lower bound %s", thousands(g.Length.Count()), spread(g.Length, 1), spread(g.LowerBound, 1)))
		}
	}
	return bw.Flush()
}

// countList writes "name n (p%), ..." for names (at most limit, 0: all),
// percentages of total.
func countList(c *Counts, names []string, total int64, limit int, pct bool) string {
	var parts []string
	for i, n := range names {
		if limit > 0 && i == limit {
			parts = append(parts, fmt.Sprintf("... %d more", len(names)-limit))
			break
		}
		p := n + " " + thousands(c.Get(n))
		if pct {
			p += " (" + percent(c.Get(n), total) + ")"
		}
		parts = append(parts, p)
	}
	if c.Other > 0 {
		parts = append(parts, "(other) "+thousands(c.Other))
	}
	return strings.Join(parts, ", ")
}

// spread writes a histogram's minimum, quartiles, mean and maximum; unit
// 10 prints tenths as ratings.
func spread(h *Histogram, unit int) string {
	if h.Count() == 0 {
		return ""
	}
	lo, hi := h.Range()
	f := func(v int) string {
		if unit == 10 {
			return strconv.FormatFloat(float64(v)/10, 'f', 1, 64)
		}
		return strconv.Itoa(v)
	}
	mean := h.Mean() / float64(unit)
	out := fmt.Sprintf("min %s  p25 %s  median %s  mean %.2f  p75 %s  p90 %s  max %s", f(lo), f(h.Quantile(0.25)), f(h.Quantile(0.5)), mean, f(h.Quantile(0.75)), f(h.Quantile(0.9)), f(hi))
	if h.Out > 0 {
		out += fmt.Sprintf("  (%s out of range)", thousands(h.Out))
	}
	return out
}

// levelOrder lists HoDoKu's levels easiest first, then any others.
func levelOrder(c *Counts) []string {
	var out []string
	for _, l := range []string{"Easy", "Medium", "Hard", "Unfair", "Extreme"} {
		if c.Get(l) > 0 {
			out = append(out, l)
		}
	}
	for _, n := range c.Names() {
		switch n {
		case "Easy", "Medium", "Hard", "Unfair", "Extreme":
		default:
			out = append(out, n)
		}
	}
	return out
}

func percent(n, total int64) string {
	if total == 0 {
		return "-"
	}
	return strconv.FormatFloat(100*float64(n)/float64(total), 'f', 1, 64) + "%"
}

// thousands writes n with commas: 1,000,000.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

// records counts records in words: "1 record", "2,000 records".
func records(n int64) string {
	if n == 1 {
		return "1 record"
	}
	return thousands(n) + " records"
}
