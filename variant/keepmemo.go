package variant

// keepMemo remembers a steered dig's Keep answers for one full solution,
// keyed by the filled cells of the grid Keep was asked about. Every grid
// the dig hands Keep holds the solution's values (givens, and cells the
// closure of singles places, which are sound), so for one solution the
// filled cells say the whole grid, and Keep's answer, a function of the
// grid, is the same each time. The digs of one solution (Redigs of them,
// and a dig's redigs after swaps) meet the same closure again: 11% of
// the Keep calls of anti-knight --tier hard (20 records, 46,168 calls,
// 2026-12-04). Only boards of at most 128 frame cells are remembered.
//
// The table is open addressing over a power of two slots with a stamp
// per slot, so forgetting (a fresh solution) is one increment.
type keepMemo struct {
	keys  []set128
	stamp []uint32
	ok    []bool
	gen   uint32 // the stamp of the current solution's entries
	n     int    // entries of the current solution
	// open holds the filled cells of the current solution's grids the
	// logic closure left a cell open on (newest last, at most memoOpen).
	open []set128
	// seconds holds, per cell, the cells where each second solution the
	// dig's searches met for the current solution differs from it, for
	// those that differ on the cell (see refutes); nseconds counts the
	// solutions (at most memoSeconds).
	seconds  [128][]set128
	nseconds int
	// alts holds per cell (81-cell boards) the last solution the
	// uniqueness pass found with another value there, and the givens of
	// the puzzle it solved (altFor).
	alts []altEntry
	// uniques holds the givens of the current solution's puzzles the
	// uniqueness pass's searches proved unique (at most memoUniques; see
	// unique).
	uniques []set128
}

// The memo's slots, and the entries it takes per solution (beyond them
// Keep is asked as without it).
const (
	memoSlots = 1 << 12
	memoMax   = memoSlots * 3 / 4
	memoOpen  = 1 << 10
	// memoSeconds bounds the second solutions remembered per solution.
	memoSeconds = 1 << 10
	// memoUniques bounds the unique puzzles remembered per solution.
	memoUniques = 1 << 10
)

func newKeepMemo() *keepMemo {
	return &keepMemo{keys: make([]set128, memoSlots), stamp: make([]uint32, memoSlots),
		ok: make([]bool, memoSlots), gen: 1}
}

// reset forgets every answer (a fresh solution or geometry).
func (m *keepMemo) reset() {
	m.gen++
	m.n = 0
	m.open = m.open[:0]
	for c := range m.seconds {
		m.seconds[c] = m.seconds[c][:0]
	}
	m.nseconds = 0
	m.uniques = m.uniques[:0]
	if m.gen == 0 { // wrapped: old stamps could match again
		clear(m.stamp)
		m.gen = 1
	}
}

// slot returns where key is or would go.
func (m *keepMemo) slot(key set128) int {
	h := (key.lo*0x9E3779B97F4A7C15 ^ key.hi*0xC2B2AE3D27D4EB4F) >> (64 - 12)
	i := int(h)
	for m.stamp[i] == m.gen && m.keys[i] != key {
		i = (i + 1) & (memoSlots - 1)
	}
	return i
}

// ask returns keep's answer on grid (frame cells of the current
// solution, 0 empty), from the memo when it was asked before.
func (m *keepMemo) ask(keep func(*Geometry, []uint8) bool, g *Geometry, grid []uint8) bool {
	if m == nil || len(grid) > 128 {
		return keep(g, grid)
	}
	key := filled(grid)
	i := m.slot(key)
	if m.stamp[i] == m.gen {
		return m.ok[i]
	}
	ok := keep(g, grid)
	if m.n < memoMax {
		m.keys[i], m.stamp[i], m.ok[i] = key, m.gen, ok
		m.n++
	}
	return ok
}

// filled returns the filled cells of grid (at most 128 frame cells),
// read eight cells a word.
func filled(grid []uint8) set128 {
	var key set128
	for c := 0; c < len(grid); c += 8 {
		key = key.orShifted(^byteCells(cellsWord(grid, c), 0)&0xff, c)
	}
	return key
}

// logicOpen reports whether the logic closure leaves a cell open on the
// grid of the current solution whose filled cells are key, from an
// earlier grid it left open that holds all of them: the closure is the
// fixpoint of rules that only remove candidates, each still applying
// where a grid has fewer (the monotonicity logicRun's doc comment
// states), so a grid with fewer filled cells of the same solution
// reaches no more placements. The closure's other answers are not
// remembered. In a dig, a subset of an earlier grid comes only from
// another dig of the same solution (Redigs, swaps' redigs): 22% of
// anti-knight's closure calls (--tier hard, 15 makes, 2026-12-04), none
// of X's, jigsaw's or anti-king's.
func (m *keepMemo) logicOpen(key set128) bool {
	if m == nil {
		return false
	}
	for i := len(m.open) - 1; i >= 0; i-- {
		if key.andNot(m.open[i]).empty() {
			return true
		}
	}
	return false
}

// addOpen remembers key's grid as one the closure left open. The dig
// hands it the cells the closure placed on such a grid, not the grid's
// own: the closure of the grid those cells fill (the solution's values)
// stalls where the grid's did, as its start holds no fewer candidates
// than the stalled state, so a grid within them is open too (anti-knight
// --tier hard --count 100 --seed 2026, 2026-12-05: 22,784 of the
// closure's 71,317 calls answered from the memo, 21,290 with the
// grids' own cells).
func (m *keepMemo) addOpen(key set128) {
	if m != nil && len(m.open) < memoOpen {
		m.open = append(m.open, key)
	}
}

// refutes reports whether a second solution met before proves that
// puzzle (a subset of the current solution's givens, at most 128 frame
// cells, 0 on frame cell f) has a solution with another value on f
// than the solution's: one that differs from the solution on f and on
// no given of puzzle. Such a grid is a solution of every constraint of
// the board (a search found it) and agrees with every given, so it
// solves puzzle; the cells where a solution differs from another are
// what the classic generators call an unavoidable set. A dig's puzzles
// only lose givens, and its searches prefer the solution's values, so
// the sets are small and a set found for one removal often refutes a
// later one of another dig of the same solution (Redigs, swaps' redigs,
// Harden's moves). Counted on X --tier hard --count 400 --seed 2026
// (2026-12-05, the second solutions of the probes and uniqueness tests
// only): of 72,848 probes (twoWithin) that found a second solution,
// 30,529 were refuted so, and 3,529 of the 55,495 that found none
// within their bound; of the uniqueness pass's 11,711 searches (other)
// that found one, 3,273. docs/lab/variants.md, "Second solutions
// remembered".
func (m *keepMemo) refutes(puzzle []uint8, f int) bool {
	if m == nil || len(puzzle) > 128 || len(m.seconds[f]) == 0 {
		return false
	}
	givens := filled(puzzle)
	for _, d := range m.seconds[f] {
		if d.and(givens).empty() {
			return true
		}
	}
	return false
}

// addSecond remembers the second solution s's last search found (see
// Solver.second), when it kept one.
func (m *keepMemo) addSecond(s *Solver) {
	if m == nil || m.nseconds >= memoSeconds {
		return
	}
	d, ok := s.second()
	if !ok {
		return
	}
	m.nseconds++
	for x := d; !x.empty(); x = x.andNot(bit128(int(x.first()))) {
		c := x.first()
		m.seconds[c] = append(m.seconds[c], d)
	}
}

// altEntry is a solution the uniqueness pass found for a puzzle of the
// current solution without one given (keepMemo.alts).
type altEntry struct {
	gen    uint32 // the memo's stamp when it was found
	givens set128 // the puzzle's givens
	grid   [81]uint8
}

// addAlt remembers the solution of puzzle (81 cells, the current
// solution's givens, 0 on f) with another value on f that s's last
// other call found, when it was found by the search Solver.alternative
// runs (Solver.writeSecond).
func (m *keepMemo) addAlt(s *Solver, puzzle []uint8, f int) {
	if m == nil || len(puzzle) != 81 {
		return
	}
	if m.alts == nil {
		m.alts = make([]altEntry, 81)
	}
	a := &m.alts[f]
	if s.writeSecond(a.grid[:]) {
		a.gen, a.givens = m.gen, filled(puzzle)
	}
}

// altFor writes into out the solution addAlt remembered for puzzle (0
// on f) and cell f, and reports whether there was one: the one
// Solver.alternative would find for them, as the same search (the
// same engine, puzzle, cell, value and preferred solution) finds it.
// After a dig, Harden's walk asks for the same puzzles the pass just
// searched: the puzzle's givens each without one.
func (m *keepMemo) altFor(puzzle []uint8, f int, out []uint8) bool {
	if m == nil || m.alts == nil || len(puzzle) != 81 {
		return false
	}
	a := &m.alts[f]
	if a.gen != m.gen || a.givens != filled(puzzle) {
		return false
	}
	copy(out, a.grid[:])
	return true
}

// unique reports whether puzzle (a subset of the current solution's
// givens, at most 128 frame cells) holds every given of a puzzle the
// uniqueness pass proved unique before (addUnique): a puzzle with more
// givens of the same solution has no more solutions, so it is unique
// too. A dig's puzzles only lose givens, but another dig of the same
// solution (Redigs, a swap's or a kick's redig, Harden's moves) meets
// supersets of an earlier one's: counted on anti-knight --tier hard
// --count 100 --seed 2026 (2026-12-05), 4,701 of the pass's 14,653
// searches that proved a removal unique were of such puzzles.
func (m *keepMemo) unique(puzzle []uint8) bool {
	if m == nil || len(puzzle) > 128 || len(m.uniques) == 0 {
		return false
	}
	givens := filled(puzzle)
	for _, u := range m.uniques {
		if u.andNot(givens).empty() {
			return true
		}
	}
	return false
}

// addUnique remembers puzzle (as unique's) as one a search proved
// unique.
func (m *keepMemo) addUnique(puzzle []uint8) {
	if m != nil && len(puzzle) <= 128 && len(m.uniques) < memoUniques {
		m.uniques = append(m.uniques, filled(puzzle))
	}
}
