package grade

// ALS nodes: almost locked sets as nodes of HoDoKu's tables (its
// TablingSolver with "ALS in chains" on; HoDoKu's default leaves it off,
// its regression library turns it on for some grouped nice loop and AIC
// cases). An ALS node (A, d) stands for "d is not in ALS A", so A's other
// digits are locked in A:
//
//   - it is entered from a candidate d (or a group node of d) that is on
//     and sees every d of A: HoDoKu enters an ALS only when the locked
//     set removes something;
//   - once on, every other digit k of A leaves the cells seeing all of
//     A's k (and a group node of k lying wholly in those cells), another
//     ALS not overlapping A whose every l is among the removed l's is
//     entered, and a cell seeing A that keeps one candidate only is set.
//
// The node is off in chain terms (HoDoKu stores it as a weak entry), and
// its implications break the on/off alternation (off nodes and an on
// node), so the tabler reads them from alsTable instead of the engine's
// implication lists. The node's cell is the first cell of A holding d;
// a chain through it blocks all of A's cells.

// alsNode is one (ALS, digit) node.
type alsNode struct {
	als   int32
	d     uint8 // 0-based
	entry int32 // first cell of the ALS holding d
}

// alsImp is one implication of an ALS node, with its polarity.
type alsImp struct {
	key int32
	on  bool
}

// alsNodeKind is the ALS extension of the chain engine, after the group
// kind gk (whose groups it links to).
type alsNodeKind struct {
	base  int32
	gk    *groupKind
	data  *alsData
	n     int
	nodes []alsNode
	// per candidate key and per group: ALS nodes entered when it is on
	candIn  [][]int32
	groupIn [][]int32
	tables  [][]alsImp
}

// alsKey is the key of node (ALS i, digit d).
func (k *alsNodeKind) alsKey(i int, d int) int32 { return k.base + int32(i*k.n+d) }

func (k *alsNodeKind) prepare(c *implGraph, base int32) int {
	k.base = base
	k.n = c.n
	g := c.g
	n := c.n
	k.data = collectAls(g, false, alsOptions{})
	als := k.data.list
	nk := len(als) * n
	k.nodes = make([]alsNode, nk)
	k.tables = make([][]alsImp, nk)
	k.candIn = make([][]int32, c.ncand)
	k.groupIn = nil
	var groups []chainGroup
	if k.gk != nil {
		groups = k.gk.groups
		k.groupIn = make([][]int32, len(groups))
	}
	inSet := func(s cellSet, cells []int) bool {
		for _, x := range cells {
			if !s.has(x) {
				return false
			}
		}
		return true
	}
	disjoint := func(a, b cellSet) bool {
		for w := range a {
			if a[w]&b[w] != 0 {
				return false
			}
		}
		return true
	}
	for i := range als {
		a := &als[i]
		for dm := a.cands; dm != 0; dm &= dm - 1 {
			j := trailing(dm)
			key := k.alsKey(i, j)
			nd := &k.nodes[key-base]
			nd.als, nd.d = int32(i), uint8(j)
			for _, cell := range a.cells {
				if g.Cand[cell]&(1<<j) != 0 {
					nd.entry = int32(cell)
					break
				}
			}
			present := false
			for km := a.cands &^ (1 << j); km != 0; km &= km - 1 {
				if !a.bud[trailing(km)].empty() {
					present = true
					break
				}
			}
			if !present {
				continue
			}
			// entries: candidates j seeing all j of the ALS, and the
			// group nodes of j made of such cells
			for w, m := range a.bud[j] {
				for ; m != 0; m &= m - 1 {
					cell := w*64 + trailing64(m)
					ck := c.candKey(cell, j)
					k.candIn[ck] = append(k.candIn[ck], key)
				}
			}
			for gi := range groups {
				gr := &groups[gi]
				if gr.d == j && !overlapsSet(a.in, gr.cells) && inSet(a.bud[j], gr.cells) {
					k.groupIn[gi] = append(k.groupIn[gi], key)
				}
			}
			// the table: eliminations digit by digit (candidates, then
			// group nodes wholly inside them), ALS entered, forced cells
			var t []alsImp
			for km := a.cands &^ (1 << j); km != 0; km &= km - 1 {
				x := trailing(km)
				el := a.bud[x]
				for w, m := range el {
					for ; m != 0; m &= m - 1 {
						t = append(t, alsImp{c.candKey(w*64+trailing64(m), x), false})
					}
				}
				for gi := range groups {
					if gr := &groups[gi]; gr.d == x && inSet(el, gr.cells) {
						t = append(t, alsImp{k.gk.base + int32(gi), false})
					}
				}
			}
			for i2 := range als {
				b := &als[i2]
				if i2 == i || !disjoint(a.in, b.in) {
					continue
				}
				for lm := b.cands & a.cands &^ (1 << j); lm != 0; lm &= lm - 1 {
					l := trailing(lm)
					if a.bud[l].empty() {
						continue
					}
					covered := true
					for w := range b.idx[l] {
						if b.idx[l][w]&^a.bud[l][w] != 0 {
							covered = false
							break
						}
					}
					if covered {
						t = append(t, alsImp{k.alsKey(i2, l), false})
					}
				}
			}
			for w, m := range a.buddies {
				for ; m != 0; m &= m - 1 {
					cell := w*64 + trailing64(m)
					if g.Values[cell] != 0 || popc(g.Cand[cell]) == 2 {
						continue
					}
					rem := g.Cand[cell]
					for xm := a.cands &^ (1 << j); xm != 0; xm &= xm - 1 {
						if x := trailing(xm); a.bud[x].has(cell) {
							rem &^= 1 << x
						}
					}
					if popc(rem) == 1 {
						t = append(t, alsImp{c.candKey(cell, trailing(rem)), true})
					}
				}
			}
			k.tables[key-base] = t
		}
	}
	return nk
}

func overlapsSet(s cellSet, cells []int) bool {
	for _, x := range cells {
		if s.has(x) {
			return true
		}
	}
	return false
}

func (k *alsNodeKind) onToOff(c *implGraph, key int32, _ links, out []imp) []imp {
	var in []int32
	switch {
	case key < c.ncand:
		in = k.candIn[key]
	case k.gk != nil && key >= k.gk.base && key < k.gk.base+int32(len(k.gk.groups)):
		in = k.groupIn[key-k.gk.base]
	}
	for _, x := range in {
		out = append(out, imp{x, causeAdvanced})
	}
	return out
}

// offToOn: an ALS node's implications are read from alsTable.
func (k *alsNodeKind) offToOn(_ *implGraph, _ int32, _ links, out []imp) []imp { return out }

func (k *alsNodeKind) candidate(_ *implGraph, key int32) Candidate {
	nd := &k.nodes[key-k.base]
	return Candidate{int(nd.entry), nd.d + 1}
}

// owns reports whether key is an ALS node.
func (k *alsNodeKind) owns(key int32) bool { return key >= k.base }

// node returns the node of key and its ALS.
func (k *alsNodeKind) node(key int32) (*alsNode, *alsSet) {
	nd := &k.nodes[key-k.base]
	return nd, &k.data.list[nd.als]
}

// alsTable lists what ALS node key implies, in HoDoKu's order.
func (k *alsNodeKind) alsTable(key int32) []alsImp { return k.tables[key-k.base] }
