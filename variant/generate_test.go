package variant

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// plainCounter is a second solution counter, independent of Solver and
// Geometry: adjacency lists built from the naive model (or, for Samurai,
// from the five grids drawn again here), candidates recomputed at every
// node, branching on a cell of fewest candidates, no other reasoning.
type plainCounter struct {
	n      int
	cells  int
	used   []bool
	differ [][]int
	nc     [][]int
	houses [][]int // rows, columns, boxes or regions (hidden singles)
}

func plainFromNaive(m naiveModel) *plainCounter {
	n := m.n
	pc := &plainCounter{n: n, cells: n * n, used: make([]bool, n*n), differ: make([][]int, n*n), nc: make([][]int, n*n)}
	for a := range n * n {
		pc.used[a] = true
		for b := range n * n {
			if m.differ(a/n, a%n, b/n, b%n) {
				pc.differ[a] = append(pc.differ[a], b)
			}
			if m.variants[NonConsecutive] && abs(a/n-b/n)+abs(a%n-b%n) == 1 {
				pc.nc[a] = append(pc.nc[a], b)
			}
		}
	}
	boxes := map[int][]int{}
	for r := range n {
		row, col := []int{}, []int{}
		for c := range n {
			row = append(row, r*n+c)
			col = append(col, c*n+r)
			k := int(m.regionOf(r, c))
			boxes[k] = append(boxes[k], r*n+c)
		}
		pc.houses = append(pc.houses, row, col)
	}
	for _, b := range boxes {
		pc.houses = append(pc.houses, b)
	}
	return pc
}

// plainSamurai draws the Samurai board again: five 9x9 grids with top-left
// corners (0,0), (0,12), (6,6), (12,0), (12,12) of a 21x21 frame.
func plainSamurai() *plainCounter {
	const f = 21
	pc := &plainCounter{n: 9, cells: f * f, used: make([]bool, f*f), differ: make([][]int, f*f), nc: make([][]int, f*f)}
	seen := map[[2]int]bool{}
	for _, o := range [][2]int{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}} {
		for a := range 81 {
			ra, ca := a/9, a%9
			pa := (o[0]+ra)*f + o[1] + ca
			pc.used[pa] = true
			for b := range 81 {
				rb, cb := b/9, b%9
				if a == b || !(ra == rb || ca == cb || ra/3 == rb/3 && ca/3 == cb/3) {
					continue
				}
				pb := (o[0]+rb)*f + o[1] + cb
				if !seen[[2]int{pa, pb}] {
					seen[[2]int{pa, pb}] = true
					pc.differ[pa] = append(pc.differ[pa], pb)
				}
			}
		}
	}
	for _, o := range [][2]int{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}} {
		for k := range 9 {
			row, col, box := []int{}, []int{}, []int{}
			for j := range 9 {
				row = append(row, (o[0]+k)*f+o[1]+j)
				col = append(col, (o[0]+j)*f+o[1]+k)
				box = append(box, (o[0]+k/3*3+j/3)*f+o[1]+k%3*3+j%3)
			}
			pc.houses = append(pc.houses, row, col, box)
		}
	}
	return pc
}

// count counts the completions of grid up to limit.
func (pc *plainCounter) count(grid []int, limit int) int {
	total := 0
	all := uint32(1)<<(pc.n+1) - 2 // bits 1..n
	// cand is cell i's candidates, a bit per value: those no differ
	// neighbour holds and, with non-consecutive pairs, no neighbour one
	// away from.
	cand := func(i int) uint32 {
		var no uint32
		for _, j := range pc.differ[i] {
			no |= 1 << grid[j]
		}
		for _, j := range pc.nc[i] {
			if v := grid[j]; v != 0 {
				no |= 1<<(v-1) | 1<<(v+1)
			}
		}
		return all &^ no
	}
	masks := make([]uint32, pc.cells) // the open cells' candidates, for hidden singles
	var rec func() bool
	rec = func() bool {
		// Place naked singles until none is left, then branch on a cell
		// of fewest candidates.
		var placedHere []int
		undo := func() {
			for _, i := range placedHere {
				grid[i] = 0
			}
		}
		for {
			best, bestC := -1, uint32(0)
			single := false
			for i := range pc.cells {
				if !pc.used[i] || grid[i] != 0 {
					continue
				}
				c := cand(i)
				if c == 0 {
					undo()
					return false
				}
				if c&(c-1) == 0 {
					grid[i] = bits.TrailingZeros32(c)
					placedHere = append(placedHere, i)
					single = true
					continue
				}
				if best < 0 || bits.OnesCount32(c) < bits.OnesCount32(bestC) {
					best, bestC = i, c
				}
			}
			if single {
				continue
			}
			// No cell changes until a hidden single is placed (then the
			// loop starts over): the candidates of every open cell, once.
			for i := range pc.cells {
				if pc.used[i] && grid[i] == 0 {
					masks[i] = cand(i)
				}
			}
			// Hidden singles: a value with one place left in a house goes
			// there; a value with none fails.
			for _, h := range pc.houses {
				for v := 1; v <= pc.n && !single; v++ {
					where, k := -1, 0
					for _, i := range h {
						if grid[i] == v {
							k = -1
							break
						}
						if grid[i] == 0 && masks[i]>>v&1 != 0 {
							where = i
							k++
						}
					}
					if k == 0 {
						undo()
						return false
					}
					if k == 1 {
						grid[where] = v
						placedHere = append(placedHere, where)
						single = true
					}
				}
				if single {
					break
				}
			}
			if single {
				continue
			}
			if best < 0 {
				// Placed singles may clash with each other: check.
				for _, i := range placedHere {
					for _, j := range pc.differ[i] {
						if grid[j] == grid[i] {
							undo()
							return false
						}
					}
					for _, j := range pc.nc[i] {
						if abs(grid[j]-grid[i]) == 1 {
							undo()
							return false
						}
					}
				}
				total++
				stop := total >= limit
				undo()
				return stop
			}
			for c := bestC; c != 0; c &= c - 1 {
				grid[best] = bits.TrailingZeros32(c)
				if rec() {
					grid[best] = 0
					undo()
					return true
				}
			}
			grid[best] = 0
			undo()
			return false
		}
	}
	rec()
	return total
}

// validFull reports whether a full grid keeps every constraint.
func (pc *plainCounter) validFull(grid []int) bool {
	for i := range pc.cells {
		if pc.used[i] != (grid[i] != 0) || grid[i] > pc.n {
			return false
		}
		for _, j := range pc.differ[i] {
			if grid[i] == grid[j] {
				return false
			}
		}
		for _, j := range pc.nc[i] {
			if abs(grid[i]-grid[j]) == 1 {
				return false
			}
		}
	}
	return true
}

// checkPuzzle re-checks a generated puzzle with the plain counter: the
// solution keeps every rule, the givens agree with it, one solution, and
// (when minimal is claimed and full is set) no given can go.
func checkPuzzle(t *testing.T, name string, pc *plainCounter, p Puzzle, full bool) {
	t.Helper()
	sol := toInts(p.Solution)
	if !pc.validFull(sol) {
		t.Fatalf("%s: the solution breaks a rule", name)
	}
	for i, v := range p.Puzzle {
		if v != 0 && v != p.Solution[i] {
			t.Fatalf("%s: given %d on cell %d, solution has %d", name, v, i, p.Solution[i])
		}
	}
	grid := toInts(p.Puzzle)
	if got := pc.count(grid, 2); got != 1 {
		t.Fatalf("%s: the plain counter finds %d solutions", name, got)
	}
	if !full || !p.Minimal {
		return
	}
	for i, v := range grid {
		if v == 0 {
			continue
		}
		grid[i] = 0
		if pc.count(grid, 2) != 2 {
			t.Fatalf("%s: claimed minimal, but given %d on cell %d can go", name, v, i)
		}
		grid[i] = v
	}
}

// TestGenerateEveryVariant: each variant on each size it is defined on
// (12x12 behind SUDOGEN_LONG) makes unique puzzles the plain counter
// agrees with, minimal (checked given by given on the smaller grids).
func TestGenerateEveryVariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	long := os.Getenv("SUDOGEN_LONG") != ""
	for _, name := range Names {
		if name == SamuraiName {
			continue
		}
		for _, n := range Sizes(name) {
			if n == 12 && !long || name == NonConsecutive && n > 6 && !long {
				continue
			}
			gen, err := NewGenerator(Spec{Size: n, Variants: []string{name}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := gen.Generate(rng)
			if err != nil {
				if n == 4 && (name == AntiKing || name == NonConsecutive) {
					continue // no 4x4 grid exists (TestCountEmpty4x4)
				}
				t.Fatalf("%s %dx%d: %v", name, n, n, err)
			}
			if !p.Minimal {
				t.Fatalf("%s %dx%d: not minimal", name, n, n)
			}
			m := newNaive(n, []string{name}, p.Geometry.Regions)
			checkPuzzle(t, name, plainFromNaive(m), p, n <= 6)
			t.Logf("%s %dx%d: %d givens", name, n, n, p.Givens)
		}
	}
}

// TestGenerateCombinationsAndSymmetry: combinations, symmetric digs (the
// clue pattern is symmetric and the puzzle unique), a symmetry the
// geometry lacks is refused, and the same seed gives the same puzzle.
func TestGenerateCombinationsAndSymmetry(t *testing.T) {
	cases := []struct {
		spec Spec
		sym  string
	}{
		{Spec{Size: 9, Variants: []string{X, AntiKing}}, "none"},
		{Spec{Size: 9, Variants: []string{X}}, "diagonal"},
		{Spec{Size: 9, Variants: []string{Windoku}}, "rot90"},
		{Spec{Size: 9, Variants: []string{AntiKnight}}, "rot180"},
		{Spec{Size: 6, Variants: []string{DisjointGroups}}, "mirror"},
		{Spec{Size: 9, Variants: []string{Jigsaw}}, "rot180"},
	}
	for _, c := range cases {
		gen, err := NewGenerator(c.spec, Options{Symmetry: c.sym})
		if err != nil {
			t.Fatal(err)
		}
		p, err := gen.Generate(rand.New(rand.NewPCG(41, 42)))
		if err != nil {
			t.Fatalf("%v %s: %v", c.spec.Variants, c.sym, err)
		}
		if !IsSymmetric(p.Geometry, p.Puzzle, c.sym) || p.Symmetry != c.sym {
			t.Fatalf("%v: pattern not %s-symmetric", c.spec.Variants, c.sym)
		}
		if p.Geometry.Regions != "" && !slices.Contains(AllowedSymmetries(p.Geometry), c.sym) {
			t.Fatalf("jigsaw regions %s are not %s-symmetric", p.Geometry.Regions, c.sym)
		}
		m := newNaive(c.spec.Size, c.spec.Variants, p.Geometry.Regions)
		checkPuzzle(t, p.Geometry.Name, plainFromNaive(m), p, false)
		q, _ := gen.Generate(rand.New(rand.NewPCG(41, 42)))
		if !slices.Equal(p.Puzzle, q.Puzzle) || p.Geometry.Regions != q.Geometry.Regions {
			t.Fatalf("%v: same seed, different puzzles", c.spec.Variants)
		}
	}
	// 6x6 boxes are 2x3: a quarter turn does not keep them.
	if _, err := NewGenerator(Spec{Size: 6, Variants: []string{X}}, Options{Symmetry: "rot90"}); err == nil {
		t.Fatal("rot90 on 6x6 X accepted")
	}
	if _, err := NewGenerator(Spec{Size: 9, Variants: []string{X}}, Options{Symmetry: "spiral"}); err == nil {
		t.Fatal("unknown symmetry accepted")
	}
}

// TestGenerateSamurai: a Samurai puzzle is unique over the whole board
// (re-checked by the plain counter on a board drawn again) and minimal.
func TestGenerateSamurai(t *testing.T) {
	gen, err := NewGenerator(Spec{Variants: []string{SamuraiName}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Generate(rand.New(rand.NewPCG(51, 52)))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Minimal || p.Geometry.UsedCells() != 369 {
		t.Fatalf("samurai: minimal %v, %d cells", p.Minimal, p.Geometry.UsedCells())
	}
	checkPuzzle(t, "samurai", plainSamurai(), p, false)
	t.Logf("samurai: %d givens", p.Givens)
}

// TestBuildRefuses: bad specs are refused with an error.
func TestBuildRefuses(t *testing.T) {
	bad := []Spec{
		{Size: 9, Variants: []string{"spiral"}},
		{Size: 9, Variants: []string{X, X}},
		{Size: 6, Variants: []string{Windoku}},
		{Size: 9, Variants: []string{Jigsaw, DisjointGroups}, Regions: BoxRegions(9)},
		{Size: 9, Variants: []string{Jigsaw}},
		{Size: 9, Variants: []string{Jigsaw}, Regions: "12"},
		{Size: 4, Variants: []string{Jigsaw}, Regions: "1212343412123434"}, // disconnected
		{Size: 9, Variants: []string{X}, Regions: BoxRegions(9)},
		{Size: 9, Variants: []string{SamuraiName, X}},
		{Size: 9},
	}
	for _, s := range bad {
		if _, err := Build(s); err == nil {
			t.Errorf("%+v accepted", s)
		}
	}
	if vs, err := ParseVariants(" X, anti-knight "); err != nil || !slices.Equal(vs, []string{AntiKnight, X}) {
		t.Errorf("ParseVariants: %v %v", vs, err)
	}
}

// TestDigPeers: with DigOrder DigPeers a dig tries the cells with the
// fewest peers first (an orbit counts its cell with the fewest; ties keep
// their random order): on X the 17 diagonal cells, which have more peers
// than the others, come last. Its puzzles are unique and minimal (checked
// by the naive model), the same seed gives the same puzzle, and an
// unknown order is refused.
func TestDigPeers(t *testing.T) {
	g, err := Build(Spec{Size: 9, Variants: []string{X}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(47, 7))
	orbs := orbits(g, nil)
	rng.Shuffle(len(orbs), func(i, j int) { orbs[i], orbs[j] = orbs[j], orbs[i] })
	before := slices.Clone(orbs)
	sortByPeers(g, orbs)
	onDiag := func(f int) bool { return f%10 == 0 || (f%8 == 0 && f > 0 && f < 80) }
	for i, orb := range orbs {
		if want := i >= len(orbs)-17; onDiag(orb[0]) != want {
			t.Fatalf("position %d: r%dc%d (diagonal %v)", i, orb[0]/9+1, orb[0]%9+1, onDiag(orb[0]))
		}
	}
	// ties keep their order: the off-diagonal cells (20 peers each) as shuffled
	var off []int
	for _, orb := range before {
		if !onDiag(orb[0]) {
			off = append(off, orb[0])
		}
	}
	for i, f := range off {
		if orbs[i][0] != f {
			t.Fatalf("tie %d: r%dc%d, shuffled order had r%dc%d", i, orbs[i][0]/9+1, orbs[i][0]%9+1, f/9+1, f%9+1)
		}
	}

	for _, vs := range [][]string{{X}, {AntiKnight}, {Jigsaw}} {
		var first string
		for round := range 2 {
			gen, err := NewGenerator(Spec{Size: 9, Variants: vs}, Options{DigOrder: DigPeers})
			if err != nil {
				t.Fatal(err)
			}
			p, err := gen.Generate(rand.New(rand.NewPCG(48, 8)))
			if err != nil {
				t.Fatal(err)
			}
			if !p.Minimal {
				t.Fatalf("%v: not minimal", vs)
			}
			checkPuzzle(t, vs[0], plainFromNaive(newNaive(9, vs, p.Geometry.Regions)), p, true)
			if round == 0 {
				first = fmt.Sprint(p.Puzzle)
			} else if fmt.Sprint(p.Puzzle) != first {
				t.Errorf("%v: the same seed gave two puzzles", vs)
			}
		}
	}
	if _, err := NewGenerator(Spec{Size: 9, Variants: []string{X}}, Options{DigOrder: "spiral"}); err == nil {
		t.Error("dig order spiral accepted")
	}
}

// TestDigPeersKnightEngine: dug by peers, an anti-knight generator tests
// one removal on the 9x9 engine; the general solver gives the same
// puzzles (both searches are complete: same answers).
func TestDigPeersKnightEngine(t *testing.T) {
	var got [2][]string
	for i, engine := range []bool{true, false} {
		gen, err := NewGenerator(Spec{Size: 9, Variants: []string{AntiKnight}}, Options{DigOrder: DigPeers})
		if err != nil {
			t.Fatal(err)
		}
		if !gen.solver.fastOther {
			t.Fatal("anti-knight dug by peers: the removal test is not on the 9x9 engine")
		}
		gen.solver.fastOther = engine
		rng := rand.New(rand.NewPCG(49, 9))
		for range 3 {
			p, err := gen.Generate(rng)
			if err != nil {
				t.Fatal(err)
			}
			got[i] = append(got[i], fmt.Sprint(p.Puzzle))
		}
	}
	if !slices.Equal(got[0], got[1]) {
		t.Errorf("the 9x9 engine and the general solver dug different puzzles:\n%v\n%v", got[0], got[1])
	}
}
