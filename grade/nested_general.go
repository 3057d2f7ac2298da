package grade

import "slices"

// The nesting levels' advanced rules on a board SukakuExplainer does not
// treat as a Latin square with boxes: a layout with typed extra houses or
// sees pairs (SetHouseTypes; Settings.isVLatin is false there for X,
// windoku, disjoint groups, asterisk, girandola, center dot, anti-king and
// anti-knight, alone or with others). Its Chaining.getAdvancedPotentials
// then runs, in order, VLocking (generalized intersections), HiddenSet(2),
// NakedSetGen(2) (a generalized naked pair) and Fisherman(2) (X-Wing), so
// ours do too (genLevelRules). Both generalized rules remove what every
// cell of the pattern that may hold the digit sees, a knight's or king's
// move and every house included, where SE's locking and naked pair remove
// along one house only.
//
// Each hint's eliminations are listed in the order SukakuExplainer's
// HashMap of cells gives them (hashMapOrder): they enter the propagation
// in that order.

// genLevelRules are levelRules for a typed layout: generalized locking and
// naked pair in place of SE's.
var genLevelRules = func() [6][]uint8 {
	var out [6][]uint8
	for lv, rules := range levelRules {
		for _, r := range rules {
			switch r {
			case advLocking:
				r = advGenLocking
			case advNakedPair:
				r = advGenNakedPair
			}
			out[lv] = append(out[lv], r)
		}
	}
	return out
}()

// The ids of the generalized rules in explanations (basicRules), and
// their names.
const (
	genLockingID   = "generalized-intersection"
	genNakedPairID = "generalized-naked-pair"
)

// ruleName names advanced rule id (basicRules) in an explanation.
func ruleName(id string) string {
	switch id {
	case genLockingID:
		return "Generalized Intersection"
	case genNakedPairID:
		return "Generalized Naked Pair"
	}
	return techName(id)
}

// genRuleRef is the nested reference of a generalized rule's off nodes.
func genRuleRef(rule uint8) int32 {
	if rule == advGenLocking {
		return basicRuleRef(genLockingID)
	}
	return basicRuleRef(genNakedPairID)
}

// genRules reports whether the nesting levels on c's layout use the
// generalized rules (genLevelRules): its extra houses are typed.
func genRules(c *chainer) bool { return c.g.lay().rating() != nil }

// genEntries runs generalized rule rule (advGenLocking or
// advGenNakedPair) on c's working grid and returns its off nodes
// (ctx.vict is their scratch cell set).
func (ctx *fcContext) genEntries(rule uint8, c *chainer) []advEntry {
	if ctx.spend(len(c.cand)) {
		return nil
	}
	if w := len(c.t.peerMask[0]); len(ctx.vict) != w {
		ctx.vict = make(cellSet, w)
	}
	if rule == advGenLocking {
		return genLockingEntries(c, c.g.lay().rating(), ctx.vict)
	}
	return genNakedPairEntries(c, ctx.vict)
}

// genLockingEntries is SukakuExplainer's VLocking on c's working grid: per
// house kind (boxes, rows, columns, then the extra kinds, lr.vlock), per
// digit, per house of the kind, a digit with 2 to 6 places in the house
// is removed from every cell that sees all of them. Rule parents: the
// house's cells that held the digit in the source grid and no longer do.
func genLockingEntries(c *chainer, lr *layoutRating, vict cellSet) []advEntry {
	n := c.n
	pm := c.t.peerMask
	var out []advEntry
	var el []Candidate
	var set []int
	for _, group := range lr.vlock {
		for d := 0; d < n; d++ {
			bit := uint32(1) << d
			for _, h := range group {
				p := c.pos[h][d]
				if k := popc(p); k < 2 || k > 6 {
					continue
				}
				cells := c.houses[h]
				set = set[:0]
				for m := p; m != 0; m &= m - 1 {
					set = append(set, cells[trailing(m)])
				}
				el = seenByAll(el[:0], c.cand, pm, vict, set, bit)
				if len(el) == 0 {
					continue
				}
				var parents []int32
				for i, x := range cells {
					if p&(1<<i) == 0 && c.src[x]&bit != 0 {
						parents = append(parents, int32(x*n+d))
					}
				}
				if len(parents) == 0 {
					continue
				}
				hashMapOrder(el, len(el))
				out = appendOrdered(out, c, el, parents, genRuleRef(advGenLocking))
			}
		}
	}
	return out
}

// genNakedPairEntries is SukakuExplainer's NakedSetGen(2) on c's working
// grid: in every house with 4 or more empty cells (SE's region order,
// then the extra houses), two cells whose candidates are the same two
// digits remove each digit from every cell that sees both. Rule parents:
// the other candidates the two cells had in the source grid.
func genNakedPairEntries(c *chainer, vict cellSet) []advEntry {
	n := c.n
	pm := c.t.peerMask
	_, empty := c.g.unitTables()
	var out []advEntry
	var el []Candidate
	for _, h := range c.g.houseOrder(ScanSE) {
		if empty[h] < 4 {
			continue
		}
		cells := c.houses[h]
		// pairs of positions in SE's order (Permutations: colex)
		for j := 1; j < len(cells); j++ {
			b := cells[j]
			mb := c.cand[b]
			if popc(mb) != 2 {
				continue
			}
			for i := 0; i < j; i++ {
				a := cells[i]
				if c.cand[a] != mb {
					continue
				}
				// the victims of both digits are the cells that see
				// a and b; SukakuExplainer lists them digit by digit
				pair := [2]int{a, b}
				el = seenByAll(el[:0], c.cand, pm, vict, pair[:], mb)
				if len(el) == 0 {
					continue
				}
				var parents []int32
				for _, x := range pair {
					for m := c.src[x] &^ mb; m != 0; m &= m - 1 {
						parents = append(parents, int32(x*n+trailing(m)))
					}
				}
				if len(parents) == 0 {
					continue
				}
				hashMapCells(el)
				out = appendOrdered(out, c, el, parents, genRuleRef(advGenNakedPair))
			}
		}
	}
	return out
}

// hashMapOrder puts el (one candidate per cell, cells ascending, size
// entries in the map) in the iteration order of a java.util.HashMap keyed
// by cells whose hash is the cell index (SukakuExplainer's
// removablePotentials): by bucket (index modulo the table's capacity),
// then by insertion. The capacity starts at 16 and doubles whenever the
// map holds more than three quarters of it.
func hashMapOrder(el []Candidate, size int) {
	mask := hashMapCapacity(size) - 1
	slices.SortStableFunc(el, func(a, b Candidate) int { return a.Cell&mask - b.Cell&mask })
}

// hashMapCells is hashMapOrder for a map of cells to digit sets: el lists
// the entries as they were put (digit by digit; a cell's first entry
// decides its place among the cells that share its bucket). It leaves
// each cell's digits together, ascending.
func hashMapCells(el []Candidate) {
	var buf [32]int
	cells := buf[:0] // in the order of their first entry
	for _, x := range el {
		if !slices.Contains(cells, x.Cell) {
			cells = append(cells, x.Cell)
		}
	}
	mask := hashMapCapacity(len(cells)) - 1
	slices.SortStableFunc(cells, func(a, b int) int { return a&mask - b&mask })
	var dbuf [32]uint32
	digits := dbuf[:0] // per cell of cells
	for _, c := range cells {
		var m uint32
		for _, x := range el {
			if x.Cell == c {
				m |= 1 << (x.Digit - 1)
			}
		}
		digits = append(digits, m)
	}
	el = el[:0]
	for i, c := range cells {
		for m := digits[i]; m != 0; m &= m - 1 {
			el = append(el, Candidate{c, uint8(trailing(m) + 1)})
		}
	}
}

// hashMapCapacity is the table size of a java.util.HashMap of default
// capacity after size insertions.
func hashMapCapacity(size int) int {
	c := 16
	for size > c*3/4 {
		c *= 2
	}
	return c
}

// appendOrdered adds one off node per elimination of el, in el's order,
// with the given rule parents and nested reference.
func appendOrdered(out []advEntry, c *chainer, el []Candidate, parents []int32, nested int32) []advEntry {
	for _, e := range el {
		out = append(out, advEntry{key: c.candKey(e.Cell, int(e.Digit-1)), parents: parents, nested: nested})
	}
	return out
}
