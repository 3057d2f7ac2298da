package slide

import (
	"errors"
	"fmt"
)

// maxPath bounds the length of a solution the search can return.
const maxPath = 512

// Heuristic is a set of disjoint additive pattern databases covering every
// tile of one width, looked up on the board and on its reflection about the
// main diagonal (the larger of the two sums is used).
type Heuristic struct {
	W       int
	Groups  []*PDB
	Reflect bool

	n       int
	groupOf [MaxCells]int8 // group of each tile (tile 0 unused)
}

// NewHeuristic combines the pattern databases, which must partition the
// tiles 1..W*W-1.
func NewHeuristic(groups []*PDB, reflect bool) (*Heuristic, error) {
	if len(groups) == 0 || len(groups) > 8 {
		return nil, fmt.Errorf("want 1 to 8 pattern databases, got %d", len(groups))
	}
	for i, p := range groups {
		if p == nil {
			return nil, fmt.Errorf("pattern database %d is nil", i+1)
		}
	}
	w := groups[0].W
	h := &Heuristic{W: w, Groups: groups, Reflect: reflect, n: w * w}
	for i := range h.groupOf {
		h.groupOf[i] = -1
	}
	for g, p := range groups {
		if p.W != w {
			return nil, fmt.Errorf("pattern databases of different widths %d and %d", w, p.W)
		}
		for _, t := range p.Tiles {
			if h.groupOf[t] >= 0 {
				return nil, fmt.Errorf("tile %d is in two pattern groups", t)
			}
			h.groupOf[t] = int8(g)
		}
	}
	for t := 1; t < h.n; t++ {
		if h.groupOf[t] < 0 {
			return nil, fmt.Errorf("tile %d is in no pattern group", t)
		}
	}
	return h, nil
}

// search is the scratch state of one IDA* run. It lives on the caller's
// side so searches on different goroutines share only the read-only tables.
type search struct {
	h      *Heuristic
	w, n   int
	tiles  [MaxCells]uint8
	pos    [MaxCells]uint8 // cell of each tile
	rpos   [MaxCells]uint8 // cell of each tile on the reflected board
	hn, hr [8]int
	sumN   int
	sumR   int
	refl   [MaxCells]uint8 // reflected cell of each cell
	rtile  [MaxCells]uint8 // renamed tile under reflection
	path   [maxPath]byte
	nodes  int64
	limit  int64 // node budget, 0 = none
	abort  bool
	wNum   int // weight of h, numerator
	wDen   int // weight of h, denominator (weight 1 when equal)
	bound  int // threshold on wDen*g + wNum*h
	nextB  int
	lkBuf  [8]uint8
	depth  int // length of the path when the goal was reached
	cancel <-chan struct{}
	stop   bool // cancel was closed
}

func (s *search) lookN(g int) int {
	p := s.h.Groups[g]
	k := len(p.Tiles)
	for i, t := range p.Tiles {
		s.lkBuf[i] = s.pos[t]
	}
	return int(p.Data[rankCells(s.lkBuf[:k], s.n)])
}

func (s *search) lookR(g int) int {
	p := s.h.Groups[g]
	k := len(p.Tiles)
	for i, t := range p.Tiles {
		s.lkBuf[i] = s.rpos[t]
	}
	return int(p.Data[rankCells(s.lkBuf[:k], s.n)])
}

// value returns the heuristic of the current board.
func (s *search) value() int {
	if s.sumR > s.sumN {
		return s.sumR
	}
	return s.sumN
}

func (s *search) init(h *Heuristic, b Board) {
	s.h = h
	s.w, s.n = b.W, b.N()
	s.tiles = b.Tiles
	for r := 0; r < s.w; r++ {
		for c := 0; c < s.w; c++ {
			s.refl[r*s.w+c] = uint8(c*s.w + r)
		}
	}
	for t := 0; t < s.n; t++ {
		s.rtile[t] = reflTile(s.w, uint8(t))
	}
	for i := 0; i < s.n; i++ {
		t := b.Tiles[i]
		s.pos[t] = uint8(i)
		s.rpos[s.rtile[t]] = s.refl[i]
	}
	s.sumN, s.sumR = 0, 0
	for g := range h.Groups {
		s.hn[g] = s.lookN(g)
		s.sumN += s.hn[g]
		if h.Reflect {
			s.hr[g] = s.lookR(g)
			s.sumR += s.hr[g]
		}
	}
}

// slideTile moves tile t to cell to and updates the heuristic sums.
func (s *search) slideTile(t uint8, to uint8) {
	s.pos[t] = to
	g := s.h.groupOf[t]
	v := s.lookN(int(g))
	s.sumN += v - s.hn[g]
	s.hn[g] = v
	if s.h.Reflect {
		rt := s.rtile[t]
		s.rpos[rt] = s.refl[to]
		g = s.h.groupOf[rt]
		v = s.lookR(int(g))
		s.sumR += v - s.hr[g]
		s.hr[g] = v
	}
}

// dfs explores below the current board, g moves deep, the blank at z, the
// previous move prev. It reports whether the goal was reached.
func (s *search) dfs(g int, z uint8, prev Move) bool {
	s.nodes++
	h := s.value()
	f := s.wDen*g + s.wNum*h
	if f > s.bound {
		if f < s.nextB {
			s.nextB = f
		}
		return false
	}
	if h == 0 {
		s.depth = g
		return true
	}
	if s.limit > 0 && s.nodes > s.limit {
		s.abort = true
		return false
	}
	if s.nodes&(1<<20-1) == 0 && s.cancel != nil {
		select {
		case <-s.cancel:
			s.abort, s.stop = true, true
			return false
		default:
		}
	}
	if g >= maxPath {
		return false
	}
	nb := &nbTables[s.w]
	back := prev.Inverse()
	for j := 0; j < int(nb.n[z]); j++ {
		m := nb.moves[z][j]
		if m == back {
			continue
		}
		c := nb.cell[z][j]
		t := s.tiles[c]
		s.tiles[z], s.tiles[c] = t, 0
		sn, sr := s.sumN, s.sumR
		gn := s.h.groupOf[t]
		hn := s.hn[gn]
		gr := s.h.groupOf[s.rtile[t]]
		hr := s.hr[gr]
		s.slideTile(t, z)
		s.path[g] = byte(m)
		if s.dfs(g+1, c, m) {
			return true
		}
		// undo
		s.pos[t] = c
		s.rpos[s.rtile[t]] = s.refl[c]
		s.hn[gn], s.hr[gr] = hn, hr
		s.sumN, s.sumR = sn, sr
		s.tiles[c], s.tiles[z] = t, 0
		if s.abort {
			return false
		}
	}
	return false
}

// errBudget reports that a search ran out of its node budget.
var errBudget = errors.New("node budget exhausted")

// ErrCanceled is returned by Solve when Options.Cancel was closed during
// the search.
var ErrCanceled = errors.New("search canceled")

// idaResult is the outcome of one IDA* run.
type idaResult struct {
	moves string
	lower int // proven lower bound on the optimal length (exact runs)
	nodes int64
}

// runIDA searches from b with weight wNum/wDen on h (1/1 is optimal IDA*)
// and a node budget (0 = none). For an unweighted run, lower is the last
// threshold proven to have no solution plus one step, i.e. a lower bound on
// the optimal length even when the budget ran out.
func runIDA(h *Heuristic, b Board, wNum, wDen int, limit int64, cancel <-chan struct{}) (idaResult, error) {
	var s search
	s.init(h, b)
	s.cancel = cancel
	s.wNum, s.wDen, s.limit = wNum, wDen, limit
	s.bound = wNum * s.value()
	lower := s.value()
	z := uint8(b.Blank())
	for {
		s.nextB = 1 << 30
		if s.dfs(0, z, 0) {
			return idaResult{moves: string(s.path[:s.depth]), lower: lower, nodes: s.nodes}, nil
		}
		if s.stop {
			return idaResult{lower: lower, nodes: s.nodes}, ErrCanceled
		}
		if s.abort {
			return idaResult{lower: lower, nodes: s.nodes}, errBudget
		}
		if s.nextB == 1<<30 {
			return idaResult{nodes: s.nodes}, fmt.Errorf("internal error: search space exhausted without a solution")
		}
		if wNum == wDen {
			// No solution of length <= bound: the optimum exceeds it.
			lower = s.nextB / wDen
		}
		s.bound = s.nextB
	}
}

// Estimate returns the heuristic value of b: a lower bound on its optimal
// length (the larger of the plain and reflected pattern-database sums).
func (h *Heuristic) Estimate(b Board) int {
	var s search
	s.init(h, b)
	return s.value()
}
