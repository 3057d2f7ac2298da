package grade

import (
	"math/rand/v2"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSplitKey checks splitKey's multiplication against the division for
// every grid size up to 32 digits and every key below 2^16 (a 25x25
// grid has 15,625 candidate keys).
func TestSplitKey(t *testing.T) {
	for n := 1; n <= 32; n++ {
		m := divMul(n)
		for k := int32(0); k < 1<<16; k++ {
			cell, d := splitKey(k, n, m)
			if cell != int(k)/n || d != int(k)%n {
				t.Fatalf("n %d key %d: split %d,%d, want %d,%d", n, k, cell, d, int(k)/n, int(k)%n)
			}
		}
	}
}

// TestFrameCells checks each shape's frame table against the geometry's
// units: a cell's row, column and box unit ids, and its index in each
// (Units lists a unit's cells in row-major order, as pos counts them).
func TestFrameCells(t *testing.T) {
	for _, s := range sudoku.Shapes {
		geo := sudoku.GeometryOf(s)
		fc := tablesOf(geo).frame
		if len(fc) != geo.Cells {
			t.Fatalf("%v: %d frame cells, want %d", s, len(fc), geo.Cells)
		}
		for u, cells := range geo.Units {
			k := u / geo.N // 0 row, 1 column, 2 box
			for i, cell := range cells {
				f := fc[cell]
				if int(f.unit[k]) != u || f.bit[k] != 1<<i {
					t.Fatalf("%v cell %d: unit %d bit %#x, want unit %d bit %#x", s, cell, f.unit[k], f.bit[k], u, uint32(1)<<i)
				}
				if k == 2 {
					continue
				}
				// boxIn: the positions of this row (column) in the
				// cell's box
				var in uint32
				for j, o := range cells {
					if geo.Box[o] == geo.Box[cell] {
						in |= 1 << j
					}
				}
				if f.boxIn[k] != in {
					t.Fatalf("%v cell %d unit %d: in box %#x, want %#x", s, cell, u, f.boxIn[k], in)
				}
			}
		}
	}
}

// TestHashSetFilter checks hashSet.has, which asks the maps only where
// a generation's filter bit is set, against the maps themselves, over
// three generations of kept hashes (two rotations) and as many hashes
// never kept, some sharing a kept one's filter bits.
func TestHashSetFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var z hashSet
	var kept [][2]uint64
	for i := 0; i < 2*zeroGen+1000; i++ {
		h := [2]uint64{rng.Uint64(), rng.Uint64()}
		z.keep(h)
		kept = append(kept, h)
	}
	inMaps := func(h [2]uint64) bool {
		_, a := z.cur[h]
		_, b := z.old[h]
		return a || b
	}
	held := 0
	for i, h := range kept {
		other := [2]uint64{rng.Uint64(), rng.Uint64()}
		if i%2 == 0 {
			other[0] = h[0] // the same filter bit, another hash
		}
		for _, x := range [][2]uint64{h, other} {
			if got, want := z.has(x), inMaps(x); got != want {
				t.Fatalf("hash %d %x: has %v, maps %v", i, x, got, want)
			}
		}
		if inMaps(h) {
			held++
		}
	}
	if held != zeroGen+1000 {
		t.Fatalf("%d hashes held, want %d", held, zeroGen+1000)
	}
}

// TestClosureBFS checks closure.compute's components and reach rows
// against a breadth-first search from every node, on random graphs of
// 1-150 nodes (sparse and dense, self-loops and repeated edges included).
func TestClosureBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var cl closure
	for g := 0; g < 400; g++ {
		v := 1 + rng.IntN(150)
		deg := 1 + rng.IntN(4)
		eAt := make([]int32, v+1)
		var eList []int32
		for s := 0; s < v; s++ {
			eAt[s] = int32(len(eList))
			for range rng.IntN(2 * deg) {
				eList = append(eList, int32(rng.IntN(v)))
			}
		}
		eAt[v] = int32(len(eList))
		cl.compute(v, eAt, eList)
		// reach[s][x]: x reachable from s (s itself included)
		reach := make([][]bool, v)
		for s := range v {
			seen := make([]bool, v)
			seen[s] = true
			queue := []int32{int32(s)}
			for len(queue) > 0 {
				x := queue[0]
				queue = queue[1:]
				for _, y := range eList[eAt[x]:eAt[x+1]] {
					if !seen[y] {
						seen[y] = true
						queue = append(queue, y)
					}
				}
			}
			reach[s] = seen
		}
		for s := range v {
			row := cellSet(cl.reach[int(cl.comp[s])*cl.words : (int(cl.comp[s])+1)*cl.words])
			for x := range v {
				same := reach[s][x] && reach[x][s]
				if (cl.comp[s] == cl.comp[x]) != same {
					t.Fatalf("graph %d: nodes %d and %d: same component %v, want %v", g, s, x, cl.comp[s] == cl.comp[x], same)
				}
				if row.has(int(cl.comp[x])) != reach[s][x] {
					t.Fatalf("graph %d: %d reaches %d: row says %v, want %v", g, s, x, row.has(int(cl.comp[x])), reach[s][x])
				}
			}
		}
	}
}
