package grade

import (
	"slices"

	"github.com/sudogen/sudogen/sudoku"
)

// The basic advanced rules of the nesting levels (pointing/claiming,
// hidden pair, naked pair, X-Wing) on a classic grid, without running
// their finders on a copy of the working grid where that cannot change
// the result. A rule's hint is used only when it has rule parents
// (SE-RULES.md 4.7): candidates of the propagation's source grid the
// pattern needs gone that the working grid lacks. Each pattern's parents
// lie in the units and digits it is made of, so a hint with parents needs
// a digit whose positions in one of its base units differ between the two
// grids, and where no such pattern exists the rule gives nothing:
//
//   - pointing/claiming: a digit whose positions in r1 (>= 2) all lie in
//     r2 has as parents its source positions in r1 outside r2; those are
//     read off the unit tables directly, in the finder's order (so the
//     rule never needs the finder);
//   - hidden pair: one of its two digits has other positions in the unit
//     in the source grid;
//   - naked pair: one of its two cells has other candidates in the source
//     grid;
//   - X-Wing: one of its base lines has other positions of the digit in
//     the source grid.
//
// The last three only look for such a pattern (a pair of digits, cells or
// lines with the same two places, one of them changed) and leave the
// search to the finder when there is one. Most working grids of a nested
// search have none, and skip the grid copy and the finder.

// basicFast gives the entries of basic rule rule on c's working grid (its
// source grid's unit tables srcPos) when that is possible without the
// rule's finder; ok false means the finder must run.
func (ctx *fcContext) basicFast(rule uint8, c *chainer, srcPos [][sudoku.MaxN]uint32) (out []advEntry, ok bool) {
	if c.frame != 3 || c.onLayout || c.g.Geo == nil || !c.g.lay().Plain() || len(srcPos) != len(c.pos) {
		return nil, false
	}
	n := c.n
	nu := 3 * n
	chg := ctx.changedUnits(c, srcPos, nu)
	switch rule {
	case advLocking:
		return ctx.lockingEntries(c, srcPos, chg), true
	case advHiddenPair:
		// the finder's houses have more than 4 empty cells; its pairs
		// are two digits with the same two places, which lose another
		// digit, and a pair with parents has a digit that had other
		// places in the source grid
		_, empty := c.g.unitTables()
		for u := 0; u < nu; u++ {
			if empty[u] <= 4 {
				continue
			}
			pos := &c.pos[u]
			for dm := chg[u]; dm != 0; dm &= dm - 1 {
				a := trailing(dm)
				pa := pos[a]
				if popc(pa) != 2 || srcPos[u][a]&^pa == 0 {
					continue
				}
				for b := 0; b < n; b++ {
					if b == a || pos[b] != pa {
						continue
					}
					ab := uint32(1)<<a | uint32(1)<<b
					x, y := c.g.Geo.Units[u][trailing(pa)], c.g.Geo.Units[u][trailing(pa&(pa-1))]
					if (c.cand[x]|c.cand[y])&^ab != 0 {
						return nil, false
					}
				}
			}
		}
		return nil, true
	case advNakedPair:
		// the finder's houses have at least 4 empty cells; its pairs are
		// two cells with the same two candidates, which some other cell
		// of the house has, and a pair with parents has a cell that had
		// other candidates in the source grid
		_, empty := c.g.unitTables()
		geo := c.g.Geo
		for cell, m := range c.cand {
			if popc(m) != 2 || c.src[cell]&^m == 0 {
				continue
			}
			for _, u := range geo.CellUnits[cell] {
				if empty[u] < 4 {
					continue
				}
				pairs, other := 0, false
				for _, o := range geo.Units[u] {
					switch {
					case o == cell:
					case c.cand[o] == m:
						pairs++
					case c.cand[o]&m != 0:
						other = true
					}
				}
				// (a third cell with the pair's candidates loses them)
				if pairs > 1 || pairs == 1 && other {
					return nil, false
				}
			}
		}
		return nil, true
	case advXWing:
		// two lines with the digit in the same two places, whose cover
		// lines have it elsewhere, one of them with source positions
		// outside the cover lines
		for u := 0; u < 2*n; u++ {
			lo, cross := 0, n
			if u >= n {
				lo, cross = n, 0
			}
			pos := &c.pos[u]
			for dm := chg[u]; dm != 0; dm &= dm - 1 {
				d := trailing(dm)
				p := pos[d]
				if popc(p) != 2 || srcPos[u][d]&^p == 0 {
					continue
				}
				for v := lo; v < lo+n; v++ {
					if v == u || c.pos[v][d] != p {
						continue
					}
					bases := uint32(1)<<(u-lo) | uint32(1)<<(v-lo)
					for m := p; m != 0; m &= m - 1 {
						if c.pos[cross+trailing(m)][d]&^bases != 0 {
							return nil, false
						}
					}
				}
			}
		}
		return nil, true
	}
	return nil, false
}

// changedUnits returns, per unit of the classic frame, the digits whose
// positions differ between the source grid (srcPos) and c's working
// grid: those of the candidates the propagation removed (c.removed lists
// every removal since the source grid: a run restores its own).
//
// A propagation's stalls ask for it once per basic rule, and between two
// stalls c.removed only grows (removals are appended; restore, reset and
// setDynamic start a new epoch, c.remEpoch): the table of the last call
// is kept with its engine, epoch and length, and only the removals made
// since are added to it.
func (ctx *fcContext) changedUnits(c *chainer, srcPos [][sudoku.MaxN]uint32, nu int) []uint32 {
	if cap(ctx.chg) < nu {
		ctx.chg = make([]uint32, nu)
	}
	chg := ctx.chg[:nu]
	from, ok := ctx.chgMark.advance(c)
	if !ok || ctx.chgNU != nu {
		clear(chg)
		from = 0
	}
	ctx.chgNU = nu
	n := c.n
	geo := c.g.Geo
	for _, k := range c.removed[from:] {
		cell, d := int(k)/n, int(k)%n
		bit := uint32(1) << d
		chg[geo.Row[cell]] |= bit
		chg[n+geo.Col[cell]] |= bit
		chg[2*n+geo.Box[cell]] |= bit
	}
	if changedUnitsCheck != nil {
		fresh := make([]uint32, nu)
		for _, k := range c.removed {
			cell, d := int(k)/n, int(k)%n
			fresh[geo.Row[cell]] |= 1 << d
			fresh[n+geo.Col[cell]] |= 1 << d
			fresh[2*n+geo.Box[cell]] |= 1 << d
		}
		changedUnitsCheck(chg, fresh, from > 0)
	}
	return chg
}

// changedUnitsCheck, when set (by a test), is given every table
// changedUnits returns, whether it was grown from a kept one, and the
// table built from all the removals.
var changedUnitsCheck func(got, fresh []uint32, grown bool)

// lockingEntries is the pointing and claiming rule on c's working grid:
// the finders' hints (pointing's scan, then claiming's: SE's crossing
// pairs in order, then the crossing unit, then the digit) that have rule
// parents, as off nodes. Only units with changed digits can hold one, and
// a digit's two or more positions in r1 lie in at most one unit of the
// other kind.
func (ctx *fcContext) lockingEntries(c *chainer, srcPos [][sudoku.MaxN]uint32, chg []uint32) []advEntry {
	t := c.t
	n := c.n
	geo := c.g.Geo
	units := geo.Units
	// On a non-consecutive board SukakuExplainer's Locking takes a pair's
	// hints digit by digit, then by first and second house
	// (Layout.sukakuOrder); Sudoku Explainer's by first house, then
	// second house, then digit.
	byDigit := c.g.lay().sukakuOrder() != nil
	var out []advEntry
	var el []Candidate
	var hits [sudoku.MaxN]int32 // r2<<8 | d, ascending
	lh := ctx.lockHits[:0]
	// hitR2 returns the unit of the other kind (pair[1]) holding digit
	// d's two or more positions in r1, when its source positions in r1
	// are not all there (the hint's parents), else -1
	hitR2 := func(pair [2]int, r1, d int) int {
		p := c.pos[r1][d]
		if popc(p) < 2 {
			return -1
		}
		x := units[r1][trailing(p)]
		var r2 int
		switch pair[1] {
		case 0:
			r2 = geo.Row[x]
		case 1:
			r2 = n + geo.Col[x]
		default:
			r2 = 2*n + geo.Box[x]
		}
		inside := t.inside[r1][r2]
		// parents: the source positions in r1 outside r2 (the
		// working grid has none there)
		if p&^inside != 0 || srcPos[r1][d]&^inside == 0 {
			return -1
		}
		return r2
	}
	// the digits with a hit per pair kind and unit r1 (ctx.lockMask,
	// [k*n+i1]): a hit depends only on r1's positions of the digit, so
	// within a removal epoch (see changedUnits) only the units and digits
	// of the removals made since the last call are looked at again
	st := &ctx.lockState
	masks := st.mask
	if from, ok := st.mark.advance(c); ok && len(masks) == len(intersectionPairs)*n {
		for _, key := range c.removed[from:] {
			cell, d := int(key)/n, int(key)%n
			bit := uint32(1) << d
			for k, pair := range intersectionPairs {
				var i1 int
				switch pair[0] {
				case 0:
					i1 = geo.Row[cell]
				case 1:
					i1 = geo.Col[cell]
				default:
					i1 = geo.Box[cell]
				}
				if hitR2(pair, pair[0]*n+i1, d) >= 0 {
					masks[k*n+i1] |= bit
				} else {
					masks[k*n+i1] &^= bit
				}
			}
		}
	} else {
		masks = resized(masks, len(intersectionPairs)*n)
		for k, pair := range intersectionPairs {
			for i1 := 0; i1 < n; i1++ {
				r1 := pair[0]*n + i1
				m := uint32(0)
				for dm := chg[r1]; dm != 0; dm &= dm - 1 {
					if d := trailing(dm); hitR2(pair, r1, d) >= 0 {
						m |= 1 << d
					}
				}
				masks[k*n+i1] = m
			}
		}
	}
	st.mask = masks
	for k, pair := range intersectionPairs {
		tech := "pointing"
		if pair[0] != 2 {
			tech = "claiming"
		}
		lh = lh[:0]
		for i1 := 0; i1 < n; i1++ {
			r1 := pair[0]*n + i1
			nh := 0
			for dm := masks[k*n+i1]; dm != 0; dm &= dm - 1 {
				d := trailing(dm)
				r2 := hitR2(pair, r1, d)
				h := int32(r2<<8 | d)
				j := nh
				for j > 0 && hits[j-1] > h {
					hits[j] = hits[j-1]
					j--
				}
				hits[j] = h
				nh++
			}
			for _, h := range hits[:nh] {
				lh = append(lh, lockHit{r1: int32(r1), r2: h >> 8, d: h & 0xff})
			}
		}
		if byDigit {
			slices.SortStableFunc(lh, func(a, b lockHit) int { return int(a.d - b.d) })
		}
		for _, h := range lh {
			r1, r2, d := int(h.r1), int(h.r2), int(h.d)
			// the digit's places in r2 outside r1, in r2's order (the
			// unit tables follow the working grid)
			el = el[:0]
			for p := c.pos[r2][d] &^ t.inside[r2][r1]; p != 0; p &= p - 1 {
				el = append(el, Candidate{units[r2][trailing(p)], uint8(d + 1)})
			}
			if len(el) == 0 {
				continue
			}
			gone := srcPos[r1][d] &^ t.inside[r1][r2]
			parents := make([]int32, 0, popc(gone))
			for ; gone != 0; gone &= gone - 1 {
				parents = append(parents, int32(units[r1][trailing(gone)]*n+d))
			}
			out = appendBasic(out, c, el, parents, basicRuleRef(tech))
		}
	}
	ctx.lockHits = lh
	return out
}

// lockState is what lockingEntries keeps between calls: per pair kind
// and unit the digits with a hit (mask), for the removals mark took.
type lockState struct {
	mask []uint32
	mark removalMark
}

// removalMark says how far a table kept between a propagation's stalls
// follows an engine's removal list: the engine, its removal epoch
// (c.remEpoch) and how many removals the table took. Within an epoch the
// list only grows, so the table need only take the removals after those.
type removalMark struct {
	of    *chainer
	epoch uint64
	len   int
}

// advance returns where c's removals the table has not taken start, and
// whether the mark holds for c (the same engine and epoch: else the table
// must be built anew from all of them); the mark then covers every
// removal of c.
func (m *removalMark) advance(c *chainer) (from int, ok bool) {
	from = m.len
	ok = m.of == c && m.epoch == c.remEpoch && m.len <= len(c.removed)
	*m = removalMark{of: c, epoch: c.remEpoch, len: len(c.removed)}
	return from, ok
}

// lockHit is a digit d locked in house r1 inside house r2 (lockingEntries).
type lockHit struct{ r1, r2, d int32 }
