package grade

import (
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// testGroup is a one-node extension kind for the engine test: digit d in
// the given cells (one box and one line), a grouped node as grouped
// X-chains use them.
type testGroup struct {
	d     int // 0-based
	cells []int
	base  int32
}

func (k *testGroup) prepare(c *implGraph, base int32) int { k.base = base; return 1 }

func (k *testGroup) in(cell int) bool {
	for _, x := range k.cells {
		if x == cell {
			return true
		}
	}
	return false
}

// units lists the units holding every group cell.
func (k *testGroup) units(c *implGraph) []int {
	var out []int
	for _, u := range c.g.Geo.CellUnits[k.cells[0]] {
		all := true
		for _, x := range k.cells[1:] {
			all = all && c.t.inUnit[u][x] >= 0
		}
		if all {
			out = append(out, u)
		}
	}
	return out
}

func (k *testGroup) onToOff(c *implGraph, key int32, _ links, out []imp) []imp {
	if key == k.base { // the group on: its digit leaves the rest of its units
		for _, u := range k.units(c) {
			for _, o := range c.g.Geo.Units[u] {
				if !k.in(o) && c.cand[o]&(1<<k.d) != 0 {
					out = append(out, imp{c.candKey(o, k.d), causeAdvanced})
				}
			}
		}
		return out
	}
	if key < c.ncand && c.digitOf0(key) == k.d && !k.in(c.cellOf(key)) && seesAll(c.g.Geo, c.cellOf(key), k.cells) {
		out = append(out, imp{k.base, causeAdvanced})
	}
	return out
}

func (k *testGroup) offToOn(c *implGraph, key int32, _ links, out []imp) []imp {
	var gm uint32
	for _, u := range k.units(c) {
		gm = 0
		for _, x := range k.cells {
			gm |= 1 << c.t.inUnit[u][x]
		}
		rest := c.pos[u][k.d] &^ gm
		if popc(rest) != 1 {
			continue
		}
		o := c.g.Geo.Units[u][trailing(rest)]
		switch {
		case key == k.base:
			out = append(out, imp{c.candKey(o, k.d), causeAdvanced})
		case key == c.candKey(o, k.d):
			out = append(out, imp{k.base, causeAdvanced})
		}
	}
	return out
}

func (k *testGroup) candidate(c *implGraph, key int32) Candidate {
	return Candidate{k.cells[0], uint8(k.d + 1)}
}

// TestChainEngineNodeKind checks the extension hook: with a grouped node
// on digit 1 in r1c1,r1c2, "r1c7 is not 1" reaches "r6c3 is 1" through the
// group (r1c7 off -> group on -> r2c3 off -> r6c3 on), which candidates
// alone cannot.
func TestChainEngineNodeKind(t *testing.T) {
	g := NewGrid(sudoku.NewGrid(sudoku.Shape9))
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		if (r == 0 && col != 0 && col != 1 && col != 6) || (col == 2 && r != 1 && r != 5) {
			g.Eliminate(c, 1)
		}
	}
	reach := func(kinds ...nodeKind) []Node {
		c := getChainer(g, kinds...)
		defer c.release()
		cg := &chainGraph{c: c, g: g, n: 9, l: hodokuXLinks}
		var got []Node
		cg.bfs(c.candKey(6, 0), func(z, s int32) bool {
			if z == c.candKey(5*9+2, 0) {
				got = cg.path(s)
				return false
			}
			return true
		})
		return got
	}
	if p := reach(); p != nil {
		t.Fatalf("candidates alone reach r6c3: %v", p)
	}
	p := reach(&testGroup{d: 0, cells: []int{0, 1}})
	want := []Node{{Candidate{6, 1}, false}, {Candidate{0, 1}, true}, {Candidate{11, 1}, false}, {Candidate{47, 1}, true}}
	if len(p) != len(want) {
		t.Fatalf("path %v, want %v", p, want)
	}
	for i := range want {
		if p[i] != want[i] {
			t.Fatalf("path %v, want %v", p, want)
		}
	}
}

// chainGraph is test code: a breadth-first search over the engine, the
// oracle TestChainEngineNodeKind checks the engine with.
// chainGraph is a HoDoKu chain search over the chain engine: the links
// of one mode (X: one digit's conjugate pairs and peers; XY: bivalue cells,
// strong inside a cell and weak between cells; all) in HoDoKu's order, and
// a breadth-first search over alternating inferences from a start
// candidate taken false. Node keys are candidate keys (cell*N + digit-1).
type chainGraph struct {
	c *chainer
	g *Grid
	n int
	l links
}

func (cg *chainGraph) cand(x int32) Candidate {
	return Candidate{int(x) / cg.n, uint8(int(x)%cg.n + 1)}
}

// hodokuXLinks is HoDoKu's X-chain mode as engine links.
var hodokuXLinks = links{strongX: true, hodoku: true}

// bfs searches from start (taken false) and calls fn for every node taken
// true that it reaches (key z, node index s), shortest chains first. fn
// returns false to stop; bfs then returns false.
func (cg *chainGraph) bfs(start int32, fn func(z int32, s int32) bool) bool {
	c := cg.c
	s0 := c.premise(start, false)
	q := append(c.pendOff[:0], s0)
	defer func() { c.pendOff = q[:0] }()
	for h := 0; h < len(q); h++ {
		s := q[h]
		on := c.pool[s].on
		for _, m := range c.implied(s, cg.l) {
			y := m.key
			if on {
				if c.inOff(y) || y == start {
					continue // never make the start false again
				}
			} else if c.inOn(y) {
				continue
			}
			t := c.newNode(y, !on, m.cause, s)
			if on {
				c.setOff(y, t)
			} else {
				c.setOn(y, t)
				if !fn(y, t) {
					return false
				}
				if y == start {
					continue // start proven true: do not extend through it
				}
			}
			q = append(q, t)
		}
	}
	return true
}

// path reconstructs the nodes from the start to node s.
func (cg *chainGraph) path(s int32) []Node { return cg.c.path(s) }
