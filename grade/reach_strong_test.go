package grade

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestStrongIndexSame checks the strong-node index against the
// reachability index of the full implication graph (reachIndex, which
// indexes every candidate's on and off nodes and every edge the chain
// engine lists): for SE's X-links (the graph of each digit) and for X- and
// Y-links, on every candidate of working grids of every box shape, the
// three answers producer 21 asks (A on implies A off, A off implies A on,
// A on lies on a cycle) must be the same. The grids are the candidate
// grids of hard 9x9 puzzles and empty grids of each shape, thinned at
// random to every density, so bivalue cells, conjugate pairs, long chains
// and cycles all occur. On non-consecutive layouts (every two orthogonal
// neighbours a pair) an on node also turns off the digits next to its own
// in its neighbours, so chains of X-links leave their digit: there the
// X-links graph of every digit at once is the reference.
func TestStrongIndexSame(t *testing.T) {
	var starts []gridStart
	for i, p := range readPuzzles(t, "sudoku/forum-hardest-1106.txt", 40) {
		if i%4 == 0 {
			starts = append(starts, gridStart{"forum-hardest", p, false})
		}
		if i%10 == 1 {
			starts = append(starts, gridStart{"forum-hardest non-consecutive", p, true})
		}
	}
	for _, sh := range []sudoku.Shape{sudoku.Shape4, sudoku.Shape6, sudoku.Shape8, sudoku.Shape9, sudoku.Shape12, sudoku.Shape16} {
		starts = append(starts, gridStart{sh.String(), sudoku.NewGrid(sh), false})
	}
	for _, sh := range []sudoku.Shape{sudoku.Shape6, sudoku.Shape9} {
		starts = append(starts, gridStart{sh.String() + " non-consecutive", sudoku.NewGrid(sh), true})
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var full, perDigit, bivalue reachIndex
	var sx, sy, sxy strongIndex
	checked, yes, long := 0, [3]int{}, 0
	commons, common, searched, peers := 0, 0, 0, 0
	for _, st := range starts {
		for round := 0; round < 12; round++ {
			g := st.grid(t)
			thinGrid(g, 0.25+0.7*rng.Float64(), rng)
			c := getChainer(g)
			full.build(c, seLinks(true, true))
			bivalue.buildOn(c, seLinks(false, true), ^uint32(0), true)
			sxy.build(&c.implGraph, true, true)
			sx.build(&c.implGraph, true, false)
			sy.build(&c.implGraph, false, true)
			if st.nc {
				perDigit.build(c, seLinks(true, false))
			}
			for d := 0; d < g.Geo.N; d++ {
				if !st.nc {
					perDigit.buildOn(c, seLinks(true, false), 1<<d, false)
				}
				for cell, m := range g.Cand {
					if m&(1<<d) == 0 {
						continue
					}
					k := c.candKey(cell, d)
					type pass struct {
						name   string
						ri     *reachIndex
						si     *strongIndex
						xl, yl bool
					}
					passes := []pass{{"X", &perDigit, &sx, true, false}, {"XY", &full, &sxy, true, true}}
					if popc(m) == 2 {
						passes = append(passes, pass{"Y", &bivalue, &sy, false, true})
					}
					for _, cs := range passes {
						want := [3]bool{cs.ri.reaches(k, true, k, false), cs.ri.reaches(k, false, k, true), cs.ri.onCycle(k, true)}
						got := [3]bool{cs.si.implies(&c.implGraph, k, true), cs.si.implies(&c.implGraph, k, false), onCycle(c, cs.si, k)}
						if cs.name == "Y" {
							want[0], want[1], got[0], got[1] = false, false, false, false // not asked
						}
						if got != want {
							t.Fatalf("%s round %d, %s links, r%dc%d digit %d: strong index says (on=>off, off=>on, cycle) %v, full graph %v",
								st.name, round, cs.name, cell/g.Geo.N+1, cell%g.Geo.N+1, d+1, got, want)
						}
						for i, w := range want {
							if w {
								yes[i]++
							}
						}
						checked++
						// a cycle the cycle search can record passes
						// through another on node
						if want[2] && !cs.si.onLongCycle(k) {
							c.begin()
							c.cycles(cell, d, cs.xl, cs.yl, 1<<20, nil)
							if len(c.rec) > 0 {
								t.Fatalf("%s round %d, %s links, r%dc%d digit %d: not on a long cycle by the index, but the cycle search closes one",
									st.name, round, cs.name, cell/g.Geo.N+1, cell%g.Geo.N+1, d+1)
							}
						} else if want[2] {
							long++
							// the search kept to the component records
							// the same cycles as the whole search
							whole := cycleRecords(c, cell, d, cs.xl, cs.yl, nil)
							if kept := cycleRecords(c, cell, d, cs.xl, cs.yl, cs.si); !sameRecords(kept, whole) {
								t.Fatalf("%s round %d, %s links, r%dc%d digit %d: cycles kept to the component\n%s\nwhole search\n%s",
									st.name, round, cs.name, cell/g.Geo.N+1, cell%g.Geo.N+1, d+1, recordsText(kept), recordsText(whole))
							}
							searched++
						}
						// forcing chains: the pruned search finds the
						// same target by the same chain
						for i, on := range []bool{true, false} {
							if cs.name == "Y" || !want[i] {
								continue
							}
							whole := forcingRecord(c, cell, d, on, cs.yl, nil)
							if kept := forcingRecord(c, cell, d, on, cs.yl, cs.si); !sameRecords(kept, whole) || len(whole) == 0 {
								t.Fatalf("%s round %d, %s links, r%dc%d digit %d on=%v: forcing chain of the pruned search %q, whole search %q",
									st.name, round, cs.name, cell/g.Geo.N+1, cell%g.Geo.N+1, d+1, on, recordsText(kept), recordsText(whole))
							}
							searched++
						}
					}
				}
			}
			// the static multiple forcing chains' question: cells' and
			// regions' candidates as starts; the components' off-node
			// sets and masks as they are with every successor ORed in
			prepareAllOff = true
			sxy.prepareCommon(&c.implGraph)
			prepareAllOff = false
			allOff, allMask := slices.Clone(sxy.compOff), slices.Clone(sxy.compOffMask)
			sxy.prepareCommon(&c.implGraph)
			if !slices.Equal(allOff, sxy.compOff) || !slices.Equal(allMask, sxy.compOffMask) {
				t.Fatalf("%s round %d: the components' off-node sets differ from those with every successor ORed in", st.name, round)
			}
			var sets [][]int32
			for cell, m := range g.Cand {
				if popc(m) >= 2 {
					var ks []int32
					for ; m != 0; m &= m - 1 {
						ks = append(ks, c.candKey(cell, trailing(m)))
					}
					sets = append(sets, ks)
				}
			}
			for _, cells := range g.Geo.Units {
				for d := 0; d < g.Geo.N; d++ {
					var ks []int32
					for _, x := range cells {
						if g.Cand[x]&(1<<d) != 0 {
							ks = append(ks, c.candKey(x, d))
						}
					}
					if len(ks) >= 2 {
						sets = append(sets, ks)
					}
				}
			}
			for _, ks := range sets {
				want, got := full.commonReach(ks), sxy.commonReach(&c.implGraph, ks)
				if got != want {
					t.Fatalf("%s round %d: starts %v: strong index says common reach %v, full graph %v", st.name, round, ks, got, want)
				}
				if want {
					common++
				}
				commons++
				// a unit's positions of a digit: the common-peer shortcut
				// says yes only where the full graph does
				if sameDigit(ks, g.Geo.N) && sxy.commonPeers(&c.implGraph, ks) {
					if !want {
						t.Fatalf("%s round %d: starts %v: common peers, but the full graph reaches nothing common", st.name, round, ks)
					}
					peers++
				}
			}
			c.release()
		}
	}
	t.Logf("%d common-reach answers checked, %d yes (%d by common peers); %d pruned searches compared", commons, common, peers, searched)
	if peers == 0 {
		t.Error("no common-peer answer checked")
	}
	if common < 50 || commons-common < 50 {
		t.Errorf("common reach: %d yes of %d", common, commons)
	}
	// the answers must not all be "no": the check would prove nothing
	t.Logf("%d answers checked; yes: on=>off %d, off=>on %d, cycle %d (long %d)", checked, yes[0], yes[1], yes[2], long)
	for i, n := range append(yes[:], long) {
		if n < 50 {
			t.Errorf("answer %d was yes only %d times of %d", i, n, checked)
		}
	}
}

// gridStart is where a test's working grids start: a puzzle or an empty
// grid, on the classic layout of its shape or, with nc, on its
// non-consecutive layout (consecGrid).
type gridStart struct {
	name string
	p    sudoku.Grid
	nc   bool
}

// grid returns the start's candidate grid.
func (s gridStart) grid(t *testing.T) *Grid {
	if s.nc {
		return consecGrid(t, s.p)
	}
	return NewGrid(s.p)
}

// thinGrid removes each candidate of a cell that still holds more than
// one with chance 1-keep (keep: the chance a candidate stays).
func thinGrid(g *Grid, keep float64, rng *rand.Rand) {
	for cell, m := range g.Cand {
		for ; m != 0; m &= m - 1 {
			if popc(g.Cand[cell]) > 1 && rng.Float64() > keep {
				g.Eliminate(cell, uint8(trailing(m)+1))
			}
		}
	}
}

// consecGrid is the candidate grid of p on the non-consecutive layout of
// its shape (every two orthogonal neighbours a pair).
func consecGrid(t *testing.T, p sudoku.Grid) *Grid {
	t.Helper()
	geo := p.Geo
	var pairs [][2]int
	for c := 0; c < geo.Cells; c++ {
		if geo.Col[c]+1 < geo.N {
			pairs = append(pairs, [2]int{c, c + 1})
		}
		if geo.Row[c]+1 < geo.N {
			pairs = append(pairs, [2]int{c, c + geo.N})
		}
	}
	l, err := NewLayout(LayoutSpec{Classic: geo, Consecutive: pairs})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewLayoutGrid(l, p.Cells)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// chainRecord is a chain the cycle or forcing-chain search records: its
// nodes from the start (candidates, polarities, causes) and complexity.
type chainRecord struct {
	path []pathNode
	cx   int
}

// sameRecords says whether two searches recorded the same chains, in the
// same order.
func sameRecords(a, b []chainRecord) bool {
	return slices.EqualFunc(a, b, func(x, y chainRecord) bool { return x.cx == y.cx && slices.Equal(x.path, y.path) })
}

// recordsText describes records for a failure message, a line each.
func recordsText(rs []chainRecord) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "%v cx %d\n", r.path, r.cx)
	}
	return b.String()
}

// cycleRecords runs the cycle search and returns what it records: each
// closing node's chain and complexity.
func cycleRecords(c *chainer, cell, d int, x, y bool, si *strongIndex) []chainRecord {
	c.cycles(cell, d, x, y, 1<<20, si)
	out := make([]chainRecord, 0, len(c.rec))
	for _, r := range c.rec {
		out = append(out, chainRecord{c.pathOf(r), c.ancestors(r)})
	}
	return out
}

// forcingRecord runs the forcing-chain search and returns its target's
// chain (none when there is none).
func forcingRecord(c *chainer, cell, d int, on, y bool, si *strongIndex) []chainRecord {
	t := c.forcing(cell, d, on, y, 1<<20, si)
	if t < 0 {
		return nil
	}
	return []chainRecord{{c.pathOf(t), c.ancestors(t)}}
}

// onCycle reads off the strong index whether candidate key taken on lies
// on any cycle, the 2-cycles on(A) -> off(j) -> on(A) included (a
// self-loop of Q: A is a partner of a strong node weakly linked to it),
// for the comparison with the full graph (the grader asks onLongCycle).
func onCycle(c *chainer, si *strongIndex, key int32) bool {
	id := si.ids[key] - 1
	if id < 0 {
		return false
	}
	if si.onLongCycle(key) {
		return true
	}
	for _, j := range si.weakStrong(&c.implGraph, key) {
		if slices.Contains(si.partners(j), id) {
			return true
		}
	}
	return false
}

// sameDigit reports whether candidate keys ks (n digits a cell) are of one
// digit.
func sameDigit(ks []int32, n int) bool {
	for _, k := range ks {
		if int(k)%n != int(ks[0])%n {
			return false
		}
	}
	return true
}

// TestMarkWords checks markWords, which sets a mask word's bits at once,
// against setting the bits one by one, for every start and length up to
// three mask words.
func TestMarkWords(t *testing.T) {
	for w := 0; w < 192; w++ {
		for k := 0; w+k <= 192; k++ {
			got := make([]uint64, 3)
			want := make([]uint64, 3)
			got[1] = 1 << 7 // bits already set stay set
			want[1] = 1 << 7
			markWords(got, w, k)
			for i := w; i < w+k; i++ {
				want[i>>6] |= 1 << (i & 63)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("markWords(w %d, k %d) = %x, want %x", w, k, got, want)
			}
		}
	}
}
