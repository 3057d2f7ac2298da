package variant

import (
	"math/bits"
	"math/rand/v2"
)

// placed marks a cell whose value is set: its mask holds that one bit.
const placed = 1 << 31

// Solver is the exact solver and solution counter for one geometry:
// candidates as bitsets, singles propagated over houses, sees and pairs,
// hidden singles over houses, branching on a cell of fewest candidates.
// The search state lives in per-depth arrays allocated once, so a search
// allocates nothing per node. A Solver is for one goroutine.
type Solver struct {
	g     *Geometry
	stack [][]uint32 // search state per depth: candidates, placed bit
	queue []int32    // cells left with one candidate, to place
	tmp   []uint64   // scratch bitset over the compact cells
	// hd marks (a bit per house) the houses with a changed cell since
	// their last hidden-single scan, ld those since the last
	// locked-candidates pass; cdirty and clist the cells changed since
	// the last pair pass. The passes rescan only them (a house or cell
	// whose candidates are unchanged gives nothing new), so a search node
	// costs the changes it made, not a scan of the board. The rules are
	// monotone, so the order of the scans changes neither the fixpoint
	// nor whether it meets a contradiction.
	hd, ld []uint64
	lscan  []uint64 // scratch: ld's snapshot a locked pass works through
	// cw lists, per compact cell, the words of hd (and ld) holding its
	// houses and their bits: cell i's at cw[cwStart[i]:cwStart[i+1]].
	cw      []houseWord
	cwStart []int32
	hfull   []uint64 // every house's bit
	// hcells holds, per house, its cells as a bitset over the compact
	// cells (g.words words each): locked candidates leave them out of the
	// cells that see a value's places (none of them holds the value).
	hcells []uint64
	cdirty []bool
	clist  []int32
	scan   []int32 // scratch: the snapshot a pass works through

	useLocked bool // apply locked candidates in this call
	// lockRandom and lockCount say whether random searches (Random) and
	// counting searches (Count, the dig's uniqueness tests) apply locked
	// candidates. Random ones do on boards with sees or pairs, or big
	// ones (a node bound cuts them, so their nodes must stay as they
	// were: the same seed draws the same solution); counting ones do on
	// those too and on jigsaw boards (their answers do not depend on the nodes they
	// visit; on 9x9 jigsaw the rule cuts more than it costs, on X and
	// windoku it costs more: --tier hard makers 2.65 -> 2.45 CPU-s for
	// 100 jigsaw records, 1.27 -> 1.72 for X).
	lockRandom, lockCount bool
	usePairs              bool // the geometry has pair rules (non-consecutive)
	// singles limits the fixpoint to naked and hidden singles (with the
	// sees and pair eliminations of a placement): Singles' closure.
	singles bool
	// closed says level 0 holds the closure of singles of the puzzle the
	// last Singles call loaded (until the next load or Random).
	closed bool

	// pref, when set, holds a known solution (compact value bits): the
	// search tries its value first on every cell it branches on, so a
	// second solution that differs from it in a few cells (what a
	// uniqueness test of a dig usually meets) is found in a few nodes.
	pref []uint32
	// prefDig holds pref's solution per digit (9x9 engines only:
	// prefOK), and second the cells where the solution the last
	// twoWithin, other or alternative call found on a 9x9 engine differs
	// from it (secondOK: there was one; see Solver.second).
	prefDig          [9]set128
	second128        set128
	prefOK, secondOK bool
	// secondAt, when not -1, is the level of fast holding the solution
	// the last other call found by alternative's search (see
	// writeSecond).
	secondAt int

	// fast, when set, is the 9x9 engine that answers Singles and
	// twoWithin, and other where counting searches take no locked
	// candidates (bb9.go: it has none, and a full uniqueness proof of a
	// sparse anti-knight puzzle without them can take seconds);
	// fastClosed says its level 0 holds the closure of singles the last
	// Singles call computed.
	fast       *bb9
	fastClosed bool
	// pairRand, on 9x9 boards with non-consecutive pairs, is the 9x9
	// engine that draws Random's solutions (the same ones, faster:
	// bbfull.go) and the generator's own (Full: drawPairs, other
	// ones); fast draws Random's on the other 9x9 boards.
	pairRand *bb9
	// fastOther says other (the dig's uniqueness test of one removal)
	// goes to fast: where counting searches take no locked candidates,
	// and on anti-king boards (kingOnly).
	fastOther bool
	// refute is the node bound of a steered dig's second-solution probe
	// on this board (refuteBound).
	refute int64

	max, count int
	sol        []uint32 // first solution found (compact)
	// each, when set (Solutions), is called with every solution found,
	// written in frame cells into eachBuf.
	each    func([]uint8)
	eachBuf []uint8
	rng     *rand.Rand
	limit   int64 // node budget, 0 = none
	nodes   int64
	aborted bool
}

// kingOnly reports whether g is a 9x9 board with boxes whose only
// constraint beyond houses is anti-king (extra houses allowed): the 9x9
// engine answers a dig's uniqueness test of one removal (other) without
// locked candidates faster than the general solver with them (the
// answer is the same either way; Count keeps the general solver).
// Measured 2026-12-04, batch --seed 2026 --workers 1, two rounds each,
// the same records: anti-king --tier hard 200 records 2.64-2.78 ->
// 2.42-2.45 CPU-s, --tier medium 1.78-1.93 -> 1.58-1.62, x,anti-king
// --tier hard 50 65.3-66.9 -> 57.2-59.3; --tier any and anti-king,windoku
// unchanged (their grading dominates). Anti-knight is left to the
// general solver: a sparse anti-knight puzzle's proof without locked
// candidates can take seconds.
func kingOnly(g *Geometry) bool {
	return g.N() == 9 && g.BoxRows > 0 && g.Regions == "" && len(g.data.Pairs) == 0 &&
		has(g.Variants, AntiKing) && !has(g.Variants, AntiKnight)
}

// houseWord is one word of a house bitset and a cell's houses in it.
type houseWord struct {
	w    int32
	bits uint64
}

// NewSolver returns a solver for g.
func NewSolver(g *Geometry) *Solver {
	nh := len(g.hStart) - 1
	nw := (nh + 63) / 64
	s := &Solver{g: g, queue: make([]int32, 0, g.m), sol: make([]uint32, g.m),
		hd: make([]uint64, nw), ld: make([]uint64, nw), lscan: make([]uint64, nw),
		hfull:  make([]uint64, nw),
		cdirty: make([]bool, g.m), clist: make([]int32, 0, g.m),
		lockRandom: len(g.data.Sees) > 0 || len(g.data.Pairs) > 0 || g.m > 100,
		usePairs:   len(g.qNbr) > 0}
	s.hcells = make([]uint64, nh*g.words)
	s.lockCount = s.lockRandom || g.Regions != ""
	s.fast = newBB9(g)
	s.pairRand = newBB9Pairs(g)
	s.fastOther = s.fast != nil && (!s.lockCount || kingOnly(g))
	if s.fast != nil && has(g.Variants, AntiKnight) {
		s.fast.focusOther = true
	}
	s.refute = refuteBound(g)
	s.secondAt = -1
	s.useLocked = s.lockCount
	for h := range nh {
		s.hfull[h>>6] |= 1 << (h & 63)
		for _, c := range g.hCells[g.hStart[h]:g.hStart[h+1]] {
			s.hcells[h*g.words+int(c)/64] |= 1 << (c % 64)
		}
	}
	s.cwStart = append(s.cwStart, 0)
	for i := range g.m {
		start := len(s.cw)
		for _, h := range g.cHouse[g.cStart[i]:g.cStart[i+1]] {
			w, b := int32(h>>6), uint64(1)<<(h&63)
			if k := len(s.cw); k > start && s.cw[k-1].w == w {
				s.cw[k-1].bits |= b
				continue
			}
			merged := false
			for k := start; k < len(s.cw); k++ {
				if s.cw[k].w == w {
					s.cw[k].bits |= b
					merged = true
				}
			}
			if !merged {
				s.cw = append(s.cw, houseWord{w, b})
			}
		}
		s.cwStart = append(s.cwStart, int32(len(s.cw)))
	}
	return s
}

// SetLimit bounds the search nodes of each later call (0: no bound). A
// call that hits the bound stops; Aborted then reports true and its count
// is a lower bound.
func (s *Solver) SetLimit(nodes int64) { s.limit = nodes }

// Aborted reports whether the last call stopped at the node bound.
func (s *Solver) Aborted() bool { return s.aborted }

// Nodes is the number of branch nodes the last call visited.
func (s *Solver) Nodes() int64 { return s.nodes }

func (s *Solver) level(d int) []uint32 {
	for len(s.stack) <= d {
		s.stack = append(s.stack, make([]uint32, s.g.m))
	}
	return s.stack[d]
}

// touch marks the houses of cell i for a hidden-single scan and for the
// next locked-candidates pass, and cell i for the next pair pass.
func (s *Solver) touch(i int32) {
	for _, x := range s.cw[s.cwStart[i]:s.cwStart[i+1]] {
		s.hd[x.w] |= x.bits
		if s.useLocked {
			s.ld[x.w] |= x.bits
		}
	}
	if s.usePairs && !s.cdirty[i] {
		s.cdirty[i] = true
		s.clist = append(s.clist, i)
	}
}

// allDirty marks every house and cell for a scan.
func (s *Solver) allDirty() {
	s.clist = s.clist[:0]
	copy(s.hd, s.hfull)
	copy(s.ld, s.hfull)
	for i := range s.cdirty {
		s.cdirty[i] = true
		s.clist = append(s.clist, int32(i))
	}
}

// clean forgets the dirty houses and cells (after a contradiction: the
// state is dropped, and the one the search goes back to had reached its
// fixpoint before it branched).
func (s *Solver) clean() {
	clear(s.hd)
	clear(s.ld)
	for _, i := range s.clist {
		s.cdirty[i] = false
	}
	s.clist = s.clist[:0]
}

// nextDirty returns the lowest house marked for a hidden-single scan and
// unmarks it, -1 when none is.
func (s *Solver) nextDirty() int {
	for wi, word := range s.hd {
		if word != 0 {
			s.hd[wi] = word & (word - 1)
			return wi<<6 + bits.TrailingZeros64(word)
		}
	}
	return -1
}

// takeList moves the marked entries of list into the scratch snapshot
// and unmarks them: a pass works through the snapshot while its own
// changes mark entries for the next pass.
func (s *Solver) takeList(list *[]int32, marked []bool) []int32 {
	s.scan = append(s.scan[:0], *list...)
	for _, x := range s.scan {
		marked[x] = false
	}
	*list = (*list)[:0]
	return s.scan
}

// load fills level 0 with the givens of puzzle (frame cells, 0 empty).
// It reports false on a broken constraint among the givens.
func (s *Solver) load(puzzle []uint8) bool {
	g := s.g
	s.closed = false
	st := s.level(0)
	for i := range st {
		st[i] = g.full
	}
	s.queue = s.queue[:0]
	s.allDirty()
	for k, f := range g.used {
		v := puzzle[f]
		if v == 0 {
			continue
		}
		if int(v) > g.data.N {
			return false
		}
		b := uint32(1) << (v - 1)
		if st[k]&b == 0 {
			return false
		}
		if st[k]&placed == 0 && !s.assign(st, int32(k), b) {
			return false
		}
	}
	return true
}

// assign places the value of bit b on cell i and removes what it forbids
// from the cell's peers and pair neighbours, queueing cells left with one
// candidate. It reports false on a contradiction.
func (s *Solver) assign(st []uint32, i int32, b uint32) bool {
	g := s.g
	st[i] = b | placed
	s.touch(i)
	for _, p := range g.peers[g.pStart[i]:g.pStart[i+1]] {
		c := st[p]
		if c&b == 0 {
			continue
		}
		if c&placed != 0 {
			return false
		}
		c &^= b
		if c == 0 {
			return false
		}
		st[p] = c
		s.touch(p)
		if c&(c-1) == 0 {
			s.queue = append(s.queue, p)
		}
	}
	if q0, q1 := g.qStart[i], g.qStart[i+1]; q0 < q1 {
		v := bits.TrailingZeros32(b)
		for k := q0; k < q1; k++ {
			p := g.qNbr[k]
			f := g.forbid[g.qRule[k]][v]
			c := st[p]
			if c&f == 0 {
				continue
			}
			if c&placed != 0 {
				return false
			}
			c &^= f
			if c == 0 {
				return false
			}
			st[p] = c
			s.touch(p)
			if c&(c-1) == 0 {
				s.queue = append(s.queue, p)
			}
		}
	}
	return true
}

// propagate places queued naked singles and hidden singles until neither
// is left. It reports false on a contradiction.
func (s *Solver) propagate(st []uint32) bool {
	if !s.fixpoint(st) {
		s.clean()
		return false
	}
	return true
}

// fixpoint is propagate's loop: queued singles first, then the houses
// marked dirty (each scanned once per change), then pair and locked
// reasoning over the whole board when nothing else is left.
func (s *Solver) fixpoint(st []uint32) bool {
	g := s.g
	full := g.full
	for {
		for len(s.queue) > 0 {
			p := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			c := st[p]
			if c&placed != 0 {
				continue
			}
			if !s.assign(st, p, c) {
				return false
			}
		}
		if h := s.nextDirty(); h >= 0 {
			cells := g.hCells[g.hStart[h]:g.hStart[h+1]]
			var once, twice, have uint32
			for _, c := range cells {
				x := st[c]
				if x&placed != 0 {
					have |= x
				} else {
					twice |= once & x
					once |= x
				}
			}
			have &= full
			if once|have != full {
				return false
			}
			hid := once &^ twice &^ have
			for hid != 0 {
				b := hid & -hid
				hid ^= b
				for _, c := range cells {
					if x := st[c]; x&b != 0 && x&placed == 0 {
						if !s.assign(st, c, b) {
							return false
						}
						break
					}
				}
			}
			continue
		}
		if s.singles {
			return true
		}
		progress := false
		if len(g.qNbr) > 0 {
			ok, more := s.pairPairs(st)
			if !ok {
				return false
			}
			progress = more
		}
		if !progress && s.useLocked {
			ok, more := s.locked(st)
			if !ok {
				return false
			}
			progress = more
		}
		if !progress {
			return true
		}
	}
}

// locked applies locked candidates over the whole geometry: when a value
// is left on two or three cells of a house, every cell that sees all of
// them loses it, and (non-consecutive) every cell orthogonally next to all
// of them loses the values one above and below. It reports false on a
// contradiction, and whether it removed anything.
func (s *Solver) locked(st []uint32) (ok, progress bool) {
	g := s.g
	w := g.words
	if len(s.tmp) < w {
		s.tmp = make([]uint64, w)
	}
	tmp := s.tmp[:w]
	copy(s.lscan, s.ld)
	clear(s.ld)
	for wi, word := range s.lscan {
		for ; word != 0; word &= word - 1 {
			h := wi<<6 + bits.TrailingZeros64(word)
			cells := g.hCells[g.hStart[h]:g.hStart[h+1]]
			// The values left on two or three cells of the house, counted
			// bit-sliced (once, twice, thrice, four times or more) in one
			// pass over its cells; only those are located.
			var once, twice, thrice, four uint32
			for _, c := range cells {
				x := st[c]
				if x&placed != 0 {
					continue
				}
				four |= thrice & x
				thrice |= twice & x
				twice |= once & x
				once |= x
			}
			for two := twice &^ four; two != 0; two &= two - 1 {
				d := bits.TrailingZeros32(two)
				b := uint32(1) << d
				var p uint32
				for i, c := range cells {
					if x := st[c]; x&b != 0 && x&placed == 0 {
						p |= 1 << i
					}
				}
				if k := bits.OnesCount32(p); k < 2 || k > 3 {
					continue // an earlier value's removals changed the house
				}
				if w == 2 {
					ok, more := s.locked2(st, cells, h, p, d)
					if !ok {
						return false, false
					}
					progress = progress || more
					continue
				}
				for t, table := range [2][]uint64{g.peerBits, g.pairBits} {
					if table == nil {
						continue
					}
					first := true
					for q := p; q != 0; q &= q - 1 {
						c := int(cells[bits.TrailingZeros32(q)])
						row := table[c*w : c*w+w]
						if first {
							copy(tmp, row)
							first = false
							continue
						}
						for j := range tmp {
							tmp[j] &= row[j]
						}
					}
					b := uint32(1) << d
					if t == 1 {
						b = g.forbid[RuleNonConsecutive][d]
					} else {
						// The house's other cells lack d (p is every place
						// of it), its places are among the cells seen.
						for j, x := range s.hcells[h*w : h*w+w] {
							tmp[j] &^= x
						}
					}
					for j, word := range tmp {
						for word != 0 {
							x := j*64 + bits.TrailingZeros64(word)
							word &= word - 1
							c := st[x]
							if c&b == 0 {
								continue
							}
							if c&placed != 0 {
								return false, false
							}
							c &^= b
							if c == 0 {
								return false, false
							}
							st[x] = c
							s.touch(int32(x))
							progress = true
							if c&(c-1) == 0 {
								s.queue = append(s.queue, int32(x))
							}
						}
					}
				}
			}
		}
	}
	return true, progress
}

// locked2 is locked's elimination for value d left on the cells p (bits
// into cells) of house h, on boards of at most 128 compact cells (two
// words a bitset): the cells seen by every place (and, non-consecutive,
// orthogonally next to every place) in two registers instead of a
// scratch slice. It reports false on a contradiction, and whether it
// removed anything.
func (s *Solver) locked2(st []uint32, cells []int32, h int, p uint32, d int) (ok, progress bool) {
	g := s.g
	for t, table := range [2][]uint64{g.peerBits, g.pairBits} {
		if table == nil {
			continue
		}
		t0, t1 := ^uint64(0), ^uint64(0)
		for q := p; q != 0; q &= q - 1 {
			c := int(cells[bits.TrailingZeros32(q)])
			t0 &= table[2*c]
			t1 &= table[2*c+1]
		}
		b := uint32(1) << d
		if t == 1 {
			b = g.forbid[RuleNonConsecutive][d]
		} else {
			// The house's other cells lack d (p is every place of it),
			// its places are among the cells seen.
			t0 &^= s.hcells[2*h]
			t1 &^= s.hcells[2*h+1]
		}
		for j, word := range [2]uint64{t0, t1} {
			for ; word != 0; word &= word - 1 {
				x := j*64 + bits.TrailingZeros64(word)
				c := st[x]
				if c&b == 0 {
					continue
				}
				if c&placed != 0 {
					return false, false
				}
				c &^= b
				if c == 0 {
					return false, false
				}
				st[x] = c
				s.touch(int32(x))
				progress = true
				if c&(c-1) == 0 {
					s.queue = append(s.queue, int32(x))
				}
			}
		}
	}
	return true, progress
}

// pairPairs removes, from the pair neighbours of each cell with two or
// three candidates, the values that no candidate of the cell leaves
// possible there (for non-consecutive on orthogonal neighbours, which also
// share a row or column: {a, a+2} forbids a+1, {a, a+1} forbids a and
// a+1, {a, a+1, a+2} forbids a+1). It reports false on a contradiction,
// and whether it removed anything.
func (s *Solver) pairPairs(st []uint32) (ok, progress bool) {
	g := s.g
	for _, i := range s.takeList(&s.clist, s.cdirty) {
		c := st[i]
		q0, q1 := g.qStart[i], g.qStart[i+1]
		if q0 == q1 || c&placed != 0 || bits.OnesCount32(c) > 3 {
			continue
		}
		for k := q0; k < q1; k++ {
			r := g.qRule[k]
			f := ^uint32(0)
			for x := c; x != 0; x &= x - 1 {
				v := bits.TrailingZeros32(x)
				m := g.forbid[r][v]
				if g.qPeer[k] {
					m |= 1 << v
				}
				f &= m
			}
			p := g.qNbr[k]
			x := st[p]
			if x&f == 0 {
				continue
			}
			if x&placed != 0 {
				return false, false
			}
			x &^= f
			if x == 0 {
				return false, false
			}
			st[p] = x
			s.touch(p)
			progress = true
			if x&(x-1) == 0 {
				s.queue = append(s.queue, p)
			}
		}
	}
	return true, progress
}

// pick returns the unplaced cell with the fewest candidates, -1 if all
// are placed.
func (s *Solver) pick(st []uint32) int32 {
	best, bestN := int32(-1), 33
	for i, c := range st {
		if c&placed != 0 {
			continue
		}
		if n := bits.OnesCount32(c); n < bestN {
			best, bestN = int32(i), n
			if n == 2 {
				break
			}
		}
	}
	return best
}

// search counts the solutions below level d; true means stop (enough
// found or out of budget).
func (s *Solver) search(d int) bool {
	st := s.stack[d]
	for {
		if !s.propagate(st) {
			return false
		}
		i := s.pick(st)
		if i < 0 {
			s.count++
			if s.count == 1 {
				copy(s.sol, st)
			}
			if s.each != nil {
				s.writeFrom(st, s.eachBuf)
				s.each(s.eachBuf)
			}
			return s.count >= s.max
		}
		s.nodes++
		if s.limit > 0 && s.nodes > s.limit {
			s.aborted = true
			return true
		}
		c := st[i]
		b := c & -c
		if s.pref != nil && c&s.pref[i] != 0 {
			b = s.pref[i]
		}
		if s.rng != nil {
			k := s.rng.IntN(bits.OnesCount32(c))
			for x := c; ; x &= x - 1 {
				if k == 0 {
					b = x & -x
					break
				}
				k--
			}
		}
		next := s.level(d + 1)
		st = s.stack[d] // level may have grown the outer slice
		copy(next, st)
		s.queue = s.queue[:0]
		if s.assign(next, i, b) {
			if s.search(d + 1) {
				return true
			}
		}
		s.clean()
		s.queue = s.queue[:0]
		c &^= b
		st[i] = c
		s.touch(i)
		if c&(c-1) == 0 {
			s.queue = append(s.queue, i)
		}
	}
}

func (s *Solver) run(max int) int {
	s.max, s.count, s.nodes, s.aborted = max, 0, 0, false
	s.search(0)
	return s.count
}

// Count returns the number of solutions of puzzle (frame cells, 0 empty),
// stopping at max (max < 1 means 2). A puzzle whose givens break a
// constraint has 0.
func (s *Solver) Count(puzzle []uint8, max int) int {
	if max < 1 {
		max = 2
	}
	s.rng = nil
	s.aborted, s.nodes = false, 0
	if len(puzzle) != s.g.Cells() || !s.load(puzzle) {
		return 0
	}
	return s.run(max)
}

// Solve counts the solutions of puzzle up to 2 and writes the first one
// found into solution (frame cells; unused cells 0) when there is one. It
// returns the count: 1 means puzzle has exactly that solution. A nil
// solution counts without writing; one shorter than the frame gives 0.
func (s *Solver) Solve(puzzle, solution []uint8) int {
	if solution != nil && len(solution) < s.g.Cells() {
		return 0
	}
	n := s.Count(puzzle, 2)
	if n > 0 && solution != nil {
		s.write(solution)
	}
	return n
}

// write copies the first solution found into frame cells.
func (s *Solver) write(out []uint8) { s.writeFrom(s.sol, out) }

// writeFrom copies solution st (compact) into frame cells.
func (s *Solver) writeFrom(st []uint32, out []uint8) {
	for i := range out {
		out[i] = 0
	}
	for k, f := range s.g.used {
		out[f] = uint8(bits.TrailingZeros32(st[k]&s.g.full) + 1)
	}
}

// Solutions lists the solutions of puzzle (frame cells, 0 empty) up to
// max (max < 1 means 2), calling fn with each in frame cells (unused
// cells 0; a slice fn must not keep), and returns how many it found. A
// puzzle whose givens break a constraint has 0.
func (s *Solver) Solutions(puzzle []uint8, max int, fn func(sol []uint8)) int {
	if len(s.eachBuf) != s.g.Cells() {
		s.eachBuf = make([]uint8, s.g.Cells())
	}
	s.each = fn
	defer func() { s.each = nil }()
	return s.Count(puzzle, max)
}

// Random writes a uniformly-branched random solution of the empty board
// (or of puzzle, if non-nil) into out, drawing from rng. It reports false
// when there is none (or the node bound was hit), and when out is shorter
// than the frame.
func (s *Solver) Random(rng *rand.Rand, puzzle, out []uint8) bool {
	if len(out) < s.g.Cells() {
		return false
	}
	s.aborted, s.nodes = false, 0
	s.closed = false
	if e := s.lockEngine(); e != nil {
		// The 9x9 engine's search is this solver's step for step (bbfull.go).
		s.fastClosed = false
		e.limit, e.noLocked = s.limit, !s.lockRandom
		ok := e.randomSolve(rng, puzzle, out)
		e.noLocked = false
		s.nodes, s.aborted = e.nodes, e.aborted
		return ok
	}
	s.useLocked = s.lockRandom
	defer func() { s.useLocked = s.lockCount }()
	if puzzle == nil {
		st := s.level(0)
		for i := range st {
			st[i] = s.g.full
		}
		s.queue = s.queue[:0]
		s.allDirty()
	} else if !s.load(puzzle) {
		return false
	}
	s.rng = rng
	n := s.run(1)
	s.rng = nil
	if n == 0 || s.aborted {
		return false
	}
	s.write(out)
	return true
}

// Full writes a random full solution of the empty board into out,
// drawing from rng: up to tries searches of the node bound (SetLimit)
// each. On 9x9 boards with non-consecutive pairs it is the pair engine's
// own draw (bb9.drawPairs: singles and the pair rules, without locked
// candidates, so not Random's solutions for the same rng); elsewhere
// Random's searches, restarted. False when none found one, and when out is
// shorter than the frame.
func (s *Solver) Full(rng *rand.Rand, out []uint8, tries int) bool {
	if len(out) < s.g.Cells() {
		return false
	}
	if e := s.pairRand; e != nil {
		s.closed, s.fastClosed = false, false
		e.limit = s.limit
		ok := e.drawPairs(rng, out, tries)
		s.nodes, s.aborted = e.nodes, e.aborted
		return ok
	}
	for range tries {
		if s.Random(rng, nil, out) {
			return true
		}
	}
	return false
}

// prefer makes later searches try the values of sol (frame cells, a
// solution of the geometry) first; nil goes back to the lowest value
// first. It changes which solution a search meets first, not what it
// counts. On the pair engine it steers lockedOther's searches (the
// probe, and the exact uniqueness test), not the draws, whose digits
// come from their rng: the second solutions those find then differ from
// sol on few cells, as the memo's refutations want (keepMemo.refutes).
func (s *Solver) prefer(sol []uint8) {
	for _, e := range [2]*bb9{s.fast, s.pairRand} {
		if e == nil {
			continue
		}
		for k := range e.pref {
			e.pref[k] = -1
			if sol != nil && sol[k] != 0 {
				e.pref[k] = int8(sol[k] - 1)
			}
		}
	}
	s.prefOK = false
	if sol == nil {
		s.pref = nil
		return
	}
	if len(sol) == 81 && s.logicEngine() != nil {
		s.prefOK = true
		s.prefDig = [9]set128{}
		for c, v := range sol {
			if v >= 1 && v <= 9 {
				s.prefDig[v-1] = s.prefDig[v-1].or(bit128(c))
			}
		}
	}
	if len(s.pref) != s.g.m {
		s.pref = make([]uint32, s.g.m)
	}
	for k, f := range s.g.used {
		s.pref[k] = 0
		if v := sol[f]; v != 0 {
			s.pref[k] = 1 << (v - 1)
		}
	}
}

// other reports whether puzzle has a solution with a value other than v on
// frame cell f (puzzle holds 0 on f): the uniqueness test of digging one
// given. With a node bound, a stop counts as "yes" (not provably unique).
func (s *Solver) other(puzzle []uint8, f int, v uint8) bool {
	s.secondOK, s.secondAt = false, -1
	if e := s.fast; e != nil && s.fastOther {
		s.fastClosed = false
		e.limit = s.limit
		found := e.other(puzzle, int32(f), int(v-1))
		s.aborted = e.aborted
		if found && !e.aborted {
			s.noteSecond(&e.stack[e.solvedAt])
			if e.limit == 0 {
				s.secondAt = e.solvedAt
			}
		}
		return found
	}
	if e := s.lockEngine(); e != nil && s.lockCount && s.limit == 0 {
		// Unbounded, the answer does not depend on the engine.
		s.fastClosed, s.closed = false, false
		e.limit = 0
		found := e.lockedOther(puzzle, int32(f), int(v-1))
		s.aborted, s.nodes = false, e.nodes
		if found && e.found.done == (set128{^uint64(0), hi81}) {
			s.noteSecond(&e.found)
		}
		return found
	}
	s.rng = nil
	s.aborted, s.nodes = false, 0
	if !s.load(puzzle) {
		return false
	}
	k := s.g.index[f]
	st := s.stack[0]
	if st[k]&placed != 0 {
		return st[k]&(1<<(v-1)) == 0
	}
	return s.dropAndRun(st, k, v)
}

// lockEngine is the 9x9 engine with the general solver's rules: the
// pair engine on boards with non-consecutive pairs, else fast (nil when
// the board has neither). other, unbounded, goes to its search with
// locked candidates (lockedOther) where counting searches take them
// and fast's search without them does not answer (fastOther).
func (s *Solver) lockEngine() *bb9 {
	if s.pairRand != nil {
		return s.pairRand
	}
	return s.fast
}

// refuteNodes bounds the search a steered dig runs for a second
// solution before it asks its keeper (generate.go, digOrbit), and
// refuteKnight the same on anti-knight boards (Solver.refute; 0: the
// dig runs no probe). The
// bound changes only the cost: a second solution the probe misses makes
// the keeper refuse, and the last pass finds the given needed, so the
// puzzles are the same whatever it is (checked: --tier hard, seed 2026,
// anti-knight at bounds 1, 2, 4, 16 and 64, X at 4, 8, 16 and 32: same
// bytes). Measured
// 2026-12-04, batch --tier hard --seed 2026 --workers 1, two rounds:
// anti-knight (20 records) 5.4-5.6 CPU-s at bounds 1-4, 6.0 at 16, 7.0
// at 64 (its probes rarely find the second solution within the bound:
// 1,856 of 21,563 in 10 makes); anti-king (150) 1.25-1.29 at 16,
// 1.37-1.38 at 4; jigsaw (150) 3.95-4.00 at 16, 4.23-4.29 at 4; X (200)
// flat from 4 to 32.
//
// Since the dig remembers the second solutions it met (keepMemo.refutes)
// anti-knight boards take no probe at all (refuteKnight 0, 4 before
// 2026-12-05): HardMaker anti-knight (6 ops) 1,546 M instructions at 4,
// 1,492 M at 2, 1,472 M at 1, 1,450 M at none; --tier hard --count 100
// 0.92x the CPU of 4 in two rounds, by peers --count 60 0.96x; the same
// bytes.
//
// refutePairs, 0, is no probe at all on boards with non-consecutive
// pairs (anti-knight's bound first): there the probe (lockedOther, with
// locked candidates and the pair rules) found a second solution in 1,170
// of some 13,000 calls (--tier hard --count 300 --seed 2026, 2026-12-05),
// and cost more than the logic closures it saved. Without it,
// HardMaker non-consecutive 2,383 M -> 2,185 M instructions (bounds 1
// and 4: 2,281 M, 2,318 M), --tier hard --count 300 0.88-0.91x the CPU;
// the same bytes (the steered digs of those boards are Keep-minimal: a
// given the probe finds needed stays, as one Keep refuses).
const (
	refuteNodes  = 16
	refuteKnight = 0
	refutePairs  = 0
)

// refuteOverride, when not 0 (a test), is the probe bound of every
// solver made after it is set.
var refuteOverride int64

// refuteBound is the probe's node bound on g's board (0: no probe).
func refuteBound(g *Geometry) int64 {
	switch {
	case refuteOverride != 0:
		return refuteOverride
	case has(g.Variants, AntiKnight):
		return refuteKnight
	case len(g.qNbr) > 0:
		return refutePairs
	}
	return refuteNodes
}

// twoWithin reports whether a search of at most nodes branch nodes (0:
// no bound) finds a solution of puzzle with a value other than v on
// frame cell f (puzzle holds 0 on f): true proves the puzzle has a
// second solution, false says nothing (none found within the bound, or
// none at all). The solver's own bound is left as it was. A steered dig
// on a board whose probe bound is 0 (refuteBound) runs none.
//
// Right after a Singles call on puzzle the search starts from that
// call's closure (level 0) instead of loading the givens again: the
// closure's placements and removals hold in every solution, so the
// answer (a second solution exists) is the same, and only the nodes
// differ. That search branches first on the peers of f (bb9.focusCell):
// a second solution moves v out of f's houses, so a choice there meets
// it or a contradiction sooner than one anywhere on the board
// (HardMaker instructions x -1.1%, anti-king -3.3%; 2026-12-05).
// Counting searches, and alternative's (whose solution a walk keeps),
// branch as before.
func (s *Solver) twoWithin(puzzle []uint8, f int, v uint8, nodes int64) bool {
	s.secondOK = false
	if e := s.fast; e != nil {
		e.limit = nodes
		var found bool
		if s.fastClosed && !e.stack[0].done.has(int32(f)) {
			s.fastClosed = false
			e.focus = e.peers[f]
			found = e.dropAndSearch(int32(f), int(v-1), true)
			e.focus = set128{}
		} else {
			s.fastClosed = false
			found = e.other(puzzle, int32(f), int(v-1)) // bounded: cheap either way
		}
		e.limit = 0
		found = found && !e.aborted
		if found {
			s.noteSecond(&e.stack[e.solvedAt])
		}
		return found
	}
	if e := s.pairRand; e != nil {
		// The probe's answer only saves a ladder call: any engine does.
		s.closed = false
		e.limit = nodes
		found := e.lockedOther(puzzle, int32(f), int(v-1)) && !e.aborted
		e.limit = 0
		if found && e.found.done == (set128{^uint64(0), hi81}) {
			s.noteSecond(&e.found)
		}
		return found
	}
	limit := s.limit
	s.limit = nodes
	s.useLocked = s.lockRandom // jigsaw's probe is cheaper without them
	defer func() { s.useLocked = s.lockCount }()
	var found bool
	if k := s.g.index[f]; s.closed && k >= 0 && s.stack[0][k]&placed == 0 {
		found = s.otherFrom(k, v) && !s.aborted
	} else {
		found = s.other(puzzle, f, v) && !s.aborted
	}
	s.limit = limit
	return found
}

// noteSecond notes the cells where st, a solution of the board (all 81
// cells placed) the last search found, differs from pref's solution.
func (s *Solver) noteSecond(st *bbState) {
	if !s.prefOK {
		return
	}
	var d set128
	for k := range st.dig {
		d = d.or(st.dig[k].andNot(s.prefDig[k]))
	}
	s.second128, s.secondOK = d, true
}

// writeSecond writes into out (81 cells) the solution the last other
// call found, when it found it by the search alternative runs (the 9x9
// engine's, unbounded, from the same puzzle, cell and value: the same
// solution alternative would write); false when it did not.
func (s *Solver) writeSecond(out []uint8) bool {
	if s.secondAt < 0 || s.fast == nil {
		return false
	}
	s.fast.writeLevel(s.secondAt, out)
	return true
}

// second returns the cells where the solution the last twoWithin, other
// or alternative call found (answering yes, not cut off by a bound)
// differs from the preferred solution (prefer); ok is false when that
// call kept none (it ran on the general solver, or found none, or no
// solution is preferred).
func (s *Solver) second() (diff set128, ok bool) { return s.second128, s.secondOK }

// otherFrom is other from the state at level 0 (a closure of the
// puzzle, cell k unplaced): it drops v from k, marks every house and
// cell for a scan, and searches for a solution.
func (s *Solver) otherFrom(k int32, v uint8) bool {
	s.rng = nil
	s.aborted, s.nodes = false, 0
	s.closed = false
	st := s.stack[0]
	s.queue = s.queue[:0]
	// The closure is closed under singles: only k's houses need a
	// hidden-single scan; locked candidates and pair rules have not run.
	s.clean()
	if s.useLocked {
		copy(s.ld, s.hfull)
	}
	if s.usePairs {
		for i := range s.cdirty {
			s.cdirty[i] = true
			s.clist = append(s.clist, int32(i))
		}
	}
	return s.dropAndRun(st, k, v)
}

// dropAndRun removes v from cell k of level-0 state st and searches on
// from there: true when a solution is found or the search was cut off
// (s.aborted), false when the removal empties k or no solution exists.
func (s *Solver) dropAndRun(st []uint32, k int32, v uint8) bool {
	c := st[k] &^ (1 << (v - 1))
	if c == 0 {
		return false
	}
	st[k] = c
	s.touch(k)
	if c&(c-1) == 0 {
		s.queue = append(s.queue, k)
	}
	return s.run(1) > 0 || s.aborted
}

// Singles reports whether the closure of naked and hidden singles of
// puzzle (frame cells, 0 empty) places every frame cell of cells. A
// placement removes its value from the cell's peers (house mates and sees
// cells) and what a pair rule forbids from its pair neighbours (the
// non-consecutive values), as a grader's placement does; a hidden single
// is a value left on one cell of a house. These rules are monotone (fewer
// candidates never stop one), so the closure is the same in any order and
// the cells it places are placed by any solver that has the rules, from
// any state it reaches. With out set (frame cells), the closure's grid
// is written into it: the givens and every cell the closure placed.
// Givens that break a constraint, or a contradiction met on the way,
// report false (out is then undefined).
//
// On 9x9 boards the 9x9 engine computes it (logicEngine: fast, or on
// boards with non-consecutive pairs pairRand, whose placements take the
// digits next to their own from the pair neighbours; the same closure).
// Level 0 of that engine then holds it (fastClosed only for fast).
func (s *Solver) Singles(puzzle []uint8, cells []int, out []uint8) bool {
	if e := s.logicEngine(); e != nil && len(puzzle) == 81 {
		s.closed = false
		closed := e.closure(puzzle)
		s.fastClosed = closed && e == s.fast
		if !closed {
			return false
		}
		if out != nil {
			e.write(out)
		}
		for _, f := range cells {
			if f < 0 || f >= 81 || !e.stack[0].done.has(int32(f)) {
				return false
			}
		}
		return true
	}
	if len(puzzle) != s.g.Cells() || !s.load(puzzle) {
		s.clean()
		return false
	}
	s.singles = true
	st := s.stack[0]
	ok := s.fixpoint(st)
	s.singles = false
	s.clean()
	s.queue = s.queue[:0]
	if !ok {
		return false
	}
	s.closed = true
	if out != nil {
		for k, f := range s.g.used {
			out[f] = 0
			if x := st[k]; x&placed != 0 {
				out[f] = uint8(bits.TrailingZeros32(x&s.g.full) + 1)
			}
		}
	}
	for _, f := range cells {
		if k := s.g.index[f]; k < 0 || st[k]&placed == 0 {
			return false
		}
	}
	return true
}

// digSingles is Singles for a dig's removal of orb (cells, out as there),
// on a puzzle whose givens are cells of a solution: on the 9x9 engines
// the closure of a one-cell orbit stops as soon as it places that cell
// (bb9.closureTo: true, out not written, level 0 not a fixpoint), as
// the dig then keeps the removal and asks nothing more. Of X --tier
// hard's 157,707 closures of a removal (--count 400, 2026-12-05),
// 63,300 place the cell.
func (s *Solver) digSingles(puzzle []uint8, orb []int, out []uint8) bool {
	e := s.logicEngine()
	if e == nil || len(puzzle) != 81 || len(orb) != 1 || orb[0] < 0 || orb[0] >= 81 {
		return s.Singles(puzzle, orb, out)
	}
	s.closed = false
	closed, placed := e.closureTo(puzzle, orb[0])
	s.fastClosed = closed && !placed && e == s.fast
	if !closed || placed {
		return placed
	}
	if out != nil {
		e.write(out)
	}
	return false
}
