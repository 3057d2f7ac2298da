package grade

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudogen/sudogen/sudoku"
)

// Fish: X-Wing, Swordfish, Jellyfish and their finned and sashimi forms,
// rows as base and columns as cover or the other way round. They work on
// every box shape.

var fishTechniques = []Technique{
	{ID: "x-wing", Name: "X-Wing", HoDoKuName: "X-Wing", Family: "fish", Frame: true, SEFixed: true, SE: 3.2, HoDoKuScore: 140, HoDoKuLevel: LevelHard, Find: fishFinder(2, fishBasic), Explain: explainFish},
	{ID: "swordfish", Name: "Swordfish", HoDoKuName: "Swordfish", Family: "fish", Frame: true, SEFixed: true, SE: 3.8, HoDoKuScore: 150, HoDoKuLevel: LevelHard, Find: fishFinder(3, fishBasic), Explain: explainFish},
	{ID: "jellyfish", Name: "Jellyfish", HoDoKuName: "Jellyfish", Family: "fish", Frame: true, SEFixed: true, SE: 5.2, HoDoKuScore: 160, HoDoKuLevel: LevelHard, Find: fishFinder(4, fishBasic), Explain: explainFish},
	{ID: "finned-x-wing", Name: "Finned X-Wing", HoDoKuName: "Finned X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 130, HoDoKuLevel: LevelHard, Find: fishFinder(2, fishFinned), Explain: explainFish},
	{ID: "sashimi-x-wing", Name: "Sashimi X-Wing", HoDoKuName: "Sashimi X-Wing", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 150, HoDoKuLevel: LevelHard, Find: fishFinder(2, fishSashimi), Explain: explainFish},
	{ID: "finned-swordfish", Name: "Finned Swordfish", HoDoKuName: "Finned Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 200, HoDoKuLevel: LevelUnfair, Find: fishFinder(3, fishFinned), Explain: explainFish},
	{ID: "sashimi-swordfish", Name: "Sashimi Swordfish", HoDoKuName: "Sashimi Swordfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 240, HoDoKuLevel: LevelUnfair, Find: fishFinder(3, fishSashimi), Explain: explainFish},
	{ID: "finned-jellyfish", Name: "Finned Jellyfish", HoDoKuName: "Finned Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 250, HoDoKuLevel: LevelUnfair, Find: fishFinder(4, fishFinned), Explain: explainFish},
	{ID: "sashimi-jellyfish", Name: "Sashimi Jellyfish", HoDoKuName: "Sashimi Jellyfish", Family: "fish", SEFixed: true, SENote: asChain, HoDoKuScore: 260, HoDoKuLevel: LevelUnfair, Find: fishFinder(4, fishSashimi), Explain: explainFish},
}

func init() { registerTechniques(fishTechniques...) }

// Fish kinds.
const (
	fishBasic = iota
	fishFinned
	fishSashimi
)

var fishTech = [3][5]string{
	{"", "", "x-wing", "swordfish", "jellyfish"},
	{"", "", "finned-x-wing", "finned-swordfish", "finned-jellyfish"},
	{"", "", "sashimi-x-wing", "sashimi-swordfish", "sashimi-jellyfish"},
}

// fishFinder returns the finder of fish of size k (2 X-Wing, 3 Swordfish,
// 4 Jellyfish) and kind: a digit's places in k base lines lie in k cross
// lines, so it leaves the rest of those cross lines (basic); or does so
// but for fins in one box, and then leaves the cover-line cells of that
// box (finned; sashimi when a base line keeps one candidate besides the
// fins).
//
// Basic fish are one search over base lines (findFish) in both scans;
// the scan says how the profile picks among its hits (SE: columns as base
// lines first, then base-line combinations in colex order, then digits,
// digits placed more than N-2k times skipped; HoDoKu: digits, rows first,
// combinations in lexicographic order, lines with one place allowed, cells
// listed in cell order). Finned and sashimi fish under HoDoKu's scan on
// grids of up to 9 digits are the general fish search's (fish_hodoku.go,
// which also finds Franken, mutant and Kraken fish), whose order and fin
// rules (up to five fins, HoDoKu's sashimi test) are HoDoKu's.
func fishFinder(k, kind int) func(*Grid, *Ctx, func(*Step) bool) {
	return func(g *Grid, c *Ctx, emit func(*Step) bool) {
		o := c.Scan.order()
		if kind != fishBasic && o.finsByUnits && g.Geo.N <= 9 {
			hodokuFish(g, k, fishCatBasic, false, true, kind == fishSashimi, emit)
			return
		}
		findFish(g, k, kind, o, emit)
	}
}

// fishCtx is the per-search state of one digit and one orientation.
type fishCtx struct {
	g      *Grid
	geo    *sudoku.Geometry
	k      int
	kind   int
	d      uint8
	colOff int // unit offset of the base lines: 0 rows, N columns
	span   int // most cross lines fins can add (0 for basic fish)
	cross  *[2][sudoku.MaxN][sudoku.MaxN]uint32
	pos    [sudoku.MaxN]uint32 // positions of d in each base line (cross indexes)
	lines  [sudoku.MaxN]int
	nl     int
	pick   [4]int
	emit   func(*Step) bool
	// cellOrder lists a step's cells and eliminations in cell order
	// (scanOrder.fishCellOrder); otherwise by base line and cover line.
	cellOrder bool
	// hits collects the basic fish when the scan picks among all of them
	// (scanOrder.fishByCombination); nil otherwise.
	hits *[]fishHit
}

// fishHit is one basic fish, kept to be ordered: the orientation, the
// base lines and their places, the digit and the cover lines.
type fishHit struct {
	colOff int
	pick   [4]int
	pos    [4]uint32
	d      uint8
	cover  uint32
}

// cell returns the cell at base line b, cross index x.
func (f *fishCtx) cell(b, x int) int {
	if f.colOff == 0 {
		return b*f.geo.N + x
	}
	return x*f.geo.N + b
}

// findFish is the base-line fish search: per digit (digits ascending),
// rows as base lines then columns, base-line combinations depth first in
// lexicographic order. Basic fish need each base line to hold the digit
// at least fishMin times; under scanOrder.fishByCombination every basic
// fish is collected and they are emitted in SE's order.
func findFish(g *Grid, k, kind int, o *scanOrder, emit func(*Step) bool) {
	geo := g.Geo
	n := geo.N
	f := &fishCtx{g: g, geo: geo, k: k, kind: kind, emit: emit, cross: fishCross(geo), cellOrder: o.fishCellOrder}
	var placed [sudoku.MaxN]int
	byComb := kind == fishBasic && o.fishByCombination
	if byComb {
		f.hits = new([]fishHit)
		for _, v := range g.Values {
			if v != 0 {
				placed[v-1]++
			}
		}
	}
	for d := uint8(1); d <= uint8(n); d++ {
		if byComb && placed[d-1]+2*k > n {
			continue
		}
		f.d = d
		for _, off := range []int{0, n} {
			f.colOff = off
			// fins lie in one box: at most span cross lines beyond the k
			// cover lines
			f.span = geo.BoxCols
			if off != 0 {
				f.span = geo.BoxRows
			}
			if kind == fishBasic {
				f.span = 0
			}
			f.nl = 0
			for b := 0; b < n; b++ {
				f.pos[b] = g.Positions(off+b, d)
				c := bits.OnesCount32(f.pos[b])
				if c == 0 || (kind == fishBasic && c < o.fishMin) || c > k+f.span {
					continue
				}
				f.lines[f.nl] = b
				f.nl++
			}
			if kind == fishBasic {
				if !f.rec(0, 0, 0) {
					return
				}
				continue
			}
			for fb := 0; fb < n; fb++ {
				if !f.recFinned(fb, 0, 0, 0, 0) {
					return
				}
			}
		}
	}
	if byComb {
		f.emitInSEOrder()
	}
}

// emitInSEOrder emits the collected basic fish in SE's order: columns as
// base lines before rows, then base-line combinations in colex order (the
// largest line varies slowest), then digits.
func (f *fishCtx) emitInSEOrder() {
	hs := *f.hits
	f.hits = nil
	slices.SortFunc(hs, func(a, b fishHit) int {
		if a.colOff != b.colOff {
			return b.colOff - a.colOff
		}
		for i := f.k - 1; i >= 0; i-- {
			if a.pick[i] != b.pick[i] {
				return a.pick[i] - b.pick[i]
			}
		}
		return int(a.d) - int(b.d)
	})
	for _, h := range hs {
		f.colOff, f.d = h.colOff, h.d
		copy(f.pick[:], h.pick[:])
		for i, b := range h.pick[:f.k] {
			f.pos[b] = h.pos[i]
		}
		if !f.basic(h.cover) {
			return
		}
	}
}

func (f *fishCtx) rec(start, depth int, union uint32) bool {
	if depth == f.k {
		return f.basic(union)
	}
	for i := start; i <= f.nl-(f.k-depth); i++ {
		u := union | f.pos[f.lines[i]]
		if bits.OnesCount32(u) > f.k+f.span {
			continue
		}
		f.pick[depth] = f.lines[i]
		if !f.rec(i+1, depth+1, u) {
			return false
		}
	}
	return true
}

// recFinned picks base lines for fin box fb: the candidates outside the
// box (which the cover lines must hold) may span at most k cross lines.
func (f *fishCtx) recFinned(fb, start, depth int, must, inBox uint32) bool {
	if depth == f.k {
		if inBox == 0 {
			return true
		}
		opt := inBox &^ must
		need := f.k - bits.OnesCount32(must)
		if need > bits.OnesCount32(opt) {
			return true
		}
		// every need-bit subset of opt (opt spans one box: a few bits)
		for sub := opt; ; sub = (sub - 1) & opt {
			if bits.OnesCount32(sub) == need && !f.finnedCover(fb, must|sub) {
				return false
			}
			if sub == 0 {
				break
			}
		}
		return true
	}
	cross := &f.cross[f.colOff/f.geo.N]
	for i := start; i <= f.nl-(f.k-depth); i++ {
		b := f.lines[i]
		in := f.pos[b] & cross[b][fb]
		m := must | f.pos[b]&^in
		if bits.OnesCount32(m) > f.k {
			continue
		}
		f.pick[depth] = b
		if !f.recFinned(fb, i+1, depth+1, m, inBox|in) {
			return false
		}
	}
	return true
}

func (f *fishCtx) isBase(b int) bool {
	for _, p := range f.pick[:f.k] {
		if p == b {
			return true
		}
	}
	return false
}

func (f *fishCtx) basic(cover uint32) bool {
	if bits.OnesCount32(cover) != f.k {
		return true
	}
	if f.hits != nil {
		h := fishHit{colOff: f.colOff, pick: f.pick, d: f.d, cover: cover}
		for i, b := range f.pick[:f.k] {
			h.pos[i] = f.pos[b]
		}
		*f.hits = append(*f.hits, h)
		return true
	}
	var el []Candidate
	bit := uint32(1) << (f.d - 1)
	for m := cover; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m)
		for b := 0; b < f.geo.N; b++ {
			if c := f.cell(b, x); f.g.Cand[c]&bit != 0 && !f.isBase(b) {
				el = append(el, Candidate{c, f.d})
			}
		}
	}
	if len(el) == 0 {
		return true
	}
	return f.emit(f.step(fishTech[fishBasic][f.k], cover, el, nil))
}

// crossUnit is the unit index of cross line x.
func (f *fishCtx) crossUnit(x int) int {
	if f.colOff == 0 {
		return f.geo.N + x
	}
	return x
}

func (f *fishCtx) step(tech string, cover uint32, el []Candidate, fins []Candidate) *Step {
	s := &Step{Tech: tech, Eliminations: el, Digits: []uint8{f.d}}
	for _, b := range f.pick[:f.k] {
		s.Units = append(s.Units, f.colOff+b)
	}
	for m := cover; m != 0; m &= m - 1 {
		s.Units = append(s.Units, f.crossUnit(bits.TrailingZeros32(m)))
	}
	for _, b := range f.pick[:f.k] {
		for m := f.pos[b]; m != 0; m &= m - 1 {
			c := f.cell(b, bits.TrailingZeros32(m))
			s.Cells = append(s.Cells, c)
			isFin := false
			for _, fc := range fins {
				isFin = isFin || fc.Cell == c
			}
			if !isFin {
				s.Support = append(s.Support, Candidate{c, f.d})
			}
		}
	}
	if len(fins) > 0 {
		s.Support = append(s.Support, fins...)
		s.Detail = "fins " + candNames(f.geo, fins)
	}
	if f.cellOrder {
		slices.Sort(s.Cells)
		byCell := func(a, b Candidate) int { return a.Cell - b.Cell }
		slices.SortFunc(s.Eliminations, byCell)
		slices.SortStableFunc(s.Support[:len(s.Support)-len(fins)], byCell)
	}
	return s
}

// boxCross returns, for base line b and box fb, the cross-line mask of
// the box's part of b (0 when b does not pass through fb).
func (f *fishCtx) boxCross(b, fb int) uint32 {
	geo := f.geo
	perRow := geo.N / geo.BoxCols // boxes per band
	band, stack := fb/perRow, fb%perRow
	if f.colOff == 0 {
		if b/geo.BoxRows != band {
			return 0
		}
		return (uint32(1)<<geo.BoxCols - 1) << (stack * geo.BoxCols)
	}
	if b/geo.BoxCols != stack {
		return 0
	}
	return (uint32(1)<<geo.BoxRows - 1) << (band * geo.BoxRows)
}

var (
	fishCrossMu  sync.Mutex
	fishCrossTab = map[*sudoku.Geometry]*[2][sudoku.MaxN][sudoku.MaxN]uint32{}
)

// fishCross returns the boxCross table of a geometry: [orientation][base
// line][box].
func fishCross(geo *sudoku.Geometry) *[2][sudoku.MaxN][sudoku.MaxN]uint32 {
	fishCrossMu.Lock()
	defer fishCrossMu.Unlock()
	if t, ok := fishCrossTab[geo]; ok {
		return t
	}
	t := new([2][sudoku.MaxN][sudoku.MaxN]uint32)
	f := &fishCtx{geo: geo}
	for o := 0; o < 2; o++ {
		f.colOff = o * geo.N
		for b := 0; b < geo.N; b++ {
			for fb := 0; fb < geo.N; fb++ {
				t[o][b][fb] = f.boxCross(b, fb)
			}
		}
	}
	fishCrossTab[geo] = t
	return t
}

func (f *fishCtx) finnedCover(fb int, cover uint32) bool {
	geo := f.geo
	minCount := sudoku.MaxN
	hasFin := false
	for _, b := range f.pick[:f.k] {
		in := bits.OnesCount32(f.pos[b] & cover)
		if in < minCount {
			minCount = in
		}
		hasFin = hasFin || f.pos[b]&^cover != 0
	}
	if !hasFin || minCount == 0 {
		return true
	}
	sashimi := minCount == 1
	if sashimi != (f.kind == fishSashimi) {
		return true
	}
	bit := uint32(1) << (f.d - 1)
	var el []Candidate
	for _, c := range geo.Units[2*geo.N+fb] {
		if f.g.Cand[c]&bit == 0 {
			continue
		}
		x, b := geo.Col[c], geo.Row[c]
		if f.colOff != 0 {
			x, b = b, x
		}
		if cover&(1<<x) != 0 && !f.isBase(b) {
			el = append(el, Candidate{c, f.d})
		}
	}
	if len(el) == 0 {
		return true
	}
	var fins []Candidate
	for _, b := range f.pick[:f.k] {
		for m := f.pos[b] &^ cover; m != 0; m &= m - 1 {
			fins = append(fins, Candidate{f.cell(b, bits.TrailingZeros32(m)), f.d})
		}
	}
	return f.emit(f.step(fishTech[f.kind][f.k], cover, el, fins))
}

// candNames prints candidates' cells, e.g. "r1c2 r3c4".
func candNames(geo *sudoku.Geometry, cs []Candidate) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		s += geo.CellName(c.Cell)
	}
	return s
}

// fishUnitNames names a fish step's base units (the first half of Units)
// and cover units (the second half).
func fishUnitNames(s *Step, geo *sudoku.Geometry) (base, cover []string) {
	k := len(s.Units) / 2
	for i, u := range s.Units {
		if i < k {
			base = append(base, geo.UnitName(u))
		} else {
			cover = append(cover, geo.UnitName(u))
		}
	}
	return base, cover
}

func explainFish(s *Step, g *Grid) string {
	geo := g.Geo
	base, cover := fishUnitNames(s, geo)
	d := sym(s.Digits[0])
	txt := fmt.Sprintf("in %s, %s can only go in %s", joinAnd(base), d, joinAnd(cover))
	if strings.HasPrefix(s.Tech, "finned") || strings.HasPrefix(s.Tech, "sashimi") {
		txt += fmt.Sprintf(" or in the fin cells (%s); either way %s is not in the cells of those %ss that share the fins' box", strings.TrimPrefix(s.Detail, "fins "), d, lineWord(cover))
	} else {
		txt += fmt.Sprintf(", so it leaves the rest of those %ss", lineWord(cover))
	}
	return txt + ": " + resultText(s, geo)
}
