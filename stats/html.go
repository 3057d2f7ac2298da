package stats

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"sort"
	"strconv"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// maxTechniqueRows bounds the technique-frequency chart: the most used.
const maxTechniqueRows = 40

const reportCSS = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2330; background: #f6f7f9; margin: 0; }
main { max-width: 1360px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 21px; margin: 36px 0 8px; padding-top: 12px; border-top: 1px solid #d5d9e0; }
h3 { font-size: 15px; margin: 0 0 6px; color: #364152; }
p.sub { color: #5a6475; margin: 0 0 16px; }
table.facts { border-collapse: collapse; margin: 8px 0 16px; background: #fff; }
table.facts th, table.facts td { text-align: left; padding: 4px 14px 4px 10px; border-bottom: 1px solid #e6e8ec; vertical-align: top; }
table.facts th { color: #5a6475; font-weight: 600; white-space: nowrap; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(660px, 1fr)); gap: 18px; }
figure { margin: 0; background: #fff; border: 1px solid #e1e4e9; border-radius: 6px; padding: 12px 10px 8px; }
figure.wide { grid-column: 1 / -1; }
figcaption { font-size: 13px; color: #5a6475; margin-top: 4px; }
svg { max-width: 100%; height: auto; display: block; }
svg text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
svg .tick { font-size: 11px; fill: #5a6475; }
svg .label { font-size: 12px; fill: #1d2330; }
svg .value { font-size: 11px; fill: #1d2330; }
svg .axis { font-size: 12px; fill: #364152; }
svg .grid { stroke: #e6e8ec; stroke-width: 1; }
svg .axisline { stroke: #8a93a3; stroke-width: 1; }
.bad { color: #a02c2c; }
`

// WriteHTML writes the summary as one self-contained HTML page (inline
// CSS and SVG, no script, nothing fetched): for each kind and size, a
// table of facts and the plots: tiers, ratings, technique frequency,
// givens, and rating against givens (Sudoku); tiers and solution lengths
// (slide).
func WriteHTML(w io.Writer, s *Stats) error {
	bw := bufio.NewWriter(w)
	p := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	e := html.EscapeString
	p("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	p("<title>%s: corpus report</title>\n<style>%s</style>\n</head>\n<body>\n<main>\n", e(s.Name), reportCSS)
	p("<h1>Corpus report</h1>\n<p class=\"sub\">%s: %s", e(s.Name), records(s.Records))
	if s.Kinds.Len() > 1 {
		p(" (%s)", e(countList(s.Kinds, s.Kinds.Names(), s.Records, 0, false)))
	}
	p(". Made by <code>sudogen stats --html</code>.</p>\n")
	if s.Bad > 0 {
		p("<p class=\"bad\">%s; the first: %s</p>\n", badLines(s.Bad), e(s.BadLines[0]))
	}
	if s.OtherGroups > 0 {
		p("<p class=\"bad\">%s.</p>\n", html.EscapeString(otherGroups(s.OtherGroups)))
	}
	for _, g := range s.Groups {
		writeGroupHTML(bw, g)
	}
	p("</main>\n</body>\n</html>\n")
	return bw.Flush()
}

func writeGroupHTML(bw *bufio.Writer, g *Group) {
	p := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	e := html.EscapeString
	p("<section>\n<h2>%s <small>(%s)</small></h2>\n<table class=\"facts\">\n", e(g.Label()), records(g.Records))
	row := func(name, text string) {
		if text != "" {
			p("<tr><th>%s</th><td>%s</td></tr>\n", e(name), e(text))
		}
	}
	if g.NotRegistered != "" {
		row("note", g.NotRegistered+" (its varieties are counted together)")
	}
	if !export.InMoves(g.Kind) {
		row("graded", gradedLine(g))
	}
	row("rating", spread(g.Rating, 10))
	if g.CutOff > 0 {
		row("rating at least", spread(g.RatingAtLeast, 10))
	}
	row("givens", spread(g.Givens, 1))
	// the same lines as the text's: each adds up to the block's records
	row("symmetry", symmetryText(g))
	row("minimal", minimalText(g))
	row("HoDoKu level", levelText(g))
	row("optimal length", spread(g.Optimal, 1))
	if g.Length.Count() > 0 {
		row("bounded", fmt.Sprintf("%s not proven optimal: length %s; lower bound %s", numfmt.Int(g.Length.Count()), spread(g.Length, 1), spread(g.LowerBound, 1)))
	}
	p("</table>\n<div class=\"charts\">\n")
	fig := func(class, title, svg, caption string) {
		p("<figure%s>\n<h3>%s</h3>\n%s\n", class, e(title), svg)
		if caption != "" {
			p("<figcaption>%s</figcaption>\n", e(caption))
		}
		p("</figure>\n")
	}
	if g.Tiers.Len() > 0 {
		order := g.TierOrder()
		colors := tierColors(order)
		var bars []bar
		for i, t := range order {
			note := ""
			if m := g.tierRating[t]; m != nil {
				what := "mean rating"
				if export.InMoves(g.Kind) {
					what = "mean length"
				}
				note = fmt.Sprintf("; %s %.2f", what, m.sum/float64(m.n))
			}
			bars = append(bars, bar{label: t, n: g.Tiers.Get(t), color: colors[i], note: note})
		}
		if g.Tiers.Other > 0 {
			bars = append(bars, bar{label: "(other)", n: g.Tiers.Other, color: "#8a93a3"})
		}
		caption := "Easiest first (by mean rating, or mean length for sliding puzzles)."
		if n := g.Records - g.Tiers.Total(); n > 0 {
			// the bars' shares are of every record: say where the rest are
			have := "have"
			if n == 1 {
				have = "has"
			}
			caption += fmt.Sprintf(" %s of the %s (%s) %s no tier.", numfmt.Int(n), records(g.Records), percent(n, g.Records), have)
		}
		fig("", "Tiers", barChart("Puzzles per tier", "puzzles", bars, g.Records), caption)
	}
	sc := scaleOf(g.Kind)
	if g.Rating.Count() > 0 {
		fig("", sc.title, histChart("Puzzles per "+sc.short, sc.axis, g.Rating, 10),
			fmt.Sprintf("One bar per rating (0.1 steps); %s.", countOf(g.Rating.Count(), "rated puzzle")))
	}
	if g.Givens.Count() > 0 {
		fig("", "Givens", histChart("Puzzles per number of givens", "givens", g.Givens, 1), "")
	}
	if len(g.Sample) > 0 {
		fig("", "Rating against givens", scatterChart(sc.short+" against givens", sc.short, g.Sample),
			fmt.Sprintf("A uniform sample of %s of the %s rated puzzles (reservoir sampling); each dot is moved at random within its givens and 0.1-rating cell so equal values do not hide each other.", numfmt.Int(int64(len(g.Sample))), numfmt.Int(g.seen)))
	}
	if g.Optimal.Count() > 0 {
		fig("", "Optimal solution length", histChart("Boards per optimal length", "moves", g.Optimal, 1), "")
	}
	if g.Length.Count() > 0 {
		fig("", "Bounded solutions: proven lower bound", histChart("Boards per lower bound", "moves (lower bound)", g.LowerBound, 1), "")
	}
	if g.Used.Len() > 0 {
		chart, unrated := techniqueChart(g)
		order := "in the order of their SE rating"
		if k, _ := export.KindOf(g.Kind); sc.short != "SE rating" && k.TechniqueName != nil {
			order = fmt.Sprintf("in the order of their rating on the %s scale", g.Kind)
		} else if sc.short != "SE rating" {
			// the kind's own techniques have no SE rating: last, by id
			order = fmt.Sprintf("in the order of their SE rating, then the %s techniques in alphabetical order", g.Kind)
		} else if unrated > 0 {
			// HoDoKu's techniques that SE rates as the chain it finds
			order += ", then those SE has no rating for (it finds them as chains) in alphabetical order"
		}
		fig(` class="wide"`, "Technique frequency", chart,
			fmt.Sprintf("The %d techniques most used, %s; the light bar is the share of graded puzzles whose solve path uses the technique, the dark one the share whose hardest step it is.", min(g.Used.Len(), maxTechniqueRows), order))
	}
	p("</div>\n</section>\n")
}

// techniqueOf names technique id of kind's ladder and gives its rating:
// the kind's own (export.RecordKind.TechniqueName, a killer's ladder on
// the killer scale), else grade's SE ladder. ok is false for an id
// neither knows.
func techniqueOf(kind, id string) (name string, rating float64, ok bool) {
	if k, known := export.KindOf(kind); known && k.TechniqueName != nil {
		return k.TechniqueName(id)
	}
	if d, known := grade.TechniqueByID(id); known {
		return d.Name, d.SE, true
	}
	return "", 0, false
}

// techniqueChart draws the most used techniques, easiest first by their
// rating on the kind's scale (SE's for classic Sudoku and the variants),
// and returns how many of them have no rating there: those come last,
// by name (HoDoKu's skyscraper or AIC, which SE rates as the chain it finds
// instead; they came first, as if rated 0.0, until 2026-12-07).
func techniqueChart(g *Group) (string, int) {
	names := g.Used.Names()
	if len(names) > maxTechniqueRows {
		names = names[:maxTechniqueRows]
	}
	type tech struct {
		id, name string
		se       float64
	}
	var ts []tech
	unrated := 0
	for _, id := range names {
		t := tech{id: id, name: id, se: 99}
		if name, rating, ok := techniqueOf(g.Kind, id); ok {
			t.name = name
			if rating > 0 {
				t.se = rating
			}
		}
		if t.se == 99 {
			unrated++
		}
		ts = append(ts, t)
	}
	sort.SliceStable(ts, func(i, j int) bool {
		if ts[i].se != ts[j].se {
			return ts[i].se < ts[j].se
		}
		if ts[i].se == 99 && ts[i].name != ts[j].name {
			return ts[i].name < ts[j].name // unrated: alphabetical, as the reader sees them
		}
		return ts[i].id < ts[j].id
	})
	var rows []hbar
	for _, t := range ts {
		label := t.name
		if t.se != 99 {
			label += " (" + strconv.FormatFloat(t.se, 'f', 1, 64) + ")"
		}
		rows = append(rows, hbar{label: label, n: g.Used.Get(t.id), inner: g.Hardest.Get(t.id), title: t.id})
	}
	return hbarChart("Technique frequency", rows, g.Graded(), "puzzles using it", "puzzles whose hardest step it is"), unrated
}

// ratingScale is how a group's rating charts name the scale its
// ratings are on.
type ratingScale struct {
	title, axis, short string
}

// scaleOf is the scale of kind's ratings: Sudoku Explainer's for
// classic Sudoku, the variants (export.RecordKind.Rated) and a kind not
// registered here (read as sudoku's records are), else the kind's own
// (a killer's: the se format refuses them, export.NotSE). A killer's
// rating chart was titled "Sudoku Explainer rating" until 2026-12-07.
func scaleOf(kind string) ratingScale {
	k, ok := export.KindOf(kind)
	if !ok || export.HoldsGrid(kind) || k.Rated {
		return ratingScale{"Sudoku Explainer rating", "SE rating (ER)", "SE rating"}
	}
	return ratingScale{"Rating (" + kind + " scale)", "rating (" + kind + " scale)", "rating"}
}

// countOf is n, with thousands separators, and the noun, plural unless
// n is 1: "1 rated puzzle", "2,000 rated puzzles".
func countOf(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return numfmt.Int(n) + " " + noun + "s"
}
