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
}

// The memo's slots, and the entries it takes per solution (beyond them
// Keep is asked as without it).
const (
	memoSlots = 1 << 12
	memoMax   = memoSlots * 3 / 4
)

func newKeepMemo() *keepMemo {
	return &keepMemo{keys: make([]set128, memoSlots), stamp: make([]uint32, memoSlots),
		ok: make([]bool, memoSlots), gen: 1}
}

// reset forgets every answer (a fresh solution or geometry).
func (m *keepMemo) reset() {
	m.gen++
	m.n = 0
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
	var key set128
	for f, v := range grid {
		if v != 0 {
			key = key.or(bit128(f))
		}
	}
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
