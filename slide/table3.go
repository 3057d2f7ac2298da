package slide

import (
	"fmt"
	"math/bits"
	"sync"
)

// states3 is 9!, the number of permutations of the 3x3 board; half of them
// (181,440) are reachable from the goal.
const states3 = 362880

// Table3 holds the exact distance to the goal of every 3x3 board, from a
// breadth-first search out of the goal. Unreachable boards hold 0xFF.
type Table3 struct {
	dist []uint8
}

var (
	table3Once sync.Once
	table3     *Table3
)

// Exact3 returns the shared 3x3 distance table, building it on first use
// (about 20 ms).
func Exact3() *Table3 {
	table3Once.Do(func() { table3 = buildTable3() })
	return table3
}

// fact holds k! for k = 0..9.
var fact = [10]int{1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880}

// rank9 returns the lexicographic rank of the 3x3 permutation in t.
func rank9(t *[MaxCells]uint8) int {
	r := 0
	var used uint32
	for i := 0; i < 9; i++ {
		v := uint32(t[i])
		smaller := int(v) - bits.OnesCount32(used&(1<<v-1))
		r += smaller * fact[8-i]
		used |= 1 << v
	}
	return r
}

// unrank9 writes the permutation of rank r into t.
func unrank9(r int, t *[MaxCells]uint8) {
	var used uint32
	for i := 0; i < 9; i++ {
		d := r / fact[8-i]
		r %= fact[8-i]
		for v := 0; v < 9; v++ {
			if used&(1<<v) != 0 {
				continue
			}
			if d == 0 {
				t[i] = uint8(v)
				used |= 1 << v
				break
			}
			d--
		}
	}
}

func buildTable3() *Table3 {
	dist := make([]uint8, states3)
	for i := range dist {
		dist[i] = 0xFF
	}
	g := Goal(3)
	start := rank9(&g.Tiles)
	dist[start] = 0
	queue := make([]int32, 0, states3/2)
	queue = append(queue, int32(start))
	nb := &nbTables[3]
	var t [MaxCells]uint8
	for head := 0; head < len(queue); head++ {
		r := int(queue[head])
		unrank9(r, &t)
		z := 0
		for t[z] != 0 {
			z++
		}
		d := dist[r] + 1
		for k := 0; k < int(nb.n[z]); k++ {
			c := nb.cell[z][k]
			t[z], t[c] = t[c], 0
			r2 := rank9(&t)
			if dist[r2] == 0xFF {
				dist[r2] = d
				queue = append(queue, int32(r2))
			}
			t[c], t[z] = t[z], 0
		}
	}
	return &Table3{dist: dist}
}

// Distance returns the optimal number of moves from b (3x3) to the goal, or
// -1 if b is unsolvable or not a 3x3 board (another width, the zero Board,
// tiles that are not 0..8 once each).
func (t *Table3) Distance(b Board) int {
	var used uint32
	for _, v := range b.Tiles[:9] {
		used |= 1 << v // 0 for v >= 32
	}
	if b.W != 3 || used != 1<<9-1 {
		return -1
	}
	d := t.dist[rank9(&b.Tiles)]
	if d == 0xFF {
		return -1
	}
	return int(d)
}

// Histogram returns how many boards lie at each distance 0..max.
func (t *Table3) Histogram() []int {
	var h []int
	for _, d := range t.dist {
		if d == 0xFF {
			continue
		}
		for int(d) >= len(h) {
			h = append(h, 0)
		}
		h[d]++
	}
	return h
}

// Solve returns an optimal solution of the 3x3 board b by walking down the
// distance table.
func (t *Table3) Solve(b Board) (string, error) {
	if b.W != 3 {
		return "", fmt.Errorf("the exact table is for 3x3 boards, got %dx%d", b.W, b.W)
	}
	if err := b.Solvable(); err != nil {
		return "", err
	}
	d := t.Distance(b)
	moves := make([]byte, 0, d)
	nb := &nbTables[3]
	z := b.Blank()
	for d > 0 {
		found := false
		for k := 0; k < int(nb.n[z]); k++ {
			c := nb.cell[z][k]
			b.Tiles[z], b.Tiles[c] = b.Tiles[c], 0
			if int(t.dist[rank9(&b.Tiles)]) == d-1 {
				moves = append(moves, byte(nb.moves[z][k]))
				z = int(c)
				d--
				found = true
				break
			}
			b.Tiles[c], b.Tiles[z] = b.Tiles[z], 0
		}
		if !found {
			return "", fmt.Errorf("internal error: 3x3 table has no downhill move at distance %d", d)
		}
	}
	return string(moves), nil
}

// SampleAtDistance appends to out the ranks of all solvable boards whose
// distance lies in [lo, hi]; BoardOfRank turns a rank back into a board.
func (t *Table3) SampleAtDistance(lo, hi int, out []int32) []int32 {
	for r, d := range t.dist {
		if d != 0xFF && int(d) >= lo && int(d) <= hi {
			out = append(out, int32(r))
		}
	}
	return out
}

// BoardOfRank returns the 3x3 board of permutation rank r, one of the 9!
// ranks 0..362879 (Table3 and SampleAtDistance give them); any other r is
// an error.
func BoardOfRank(r int) (Board, error) {
	if r < 0 || r >= states3 {
		return Board{}, fmt.Errorf("slide: rank %d out of range: want 0..%d (the 9! orders of a 3x3 board)", r, states3-1)
	}
	b := Board{W: 3}
	unrank9(r, &b.Tiles)
	return b, nil
}
