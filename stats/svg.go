package stats

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/tiers"
)

// The charts of the HTML report: plain SVG, sized in CSS pixels, styled
// by the page's stylesheet (classes), no script.

const (
	chartW   = 640
	chartH   = 280
	marginL  = 58
	marginR  = 16
	marginT  = 14
	marginB  = 44
	plotW    = chartW - marginL - marginR
	plotH    = chartH - marginT - marginB
	barColor = "#3b6ea8"
)

// svgOpen starts an SVG of the given height with an accessible title.
func svgOpen(b *strings.Builder, w, h int, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s"><title>%s</title>`,
		w, h, w, h, html.EscapeString(title), html.EscapeString(title))
}

// niceStep returns a tick step (1, 2 or 5 times a power of ten) giving
// about n ticks up to max.
func niceStep(max float64, n int) float64 {
	if max <= 0 {
		return 1
	}
	raw := max / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// yAxis draws horizontal grid lines and count labels for 0..max and
// returns the scale's top.
func yAxis(b *strings.Builder, max float64, label string) float64 {
	step := math.Max(niceStep(max, 5), 1) // counts: whole ticks
	top := math.Ceil(max/step) * step
	if top == 0 {
		top = 1
	}
	for v := 0.0; v <= top+step/2; v += step {
		y := marginT + plotH - v/top*plotH
		fmt.Fprintf(b, `<line class="grid" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>`, marginL, y, marginL+plotW, y)
		fmt.Fprintf(b, `<text class="tick" x="%d" y="%.1f" text-anchor="end">%s</text>`, marginL-6, y+4, tickLabel(v))
	}
	fmt.Fprintf(b, `<text class="axis" transform="translate(14 %d) rotate(-90)" text-anchor="middle">%s</text>`, marginT+plotH/2, html.EscapeString(label))
	return top
}

// tickLabel writes a count compactly: 1200, 15k, 2.5M.
func tickLabel(v float64) string {
	switch {
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', -1, 64) + "M"
	case v >= 1e4:
		return strconv.FormatFloat(v/1e3, 'f', -1, 64) + "k"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// bar is one bar of a bar chart.
type bar struct {
	label string
	n     int64
	color string
	note  string // shown in the bar's tooltip
}

// barChart draws labelled vertical bars (few: tiers, levels), each with
// its count and share above it.
func barChart(title, yLabel string, bars []bar, total int64) string {
	var b strings.Builder
	svgOpen(&b, chartW, chartH, title)
	var max int64
	for _, x := range bars {
		max = maxInt64(max, x.n)
	}
	top := yAxis(&b, float64(max), yLabel)
	slot := float64(plotW) / float64(len(bars))
	w := math.Min(slot*0.7, 90)
	for i, x := range bars {
		h := float64(x.n) / top * plotH
		cx := marginL + slot*(float64(i)+0.5)
		y := marginT + plotH - h
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: %s (%s)%s</title></rect>`,
			cx-w/2, y, w, h, x.color, html.EscapeString(x.label), numfmt.Int(x.n), percent(x.n, total), html.EscapeString(x.note))
		fmt.Fprintf(&b, `<text class="value" x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, cx, y-4, percent(x.n, total))
		fmt.Fprintf(&b, `<text class="label" x="%.1f" y="%d" text-anchor="middle">%s</text>`, cx, marginT+plotH+16, html.EscapeString(shorten(x.label, int(slot/7))))
		fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, cx, marginT+plotH+30, numfmt.Int(x.n))
	}
	axisLine(&b)
	b.WriteString("</svg>")
	return b.String()
}

// histChart draws a histogram of h over [lo, hi], one bar a value; unit
// divides values for the axis (10: tenths of a rating). xLabel names the
// values.
func histChart(title, xLabel string, h *Histogram, unit int) string {
	lo, hi := h.Range()
	var b strings.Builder
	svgOpen(&b, chartW, chartH, title)
	if hi < lo {
		b.WriteString("</svg>")
		return b.String()
	}
	if unit == 10 { // whole ratings at both ends
		lo, hi = lo/10*10, (hi+9)/10*10
	}
	var max int64
	for v := lo; v <= hi; v++ {
		max = maxInt64(max, h.N[v])
	}
	top := yAxis(&b, float64(max), "puzzles")
	slot := float64(plotW) / float64(hi-lo+1)
	for v := lo; v <= hi; v++ {
		n := h.N[v]
		if n == 0 {
			continue
		}
		bh := float64(n) / top * plotH
		x := marginL + slot*float64(v-lo)
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"><title>%s: %s</title></rect>`,
			x+slot*0.08, marginT+plotH-bh, math.Max(slot*0.84, 0.8), bh, barColor, valueLabel(v, unit), numfmt.Int(n))
	}
	// Ticks: about ten along the axis, on whole units.
	span := float64(hi-lo+1) / float64(unit)
	step := math.Max(niceStep(span, 10), 1) * float64(unit)
	first := int(math.Ceil(float64(lo)/step) * step)
	for v := first; v <= hi; v += int(step) {
		x := marginL + slot*(float64(v-lo)+0.5)
		fmt.Fprintf(&b, `<line class="axisline" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x, marginT+plotH, x, marginT+plotH+4)
		fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, marginT+plotH+16, valueLabel(v, unit))
	}
	fmt.Fprintf(&b, `<text class="axis" x="%d" y="%d" text-anchor="middle">%s</text>`, marginL+plotW/2, chartH-6, html.EscapeString(xLabel))
	axisLine(&b)
	b.WriteString("</svg>")
	return b.String()
}

func valueLabel(v, unit int) string {
	if unit == 10 {
		return strconv.FormatFloat(float64(v)/10, 'f', 1, 64)
	}
	return strconv.Itoa(v)
}

// hbar is one row of a horizontal bar chart: a share and, inside it, a
// second share (drawn darker).
type hbar struct {
	label    string
	n, inner int64
	title    string
}

// hbarChart draws horizontal bars of n/total, each with inner/total
// overlaid: technique frequency (puzzles using it, and those whose
// hardest step it is).
func hbarChart(title string, rows []hbar, total int64, nLabel, innerLabel string) string {
	const rowH, labelW, right, width = 18, 300, 70, 1000
	h := marginT + rowH*len(rows) + 40
	var b strings.Builder
	svgOpen(&b, width, h, title)
	w := float64(width - labelW - right)
	for i, r := range rows {
		y := float64(marginT + i*rowH)
		frac := float64(r.n) / float64(maxInt64(total, 1))
		in := float64(r.inner) / float64(maxInt64(total, 1))
		fmt.Fprintf(&b, `<text class="label" x="%d" y="%.1f" text-anchor="end">%s</text>`, labelW-8, y+13, html.EscapeString(shorten(r.label, 46)))
		fmt.Fprintf(&b, `<rect x="%d" y="%.1f" width="%.2f" height="%d" fill="#9dbbe0"><title>%s: %s %s (%s), %s %s (%s)</title></rect>`,
			labelW, y+2, frac*w, rowH-4, html.EscapeString(r.title), numfmt.Int(r.n), nLabel, percent(r.n, total), numfmt.Int(r.inner), innerLabel, percent(r.inner, total))
		if r.inner > 0 {
			fmt.Fprintf(&b, `<rect x="%d" y="%.1f" width="%.2f" height="%d" fill="%s"/>`, labelW, y+2, math.Max(in*w, 1), rowH-4, barColor)
		}
		fmt.Fprintf(&b, `<text class="value" x="%.1f" y="%.1f">%s</text>`, float64(labelW)+frac*w+4, y+13, percent(r.n, total))
	}
	ly := marginT + rowH*len(rows) + 14
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="10" fill="#9dbbe0"/><text class="tick" x="%d" y="%d">%s</text>`, labelW, ly, labelW+16, ly+9, html.EscapeString(nLabel))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="10" fill="%s"/><text class="tick" x="%d" y="%d">%s</text>`, labelW+220, ly, barColor, labelW+236, ly+9, html.EscapeString(innerLabel))
	b.WriteString("</svg>")
	return b.String()
}

// scatterChart draws sampled (givens, rating) points. Both are discrete
// (whole givens, ratings in tenths), so each point is jittered inside its
// cell, by a hash of its position in the sample (the same report every
// time), and drawn translucent: dense cells look dark.
func scatterChart(title, yLabel string, pts []Point) string {
	var b strings.Builder
	svgOpen(&b, chartW, chartH, title)
	if len(pts) == 0 {
		b.WriteString("</svg>")
		return b.String()
	}
	gLo, gHi := pts[0].Givens, pts[0].Givens
	rHi := pts[0].Rating
	for _, p := range pts {
		gLo, gHi = min(gLo, p.Givens), max(gHi, p.Givens)
		rHi = math.Max(rHi, p.Rating)
	}
	gLo, gHi = gLo-1, gHi+1
	rTop := math.Ceil(rHi)
	if rTop < 1 {
		rTop = 1
	}
	x := func(g float64) float64 { return marginL + (g-float64(gLo))/float64(gHi-gLo)*plotW }
	y := func(r float64) float64 { return marginT + plotH - r/rTop*plotH }
	rStep := math.Max(niceStep(rTop, 8), 1)
	for r := 0.0; r <= rTop+1e-9; r += rStep {
		fmt.Fprintf(&b, `<line class="grid" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>`, marginL, y(r), marginL+plotW, y(r))
		fmt.Fprintf(&b, `<text class="tick" x="%d" y="%.1f" text-anchor="end">%s</text>`, marginL-6, y(r)+4, strconv.FormatFloat(r, 'f', -1, 64))
	}
	gStep := math.Max(niceStep(float64(gHi-gLo), 10), 1)
	for g := math.Ceil(float64(gLo)/gStep) * gStep; g <= float64(gHi); g += gStep {
		fmt.Fprintf(&b, `<line class="axisline" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(g), marginT+plotH, x(g), marginT+plotH+4)
		fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x(g), marginT+plotH+16, strconv.FormatFloat(g, 'f', -1, 64))
	}
	r, opacity := dotLook(len(pts))
	fmt.Fprintf(&b, `<g fill="%s" fill-opacity="%.2f">`, barColor, opacity)
	for i, p := range pts {
		jx, jy := jitter(uint64(i))
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f"/>`, x(float64(p.Givens)+0.7*jx), y(p.Rating+0.08*jy), r)
	}
	b.WriteString(`</g>`)
	fmt.Fprintf(&b, `<text class="axis" x="%d" y="%d" text-anchor="middle">givens</text>`, marginL+plotW/2, chartH-6)
	fmt.Fprintf(&b, `<text class="axis" transform="translate(14 %d) rotate(-90)" text-anchor="middle">%s</text>`, marginT+plotH/2, html.EscapeString(yLabel))
	axisLine(&b)
	b.WriteString("</svg>")
	return b.String()
}

// dotLook is the radius and opacity of a scatter chart's n dots:
// translucent enough in a big sample that dense cells look dark, and
// solid enough in a small one to be seen at all (five dots at 0.28 were
// all but invisible).
func dotLook(n int) (r, opacity float64) {
	r = 2.2
	switch {
	case n > 3000:
		r = 1.6
	case n <= 200:
		r = 2.8
	}
	return r, math.Max(0.28, math.Min(0.85, 8/math.Sqrt(float64(n))))
}

// jitter returns two offsets in [-0.5, 0.5) from i (splitmix64).
func jitter(i uint64) (float64, float64) {
	z := i*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return float64(z&0xffff)/65536 - 0.5, float64((z>>16)&0xffff)/65536 - 0.5
}

func axisLine(b *strings.Builder) {
	fmt.Fprintf(b, `<line class="axisline" x1="%d" y1="%d" x2="%d" y2="%d"/>`, marginL, marginT+plotH, marginL+plotW, marginT+plotH)
	fmt.Fprintf(b, `<line class="axisline" x1="%d" y1="%d" x2="%d" y2="%d"/>`, marginL, marginT, marginL, marginT+plotH)
}

// shorten cuts s to n runes with an ellipsis.
func shorten(s string, n int) string {
	if n < 4 {
		n = 4
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func maxInt64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// tierColors colours a group's tiers, in the order given, from green
// (easiest) to red (hardest): the built-in tiers by their place in the
// whole ladder (easy to beyond), so a tier has one colour in every
// group; tiers of another table (--tiers) by their place in the group.
// Until 2026-12-07 every group spread its own tiers over the colours: a
// slide group of hard and expert boards drew hard in easy's green.
func tierColors(order []string) []string {
	ladder := tiers.Order
	for _, t := range order {
		if !slices.Contains(ladder, t) {
			ladder = order
			break
		}
	}
	out := make([]string, len(order))
	for i, t := range order {
		out[i] = tierColor(slices.Index(ladder, t), len(ladder))
	}
	return out
}

// tierColor colours tier i of n from green (easiest) to red (hardest).
func tierColor(i, n int) string {
	if n <= 1 {
		return barColor
	}
	t := float64(i) / float64(n-1)
	hue := 130 - 130*t
	return fmt.Sprintf("hsl(%.0f, 55%%, 45%%)", hue)
}
