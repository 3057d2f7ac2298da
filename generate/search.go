package generate

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sudogen/sudogen/sudoku"
)

// search is the generator's own exact search: candidate bitsets per cell,
// naked and hidden singles to a fixed point, branching on the cell with the
// fewest candidates. It differs from sudoku.Solver in what digging needs:
// it starts from candidate masks the digger keeps up to date (no parse per
// test), it can be guided by a known solution (try that digit first, which
// finds a second solution, when there is one, after few nodes), it can
// draw digit order from an rng (random full grids), and it counts nodes so
// a caller can bound the work. It allocates nothing per call.
type search struct {
	n, cells int
	all      uint32
	np       int     // peers per cell
	peers    []int32 // cells*np
	units    []int32 // 3n units of n cells
	cu       []int32 // per cell: its 3 units

	// dirty marks the units whose masks changed since their last hidden
	// single check (3n <= 75 units).
	dirty [2]uint64

	// useLocked turns on locked candidates (see lockedFrom); segs are the
	// row and column segments, segU their candidate unions.
	useLocked bool
	segs      [2]segments
	segU      []uint32

	stack []uint32 // (cells+1) levels of cells masks
	queue []int32

	// hint, when set, is a full grid whose digit is tried first at every
	// branch; rng, when set, shuffles the digit order instead.
	hint []uint8
	rng  *rand.Rand

	nodes, budget int // budget 0: unbounded
	out           []uint8
}

func newSearch(geo *sudoku.Geometry) *search {
	s := &search{n: geo.N, cells: geo.Cells, all: geo.All, np: len(geo.Peers[0])}
	s.peers = make([]int32, 0, s.cells*s.np)
	for _, ps := range geo.Peers {
		for _, p := range ps {
			s.peers = append(s.peers, int32(p))
		}
	}
	for _, u := range geo.Units {
		for _, c := range u {
			s.units = append(s.units, int32(c))
		}
	}
	for _, u := range geo.CellUnits {
		s.cu = append(s.cu, int32(u[0]), int32(u[1]), int32(u[2]))
	}
	if geo.N >= lockedFrom {
		s.useLocked = true
		s.segs = [2]segments{newSegments(geo, true), newSegments(geo, false)}
		s.segU = make([]uint32, geo.N*geo.N)
	}
	s.stack = make([]uint32, (s.cells+1)*s.cells)
	s.queue = make([]int32, 0, s.cells*2)
	s.out = make([]uint8, s.cells)
	return s
}

// level returns the state masks of search depth d.
func (s *search) level(d int) []uint32 {
	return s.stack[d*s.cells : (d+1)*s.cells : (d+1)*s.cells]
}

// result of run.
const (
	noSolution = iota
	found
	gaveUp
)

// run searches for a solution of the state in level 0, whose cells with a
// single candidate that still need to be propagated are in s.queue. On
// found the solution is in s.out.
func (s *search) run() int {
	s.nodes = 0
	s.dirty = [2]uint64{}
	for u := 0; u < 3*s.n; u++ {
		s.dirty[u>>6] |= 1 << (u & 63)
	}
	if !s.propagate(s.level(0)) {
		return noSolution
	}
	return s.dfs(0)
}

func (s *search) dfs(d int) int {
	st := s.level(d)
	best, bestN := -1, 99
	for i, m := range st {
		if m&(m-1) != 0 {
			k := bits.OnesCount32(m)
			if k < bestN {
				best, bestN = i, k
				if k == 2 {
					break
				}
			}
		}
	}
	if best < 0 {
		for i, m := range st {
			s.out[i] = uint8(bits.TrailingZeros32(m) + 1)
		}
		return found
	}
	s.nodes++
	if s.budget > 0 && s.nodes > s.budget {
		return gaveUp
	}
	m := st[best]
	var order [sudoku.MaxN]uint32
	k := 0
	if s.hint != nil {
		if h := uint32(1) << (s.hint[best] - 1); m&h != 0 {
			order[0] = h
			k = 1
			m &^= h
		}
	}
	for ; m != 0; m &= m - 1 {
		order[k] = m & -m
		k++
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(a, b int) { order[a], order[b] = order[b], order[a] })
	}
	next := s.level(d + 1)
	for _, b := range order[:k] {
		copy(next, st)
		next[best] = b
		s.queue = append(s.queue[:0], int32(best))
		s.dirty = [2]uint64{}
		s.mark(best)
		if !s.propagate(next) {
			continue
		}
		if r := s.dfs(d + 1); r != noSolution {
			return r
		}
	}
	return noSolution
}

// mark flags the units of cell x as changed.
func (s *search) mark(x int) {
	u := s.cu[3*x : 3*x+3]
	s.dirty[u[0]>>6] |= 1 << (u[0] & 63)
	s.dirty[u[1]>>6] |= 1 << (u[1] & 63)
	s.dirty[u[2]>>6] |= 1 << (u[2] & 63)
}

// propagate applies naked and hidden singles to st until nothing changes,
// starting with the single cells in s.queue and checking for hidden singles
// only the units marked dirty. It reports false on a contradiction.
func (s *search) propagate(st []uint32) bool {
	n, np, all := s.n, s.np, s.all
	rounds := 0
	for {
		for len(s.queue) > 0 {
			x := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			b := st[x]
			for _, p := range s.peers[int(x)*np : int(x)*np+np] {
				m := st[p]
				if m&b != 0 {
					m &^= b
					if m == 0 {
						return false
					}
					st[p] = m
					s.mark(int(p))
					if m&(m-1) == 0 {
						s.queue = append(s.queue, p)
					}
				}
			}
		}
		if s.dirty == [2]uint64{} {
			return true
		}
		// Hidden singles in the changed units.
		for w := 0; w < 2; w++ {
			for s.dirty[w] != 0 {
				u := w<<6 | bits.TrailingZeros64(s.dirty[w])
				s.dirty[w] &= s.dirty[w] - 1
				cells := s.units[u*n : u*n+n]
				var once, twice, solved uint32
				for _, c := range cells {
					m := st[c]
					twice |= once & m
					once |= m
					if m&(m-1) == 0 {
						solved |= m
					}
				}
				if once != all {
					return false
				}
				h := once &^ twice &^ solved
				if h == 0 {
					continue
				}
				for _, c := range cells {
					m := st[c]
					if m&h != 0 && m&(m-1) != 0 {
						b := m & h
						if b&(b-1) != 0 {
							return false
						}
						st[c] = b
						s.mark(int(c))
						s.queue = append(s.queue, c)
					}
				}
			}
		}
		if len(s.queue) == 0 {
			if !s.useLocked || rounds >= lockedRounds {
				return true
			}
			rounds++
			changed, ok := s.locked(st)
			if !ok {
				return false
			}
			if !changed {
				return true
			}
		}
	}
}

// lockedRounds bounds the locked-candidates passes per propagate call: the
// pass costs as much as the singles, and one pass per node was fastest on
// 16x16 (200 puzzles: 1 pass 28.3/CPU-s, 2: 26.1, 3: 25.4, to a fixed
// point: 25.3).
const lockedRounds = 1
