package grade

import "github.com/sudogen/sudogen/sudoku"

// Level 3's inner multiple forcing chains on a working grid where no hint
// can be used (helper g16z). ruleEntries takes a hint of the inner search
// only when it has rule parents (SE-RULES.md 4.7): an on node of its
// chains caused by a cell or a unit that lost candidates between the
// outer propagation's source grid src and its working grid cur, the
// assumptions of a cell (region) forcing chain counting as caused by
// their cell (unit). In the static search an on node other than an
// assumption is caused by a strong link of cur: a cell with two
// candidates, a unit with two places of a digit (on the classic frame
// without extra houses, non-consecutive links or extension kinds, the
// only causes there are). When no strong link of cur lies in a cell or
// unit that lost candidates (no "lost" strong link), only the
// assumptions can name rule parents, so a usable hint is a cell forcing
// chain from a cell that lost candidates or a region forcing chain of a
// digit in a unit that lost places of it; and such a hint needs a node
// common to its runs (commonReach, as the search asks). mayUse asks just
// these questions, on the strong index the search builds (kept for it);
// when every answer is no, the search would find no hint ruleEntries
// takes and the propagation gets no off node from this rule at this
// stall, so ruleEntries skips the search. Only a context that prunes (no
// work budget: the search's nodes are not counted against anything)
// skips it; the rule memo then keeps nothing for the grid (it keeps all
// hints of a working grid, for any source grid). TestMultipleUseSame runs
// the search on every grid skipped while rating hard puzzles and finds no
// hint with rule parents; TestMultipleUseGrids does so on grids one
// candidate short of a source (and fails when a question is left out or
// a lost strong link missed); TestMultipleUseRuns compares whole runs.

// multipleUseOff turns mayUse's skip off (a test compares whole runs with
// and without it).
var multipleUseOff bool

// multipleSkipCheck, when set (by a test), is given the number of hints
// with rule parents a full search finds on every working grid whose inner
// multiple search mayUse skipped.
var multipleSkipCheck func(usable int)

// multipleUseOK reports whether mayUse may judge a multiple forcing
// search on engine c: the classic frame without extra houses, sees pairs,
// non-consecutive links or extension kinds.
func multipleUseOK(c *chainer) bool {
	return c.frame == 3 && !c.onLayout && c.consec == nil && len(c.kinds) == 0 && c.g != nil && c.g.Geo != nil
}

// mayUse reports whether the static multiple forcing search s (not yet
// run, on the working grid of an outer propagation with source grid src)
// may find a hint with rule parents against src: true when the grid has a
// lost strong link, else whether the runs of some cell or region that
// lost candidates may meet (true also off the layouts multipleUseOK
// takes).
func (s *fcSearch) mayUse(src []uint32) bool {
	c := s.c
	if !multipleUseOK(c) || s.lostLink(src) {
		return true
	}
	ri := s.reach()
	var keyBuf [sudoku.MaxN]int32
	var uBuf [8]int
	for cell, cm := range c.cand {
		if popc(cm) <= 2 {
			continue // no cell forcing, no region forcing from here
		}
		if src[cell] != cm {
			keys := keyBuf[:0]
			for dm := cm; dm != 0; dm &= dm - 1 {
				keys = append(keys, c.candKey(cell, trailing(dm)))
			}
			if ri.commonReach(&c.implGraph, keys) {
				return true
			}
		}
		for dm := cm; dm != 0; dm &= dm - 1 {
			d := trailing(dm)
			for _, u := range c.regionUnits(cell, uBuf[:0]) {
				p := c.pos[u][d]
				if p&(p-1) == 0 || c.houses[u][trailing(p)] != cell || !unitLost(c, src, u, d) {
					continue
				}
				if c.regionMeets(ri, u, d, p) {
					return true
				}
			}
		}
	}
	return false
}

// regionMeets reports whether the runs from the places p (a position
// mask of house u) of digit d on c's grid may meet: the static search's
// test of a region forcing chain (commonPeers, then commonReach).
func (c *chainer) regionMeets(ri *strongIndex, u, d int, p uint32) bool {
	var keyBuf [sudoku.MaxN]int32
	keys := keyBuf[:0]
	for q := p; q != 0; q &= q - 1 {
		keys = append(keys, c.candKey(c.houses[u][trailing(q)], d))
	}
	return ri.commonPeers(&c.implGraph, keys) || ri.commonReach(&c.implGraph, keys)
}

// lostLink reports whether s's grid has a strong link of the search's
// links in a cell or unit that lost candidates against src.
func (s *fcSearch) lostLink(src []uint32) bool {
	c := s.c
	n, geo := c.n, c.g.Geo
	xs, ys := c.strongLinks()
	if s.prop.l.strongY {
		for _, pr := range ys {
			if cell := int(pr[0]) / n; src[cell] != c.cand[cell] {
				return true
			}
		}
	}
	if !s.prop.l.strongX {
		return false
	}
	for _, pr := range xs {
		a, b, d := int(pr[0])/n, int(pr[1])/n, int(pr[0])%n
		// every unit holding both cells as the digit's only places
		// (strongLinks lists such a pair once)
		if geo.Row[a] == geo.Row[b] && lostPair(c, src, geo.Row[a], d) ||
			geo.Col[a] == geo.Col[b] && lostPair(c, src, n+geo.Col[a], d) ||
			geo.Box[a] == geo.Box[b] && lostPair(c, src, 2*n+geo.Box[a], d) {
			return true
		}
	}
	return false
}

// lostPair reports whether digit d (0-based) has two places in unit u of
// c's grid and lost some that src has.
func lostPair(c *chainer, src []uint32, u, d int) bool {
	return popc(c.pos[u][d]) == 2 && unitLost(c, src, u, d)
}

// unitLost reports whether unit u of c's grid lost places of digit d
// (0-based) that src has.
func unitLost(c *chainer, src []uint32, u, d int) bool {
	bit := uint32(1) << d
	for _, o := range c.houses[u] {
		if src[o]&bit != 0 && c.cand[o]&bit == 0 {
			return true
		}
	}
	return false
}

// usable runs the search s (on the working grid of an outer propagation
// with source grid src) and counts its hints with rule parents.
func (s *fcSearch) usable(src []uint32) int {
	s.search(0, len(s.c.cand))
	k := 0
	for i := range s.hints {
		if len(s.ruleParents(&s.hints[i], src, s.c.cand)) > 0 {
			k++
		}
	}
	return k
}
