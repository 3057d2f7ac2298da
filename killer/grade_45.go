package killer

import (
	"fmt"
	"math/bits"
	"strings"
)

// The rule of 45: a house holds 1..N once, so its cells add up to
// T = N(N+1)/2 (45 on 9x9), and a union of k houses that do not overlap
// to kT. The cages wholly inside a region leave its innies with a known
// sum; the cages partly inside stick out with outies of a known sum.

// maxFactCells bounds the innie and outie sets the grader looks at (the
// rule of 45 with 1 to 4 cells, as SudokuWiki's solver does).
const maxFactCells = 5

type region struct {
	name   string
	cells  CellSet
	total  int
	houses []int
}

// regions lists the houses, the runs of 2..N-1 consecutive rows or
// columns, the pairs of neighbouring boxes and the other connected groups
// of three and four boxes (L shapes, 2x2 squares, T, S and L tetrominoes;
// a whole band or stack is a run of rows or columns already).
func regions(g *Geometry) []region {
	var out []region
	for h := range g.Houses {
		out = append(out, region{g.HouseName(h), g.HouseMask[h], g.Total(), []int{h}})
	}
	for i, base := range []int{0, g.N} {
		word := []string{"rows", "columns"}[i]
		for a := 0; a < g.N; a++ {
			r := g.HouseMask[base+a]
			hs := []int{base + a}
			for b := a + 1; b < g.N-1+a && b < g.N; b++ {
				r = r.Union(g.HouseMask[base+b])
				hs = append(hs, base+b)
				if b-a+1 == g.N {
					break
				}
				out = append(out, region{fmt.Sprintf("%s %d-%d", word, a+1, b+1), r, (b - a + 1) * g.Total(), append([]int(nil), hs...)})
			}
		}
	}
	perRow := g.N / g.Shape.BoxCols
	out = append(out, boxUnions(g)...)
	for b := 0; b < g.N; b++ {
		if b%perRow != perRow-1 { // right neighbour
			out = append(out, region{fmt.Sprintf("boxes %d+%d", b+1, b+2), g.HouseMask[2*g.N+b].Union(g.HouseMask[2*g.N+b+1]), 2 * g.Total(), []int{2*g.N + b, 2*g.N + b + 1}})
		}
		if b+perRow < g.N { // neighbour below
			out = append(out, region{fmt.Sprintf("boxes %d+%d", b+1, b+perRow+1), g.HouseMask[2*g.N+b].Union(g.HouseMask[2*g.N+b+perRow]), 2 * g.Total(), []int{2*g.N + b, 2*g.N + b + perRow}})
		}
	}
	return out
}

// boxUnions lists the connected groups of 3 or 4 boxes (neighbours share
// a side), except those that are a whole band or stack.
func boxUnions(g *Geometry) []region {
	perRow := g.N / g.Shape.BoxCols // boxes in a band
	perCol := g.N / g.Shape.BoxRows // boxes in a stack
	var out []region
	for set := 1; set < 1<<g.N; set++ {
		n := bits.OnesCount(uint(set))
		if n < 3 || n > 4 {
			continue
		}
		var boxes []int
		for b := 0; b < g.N; b++ {
			if set>>b&1 != 0 {
				boxes = append(boxes, b)
			}
		}
		// connected through side-sharing boxes
		seen := 1 << boxes[0]
		for grew := true; grew; {
			grew = false
			for _, b := range boxes {
				if seen>>b&1 != 0 {
					continue
				}
				for _, a := range boxes {
					if seen>>a&1 != 0 && (a/perRow == b/perRow && (a-b == 1 || b-a == 1) || a%perRow == b%perRow && (a-b == perRow || b-a == perRow)) {
						seen |= 1 << b
						grew = true
						break
					}
				}
			}
		}
		if seen != set {
			continue
		}
		sameBand, sameStack := true, true
		for _, b := range boxes {
			sameBand = sameBand && b/perRow == boxes[0]/perRow
			sameStack = sameStack && b%perRow == boxes[0]%perRow
		}
		if sameBand && n == perRow || sameStack && n == perCol {
			continue
		}
		var cells CellSet
		var hs []int
		names := make([]string, n)
		for i, b := range boxes {
			cells = cells.Union(g.HouseMask[2*g.N+b])
			hs = append(hs, 2*g.N+b)
			names[i] = fmt.Sprint(b + 1)
		}
		out = append(out, region{"boxes " + strings.Join(names, "+"), cells, n * g.Total(), hs})
	}
	return out
}

// regionFacts derives the sums of the rule of 45 for every region, once:
// they depend on the cages alone.
func regionFacts(p *Puzzle) []sumFact {
	g := p.Geo
	cageSets := make([]CellSet, len(p.Cages))
	for k, cg := range p.Cages {
		cageSets[k] = Set(cg.Cells)
	}
	var out []sumFact
	seen := map[CellSet]bool{}
	add := func(f sumFact) {
		if seen[f.set] {
			return
		}
		seen[f.set] = true
		f.cells = f.set.Cells()
		out = append(out, f)
	}
	for _, r := range regions(g) {
		in := 0
		inner := r.cells
		var outer CellSet
		var partial []int
		hiddenIn, hiddenPart := false, false // a cage hides its sum
		for k, cs := range cageSets {
			switch {
			case cs.SubsetOf(r.cells):
				inner = inner.Minus(cs)
				in += p.Cages[k].Sum
				hiddenIn = hiddenIn || p.Cages[k].Hidden()
			case !cs.Inter(r.cells).Empty():
				outer = outer.Union(cs.Minus(r.cells))
				partial = append(partial, k)
				hiddenPart = hiddenPart || p.Cages[k].Hidden()
			}
		}
		if hiddenIn {
			continue // neither the innies' sum nor the outies' is known
		}
		if hiddenPart {
			outer = CellSet{} // the outies' sum is not known
		}
		over := in
		for _, k := range partial {
			over += p.Cages[k].Sum
		}
		tech := func(n int) string {
			switch {
			case n == 1 && len(r.houses) == 1:
				return "innie-outie"
			case n == 1:
				return "innie-outie-union"
			case len(partial) == 1:
				return "cage-splitting"
			}
			return "innies-outies"
		}
		if n := inner.Len(); n >= 1 && n <= maxFactCells {
			word := "innie"
			if n > 1 {
				word = "innies"
			}
			why := fmt.Sprintf("%s of %s: %s = %d - %d", word, r.name, plusList(g, inner.Cells()), r.total, in)
			if tech(n) == "cage-splitting" {
				why = fmt.Sprintf("%s splits %s: %s = %d - %d", r.name, cageLabel(p, partial[0]), plusList(g, inner.Cells()), r.total, in)
			}
			add(sumFact{set: inner, sum: r.total - in, tech: tech(n), why: why, cage: -1, houses: r.houses, split: splitCage(tech(n), partial)})
		}
		if n := outer.Len(); n >= 1 && n <= maxFactCells {
			word := "outie"
			if n > 1 {
				word = "outies"
			}
			why := fmt.Sprintf("%s of %s (its cages add up to %d): %s = %d - %d", word, r.name, over, plusList(g, outer.Cells()), over, r.total)
			if tech(n) == "cage-splitting" {
				why = fmt.Sprintf("%s splits %s: %s = %d - %d", r.name, cageLabel(p, partial[0]), plusList(g, outer.Cells()), p.Cages[partial[0]].Sum, r.total-in)
			}
			add(sumFact{set: outer, sum: over - r.total, tech: tech(n), why: why, cage: -1, houses: r.houses, split: splitCage(tech(n), partial)})
		}
	}
	return out
}

// splitCage is the cage a fact of cage splitting splits, else -1.
func splitCage(tech string, partial []int) int {
	if tech == "cage-splitting" {
		return partial[0]
	}
	return -1
}

func cageLabel(p *Puzzle, k int) string {
	cg := p.Cages[k]
	return fmt.Sprintf("cage %s(%d) at %s", cg.SumText(), len(cg.Cells), p.Geo.CellName(cg.Cells[0]))
}

func plusList(g *Geometry, cells []int) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = g.CellName(c)
	}
	return strings.Join(s, " + ")
}

// innieOutie applies the first fact of the technique tech that removes a
// candidate: the fact's cells take only digits of some assignment with
// the right sum (digits distinct where cells see each other).
func (w *work) innieOutie(tech string) func() (Step, bool) {
	return func() (Step, bool) {
		for _, f := range w.facts {
			if f.tech != tech {
				continue
			}
			nc, ok := w.factCandidates(f)
			if !ok {
				continue
			}
			why := fmt.Sprintf("%s = %d", f.why, f.sum)
			if st, ok := w.restrictStep(tech, why, f.cells, nc); ok {
				if len(f.cells) == 1 && len(st.Placements) == 1 {
					st.Text = why // "innie of box 5: r4c6 = 45 - 38 = 7"
				}
				st.Houses, st.Cells = f.houses, f.cells
				if f.split >= 0 {
					st.Cages = []int{f.split}
				}
				return st, true
			}
		}
		return Step{}, false
	}
}

// factCandidates enumerates the assignments of the fact's cells (current
// candidates, the sum, distinct digits in cells that see each other) and
// returns per cell the digits some assignment uses; false if none.
func (w *work) factCandidates(f sumFact) ([]uint16, bool) {
	n := len(f.cells)
	out := make([]uint16, n)
	val := make([]int, n)
	found := false
	var rec func(i, s int)
	rec = func(i, s int) {
		if i == n {
			if s == f.sum {
				found = true
				for j := range val {
					out[j] |= 1 << (val[j] - 1)
				}
			}
			return
		}
		c := f.cells[i]
		for m := w.cand[c]; m != 0; m &= m - 1 {
			d := bitDigit(m & -m)
			if s+d+(n-i-1) > f.sum {
				break
			}
			ok := true
			for j := 0; j < i; j++ {
				if val[j] == d && w.sees[c].Has(f.cells[j]) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			val[i] = d
			rec(i+1, s+d)
		}
	}
	rec(0, 0)
	return out, found
}

func bitDigit(bit uint16) int {
	d := 1
	for bit > 1 {
		bit >>= 1
		d++
	}
	return d
}
