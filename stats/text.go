package stats

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// WriteText prints the summary for a person: the totals, then a block a
// kind and size. Every percentage in a block is of the block's records
// (a line before the blocks says so): the lines of one-valued fields (tier, hardest
// technique, symmetry, minimal, level) end with the records without the
// field, so each adds up to 100%; "uses" counts each record once per
// technique its path uses. Techniques are named by id (the word batch
// --requires takes), a kind's with a ladder of its own (a killer's) by
// their names on it (techniqueLabel). Medians are the usual ones (the mean of the
// two middle values for an even count); p25, p75 and p90 are values
// counted (nearest rank).
func WriteText(w io.Writer, s *Stats) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s: %s", s.Name, records(s.Records))
	if s.Kinds.Len() > 0 {
		fmt.Fprintf(bw, "; %s", countList(s.Kinds, s.Kinds.Names(), s.Records, 0, false))
	}
	fmt.Fprintln(bw)
	if s.Bad > 0 {
		fmt.Fprintf(bw, "%s; the first: %s\n", badLines(s.Bad), s.BadLines[0])
	}
	if s.OtherGroups > 0 {
		fmt.Fprintln(bw, otherGroups(s.OtherGroups))
	}
	if len(s.Groups) > 0 {
		fmt.Fprintln(bw, "Each percentage is of the records of its block (kind and size).")
	}
	for _, g := range s.Groups {
		fmt.Fprintf(bw, "\n%s: %s\n", g.Label(), records(g.Records))
		line := func(name, text string) {
			if text != "" {
				fmt.Fprintf(bw, "  %-11s %s\n", name, text)
			}
		}
		if g.NotRegistered != "" {
			line("note", g.NotRegistered+" (its varieties are counted together)")
		}
		if !export.InMoves(g.Kind) {
			line("graded", gradedLine(g))
		}
		line("tiers", countList(g.Tiers, g.TierOrder(), g.Records, 0, true)+without(g.Tiers, "no tier", g.Records))
		line("rating", spread(g.Rating, 10))
		if g.CutOff > 0 {
			line("at least", spread(g.RatingAtLeast, 10))
		}
		name := techniqueLabel(g.Kind)
		line("hardest", labeledList(g.Hardest, g.Hardest.Names(), name, g.Records, 10, true)+without(g.Hardest, "none", g.Records))
		line("uses", labeledList(g.Used, g.Used.Names(), name, g.Records, 10, true))
		line("givens", spread(g.Givens, 1))
		line("symmetry", symmetryText(g))
		line("minimal", minimalText(g))
		line("level", levelText(g))
		line("optimal", spread(g.Optimal, 1))
		if g.Length.Count() > 0 {
			line("bounded", fmt.Sprintf("%s not proven optimal: length %s; lower bound %s", numfmt.Int(g.Length.Count()), spread(g.Length, 1), spread(g.LowerBound, 1)))
		}
	}
	return bw.Flush()
}

// gradedLine says how many of g's records were rated, cut off, graded
// but not finished, and not graded.
func gradedLine(g *Group) string {
	return fmt.Sprintf("%s rated, %s cut off (rating_at_least), %s not finished (tier beyond, no rating), %s not graded",
		numfmt.Int(g.Rated), numfmt.Int(g.CutOff), numfmt.Int(g.Unfinished), numfmt.Int(g.Ungraded))
}

// symmetryText is the symmetry line of a block (the text's and the HTML
// report's): each symmetry, then the records without one.
func symmetryText(g *Group) string {
	return countList(g.Symmetry, g.Symmetry.Names(), g.Records, 0, true) + without(g.Symmetry, "not given", g.Records)
}

// minimalText is the minimal line of a block: minimal, not minimal, and
// the records that do not say ("" when none says).
func minimalText(g *Group) string {
	if g.Minimal+g.NotMin == 0 {
		return ""
	}
	text := fmt.Sprintf("%s (%s), not minimal %s (%s)", numfmt.Int(g.Minimal), percent(g.Minimal, g.Records), numfmt.Int(g.NotMin), percent(g.NotMin, g.Records))
	if n := g.Records - g.Minimal - g.NotMin; n > 0 {
		text += fmt.Sprintf(", not given %s (%s)", numfmt.Int(n), percent(n, g.Records))
	}
	return text
}

// levelText is the HoDoKu level line of a block: each level, easiest
// first, then the records without one.
func levelText(g *Group) string {
	return countList(g.Levels, levelOrder(g.Levels), g.Records, 0, true) + without(g.Levels, "no level", g.Records)
}

// without is the ", label n (p%)" that ends a line of counts of a
// one-valued field: the records without the field, of total; "" when
// every record has it, or none does (the line is then not written).
func without(c *Counts, label string, total int64) string {
	t := c.Total()
	if t == 0 || t >= total {
		return ""
	}
	return fmt.Sprintf(", %s %s (%s)", label, numfmt.Int(total-t), percent(total-t, total))
}

// countList writes "name n (p%), ..." for names (at most limit, 0: all),
// percentages of total.
func countList(c *Counts, names []string, total int64, limit int, pct bool) string {
	return labeledList(c, names, nil, total, limit, pct)
}

// labeledList is countList with each name written as label gives it
// (nil: as it is), names of equal counts then in the order of their
// labels.
func labeledList(c *Counts, names []string, label func(string) string, total int64, limit int, pct bool) string {
	if label != nil {
		names = slices.Clone(names)
		slices.SortStableFunc(names, func(a, b string) int {
			return cmp.Or(cmp.Compare(c.Get(b), c.Get(a)), strings.Compare(label(a), label(b)))
		})
	}
	var parts []string
	for i, n := range names {
		if limit > 0 && i == limit {
			parts = append(parts, fmt.Sprintf("... %d more", len(names)-limit))
			break
		}
		shown := n
		if label != nil {
			shown = label(n)
		}
		p := shown + " " + numfmt.Int(c.Get(n))
		if pct {
			p += " (" + percent(c.Get(n), total) + ")"
		}
		parts = append(parts, p)
	}
	if c.Other > 0 {
		p := "(other) " + numfmt.Int(c.Other)
		if pct {
			p += " (" + percent(c.Other, total) + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

// techniqueLabel is how the text names a technique of kind's records:
// by its name on the kind's own ladder where the kind has one
// (export.RecordKind.TechniqueName: a killer's "Innies and outies
// (several cells)"), as the HTML report's chart does; else (classic
// Sudoku and the variants, graded on SE's ladder) by its id, the word
// batch --requires and --hardest take. nil: every name as it is.
func techniqueLabel(kind string) func(string) string {
	k, known := export.KindOf(kind)
	if !known || k.TechniqueName == nil {
		return nil
	}
	return func(id string) string {
		if name, _, ok := k.TechniqueName(id); ok {
			return name
		}
		return id
	}
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
	med := strconv.FormatFloat(h.Median()/float64(unit), 'f', -1, 64)
	if h.Median() == math.Trunc(h.Median()) {
		med = f(int(h.Median())) // a value's own form: 2.0, 24
	}
	out := fmt.Sprintf("min %s  p25 %s  median %s  mean %.2f  p75 %s  p90 %s  max %s", f(lo), f(h.Quantile(0.25)), med, mean, f(h.Quantile(0.75)), f(h.Quantile(0.9)), f(hi))
	if h.Out > 0 {
		out += fmt.Sprintf("  (%s out of range)", numfmt.Int(h.Out))
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

// badLines says how many lines are not records: "1 line is not a
// record", "2,000 lines are not records".
func badLines(n int64) string {
	if n == 1 {
		return "1 line is not a record"
	}
	return numfmt.Int(n) + " lines are not records"
}

// otherGroups says that n records of groups past MaxGroups are counted
// but not described: "1 record ... is", "2 records ... are".
func otherGroups(n int64) string {
	if n == 1 {
		return fmt.Sprintf("1 record of a further kind and size is not described (more than %d groups)", MaxGroups)
	}
	return fmt.Sprintf("%s of further kinds and sizes are not described (more than %d groups)", records(n), MaxGroups)
}

// records counts records in words: "1 record", "2,000 records".
func records(n int64) string {
	if n == 1 {
		return "1 record"
	}
	return numfmt.Int(n) + " records"
}
