package grade

import (
	"math"
	"sort"
	"sync"
)

// Scan is the order in which a finder visits units, cells, digits and
// combinations. It decides which of several equally valid steps a finder
// reports first, so a profile that reproduces another program's solve path
// picks that program's order. The set of steps a finder can find does not
// depend on it beyond the pruning a scan order documents.
type Scan uint8

const (
	// ScanHoDoKu is HoDoKu's order (and sudogen's default): units boxes,
	// then rows, then columns where a technique looks at units; k-subsets
	// in lexicographic order; fish by digit, rows as base lines first; a
	// cell's peers row, column, box.
	ScanHoDoKu Scan = iota
	// ScanSE is Sudoku Explainer 1.2.1's order (SE-RULES.md section 0):
	// region order B (blocks, columns, rows) for singles and subsets, colex
	// combinations, fish by base-line combination with columns as base
	// lines first, house order (block, row, column) for wings, and SE's
	// pruning rules (subsets need 2k empty cells in the region, fish skip
	// digits already placed more than N-2k times).
	ScanSE
)

// scanOrder is everything a finder takes from its scan: the order in
// which it visits houses, cells, digits and combinations, the pruning the
// scan documents, and how the profile picks among the hits. Each finder is
// one search that reads these settings; HoDoKu's and SE's orders are the
// two rows of scanOrders, not two copies of a finder.
type scanOrder struct {
	// queues: the singles are read from HoDoKu's singles queues, oldest
	// first (taking an entry removes it), when the solving loop keeps
	// them (Profile.Prepare); otherwise houses are visited in order.
	queues bool
	// lastCellToFullHouse: a hidden single is not reported in a house
	// with one empty cell (SE leaves it to full house, its pass 2).
	lastCellToFullHouse bool
	// colex: k-subsets in colex order (the largest index varies
	// slowest) instead of lexicographic order.
	colex bool
	// subsetRoom: subsets are searched in houses with at least
	// subsetRoom*k empty cells (hidden subsets: more than that).
	subsetRoom int
	// subsetMin is the fewest candidates (places) a cell (digit) needs
	// to join a naked (hidden) subset.
	subsetMin int
	// sharedHouses: a naked subset clears every house its cells share
	// (and one of a box lying in a line that clears both is a locked
	// subset, reported by locked-pair and locked-triple, not here);
	// otherwise only the house it was found in.
	sharedHouses bool
	// lockedByPair: locked candidates visit crossing pairs by kind (SE:
	// box-column, box-row, column-box, row-box; then the first house,
	// the crossing house, the digit); otherwise by first house (boxes,
	// or rows then columns), then digit, then the crossing house.
	lockedByPair bool
	// fishByCombination: the fish search's basic fish (without fins) are
	// all collected and picked in SE's order, columns as base lines
	// first, then base-line combinations (colex), then digits, digits
	// placed more than N-2k times skipped on a classic frame; otherwise
	// the search's first hit is taken (digits, rows as base lines first,
	// combinations in lexicographic order: HoDoKu's).
	fishByCombination bool
	// fishMin is the fewest places of the digit a basic fish's base line
	// needs (HoDoKu takes a line with one).
	fishMin int
	// fishCellOrder lists a basic fish step's cells and eliminations in
	// cell order (HoDoKu's); otherwise base line by base line and cover
	// line by cover line (SE's).
	fishCellOrder bool
	// wingPeersByHouse: XY- and XYZ-Wing pincers are taken from the
	// pivot's peers in SE's house order (block, row, column, then the
	// layout's other houses and sees peers); otherwise in cell order.
	wingPeersByHouse bool
	// xyWingsByCells: XY-Wings are emitted by their three cells in cell
	// order, the pivot the first, second, then third of them (HoDoKu's
	// WingSolver); otherwise in the search's order (pivots, then pincers).
	xyWingsByCells bool
	// regionOrderB: singles and subsets visit the classic houses in SE's
	// region order B (blocks, columns, rows); otherwise blocks, rows,
	// columns (HoDoKu's order, and SE's order A).
	regionOrderB bool
}

// scanOrders holds the settings of each scan order.
var scanOrders = [...]scanOrder{
	ScanHoDoKu: {queues: true, subsetRoom: 1, subsetMin: 1, sharedHouses: true, fishMin: 1, fishCellOrder: true, xyWingsByCells: true},
	ScanSE:     {lastCellToFullHouse: true, colex: true, subsetRoom: 2, subsetMin: 2, lockedByPair: true, fishByCombination: true, fishMin: 2, wingPeersByHouse: true, regionOrderB: true},
}

// order returns the settings of the scan order sc.
func (sc Scan) order() *scanOrder { return &scanOrders[sc] }

// Technique is the descriptor of one solving technique: everything the
// grader knows about it. Both rating profiles are built from descriptors
// (a profile is an order of technique ids and a scan order, see
// Profile), so a technique's ratings, finder and wording live here and
// nowhere else.
type Technique struct {
	// ID is the stable kebab-case id used in records and step logs.
	ID string
	// Name is the display name.
	Name string
	// Family groups techniques by the file that implements them
	// ("singles", "fish", "chains", ...).
	Family string
	// SE is the technique's Sudoku Explainer rating: the base a finder
	// adds its length or size bonus to (0 when SE has no rule of its own).
	// SEByDetail gives the rating of steps whose Detail differs in rating
	// (a hidden single in a row rates 1.5, in a box 1.2). SENote says how
	// SE rates it otherwise or which bonus applies.
	SE         float64
	SEByDetail map[string]float64
	SENote     string
	// SEFixed says every step rates exactly SE (or its SEByDetail value):
	// no length or size bonus raises it (SE-RULES.md).
	SEFixed bool
	// HoDoKuScore and HoDoKuLevel are the technique's score and level in
	// HoDoKu 2.2.0 (0 and "" when HoDoKu has no such technique).
	HoDoKuScore int
	HoDoKuLevel string
	// HoDoKuName is the name HoDoKu 2.2.0 prints for the technique's
	// steps ("" when HoDoKu has no such technique).
	HoDoKuName string
	// Uniqueness marks techniques that assume a unique solution.
	Uniqueness bool
	// PlayPage marks techniques the HTML play page finds by itself in the
	// browser (its script implements them, in SE's order and words), so
	// their steps are not stored with the puzzle.
	PlayPage bool
	// Houses marks techniques whose finder works from the layout's houses
	// and sees relation alone (Grid.L), so they serve every layout. The
	// solving loop runs only these on a layout that is not Plain.
	Houses bool
	// Frame marks techniques that work on every layout with a classic
	// frame (Layout.Geo set): they read the frame's rows, columns and
	// boxes plus the layout's extra houses and sees relation. The
	// solving loop runs them on such layouts besides the Houses ones.
	Frame bool
	// MadeBy names the technique whose finder reports this technique's
	// steps when one search yields several ids (a unique loop search
	// reports unique rectangles too); empty when Find is the technique's
	// own.
	MadeBy string
	// Find searches g for the technique's steps in the scan order c.Scan,
	// under the run's options c, and calls emit for each (see Finder). Nil
	// when MadeBy is set.
	Find func(g *Grid, c *Ctx, emit func(*Step) bool)
	// Explain phrases a step of this technique, found in g before it is
	// applied, in a player's words. Nil: a generic text from the step's
	// chain, cells and result.
	Explain func(s *Step, g *Grid) string
}

// Finder returns the technique's finder for the scan order sc (nil when
// another technique's finder reports its steps).
func (t *Technique) Finder(sc Scan) Finder {
	if t.Find == nil {
		return nil
	}
	find := t.Find
	return FinderFunc(func(g *Grid, emit func(*Step) bool) { find(g, &Ctx{Scan: sc}, emit) })
}

// Ctx is what one solving run passes to every finder it calls: the scan
// order and the run's options (work budget, parallelism, whether to keep
// proofs) and the forcing-chain context of the current step. They travel
// through the call, never through the grid. The zero Ctx (plus a Scan) is
// a finder called on its own: no budget, sequential, no proofs.
type Ctx struct {
	// Scan is the profile's scan order.
	Scan Scan
	// KeepProofs asks the forcing-chain finders to build the proofs of
	// nested chains (Options.KeepSteps).
	KeepProofs bool
	// Parallel is Options.Parallel.
	Parallel int
	// work is the run's budget (Options.MaxWork); nil: unbounded.
	work *workBudget
	// fc is the forcing-chain context of the current step (nil: made on
	// first use).
	fc *fcContext
}

// SERating is the SE rating of a step of this technique with the given
// Detail (finders that add a bonus set Step.Difficulty themselves).
func (t *Technique) SERating(detail string) float64 {
	if d, ok := t.SEByDetail[detail]; ok {
		return d
	}
	return t.SE
}

// SERange returns the least and greatest SE rating of the technique's
// steps (hi is +Inf when a bonus can raise it); ok is false when SE has no
// rule of its own for it.
func (t *Technique) SERange() (lo, hi float64, ok bool) {
	if t.SE <= 0 {
		return 0, math.Inf(1), false
	}
	lo, hi = t.SE, t.SE
	for _, v := range t.SEByDetail {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if !t.SEFixed {
		hi = math.Inf(1)
	}
	return lo, hi, true
}

// HoDoKu level names.
const (
	LevelEasy    = "Easy"
	LevelMedium  = "Medium"
	LevelHard    = "Hard"
	LevelUnfair  = "Unfair"
	LevelExtreme = "Extreme"
)

// asChain is the SE note of techniques SE has no rule for.
const asChain = "SE finds it as a chain (X-/Y-cycle or forcing chain, 6.5-7.5)"

var (
	techMu    sync.Mutex
	techList  []*Technique
	techIndex = map[string]*Technique{}
)

// registerTechniques adds descriptors to the registry. Each family file
// calls it from an init function; ids must be new.
func registerTechniques(ts ...Technique) {
	techMu.Lock()
	defer techMu.Unlock()
	for i := range ts {
		t := &ts[i]
		if _, dup := techIndex[t.ID]; dup {
			panic("grade: technique id registered twice: " + t.ID)
		}
		if (t.Find == nil) == (t.MadeBy == "") {
			panic("grade: technique " + t.ID + " needs exactly one of Find and MadeBy")
		}
		techIndex[t.ID] = t
		techList = append(techList, t)
	}
}

// techByID returns the registered descriptor (shared; do not modify).
func techByID(id string) *Technique {
	techMu.Lock()
	defer techMu.Unlock()
	return techIndex[id]
}

// mustTech returns the descriptor of id or panics (finders look up the
// base rating they add a bonus to).
func mustTech(id string) *Technique {
	t := techByID(id)
	if t == nil {
		panic("grade: unknown technique " + id)
	}
	return t
}

// Techniques returns a copy of every registered descriptor: those of the
// HoDoKu profile in HoDoKu's solving order, then the others by SE rating
// and id.
func Techniques() []Technique {
	techMu.Lock()
	all := append([]*Technique(nil), techList...)
	techMu.Unlock()
	rank := map[string]int{}
	for i, id := range hodokuOrder {
		rank[id] = i + 1
	}
	sort.SliceStable(all, func(i, j int) bool {
		ri, rj := rank[all[i].ID], rank[all[j].ID]
		switch {
		case ri != 0 && rj != 0:
			return ri < rj
		case ri != 0 || rj != 0:
			return ri != 0
		case all[i].SE != all[j].SE:
			return all[i].SE < all[j].SE
		}
		return all[i].ID < all[j].ID
	})
	out := make([]Technique, len(all))
	for i, t := range all {
		out[i] = *t
	}
	return out
}

// TechniqueByID returns the descriptor with this id.
func TechniqueByID(id string) (Technique, bool) {
	t := techByID(id)
	if t == nil {
		return Technique{}, false
	}
	return *t, true
}
