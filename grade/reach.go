package grade

// reachIndex answers reachability questions about the static implication
// graph of one set of links on the engine's grid: nodes are candidates
// taken on or off (slot 2*key+on), edges the implications. Producer 21
// asks it before each search whether the search can find anything: a
// forcing chain from A to not-A exists only if not-A is reachable from A,
// a cycle through A only if A lies on a cycle of the graph. Skipping the
// searches that cannot succeed leaves the producer's hints as they are.
type reachIndex struct {
	comp  []int32  // slot -> component, -1 for an absent candidate
	size  []int32  // component sizes
	words int      // uint64 words per reach row
	reach []uint64 // component rows: reach[c*words:] has bit d when c reaches d
	// nodes: slot 2*i+on for the grid's i-th candidate keys[i];
	// idOf[key] = i (valid for the grid's candidates)
	keys, idOf []int32
	// the graph: edges of slot s are eList[eAt[s]:eAt[s+1]]
	eAt, eList []int32
	// components in the order Tarjan finds them (successors first):
	// members of component i are mList[mAt[i]:mAt[i+1]]
	mAt, mList []int32
	acc        []uint64 // commonReach scratch
	// Tarjan scratch
	index, low []int32
	onStack    []bool
	stack      []int32
	frames     []tarjanFrame
}

type tarjanFrame struct {
	v    int32
	next int32
}

// build indexes the graph of links l on c's working grid.
func (ri *reachIndex) build(c *chainer, l links) { ri.buildOn(c, l, ^uint32(0), false) }

// buildOn indexes the subgraph of links l on the candidates of the digits
// in mask (only bivalue cells' with bivalue): the caller guarantees that
// no path it asks about leaves the subgraph (X-links keep to one digit; a
// cycle of Y-links keeps to bivalue cells).
func (ri *reachIndex) buildOn(c *chainer, l links, mask uint32, bivalue bool) {
	// compact ids: the chosen candidates in key order
	if len(ri.idOf) < int(c.ncand) {
		ri.idOf = make([]int32, c.ncand)
	}
	ri.keys = ri.keys[:0]
	for cell, m := range c.cand {
		if bivalue && popc(m) != 2 {
			continue
		}
		for m &= mask; m != 0; m &= m - 1 {
			k := int32(cell*c.n + trailing(m))
			ri.idOf[k] = int32(len(ri.keys))
			ri.keys = append(ri.keys, k)
		}
	}
	v := 2 * len(ri.keys)
	ri.comp = resizeInt32(ri.comp, v, -1)
	ri.index = resizeInt32(ri.index, v, -1)
	ri.low = resizeInt32(ri.low, v, 0)
	if cap(ri.onStack) < v {
		ri.onStack = make([]bool, v)
	}
	ri.onStack = ri.onStack[:v]
	clear(ri.onStack)
	// edges from the engine's (cached) implication lists
	ri.eAt = resizeInt32(ri.eAt, v+1, 0)
	ri.eList = ri.eList[:0]
	for s := 0; s < v; s++ {
		ri.eAt[s] = int32(len(ri.eList))
		for _, m := range c.impliedKey(ri.keys[s/2], s&1 == 1, l) {
			cell, d := c.cellOf(m.key), c.digitOf0(m.key)
			if mask&(1<<d) == 0 || (bivalue && popc(c.cand[cell]) != 2) {
				continue // outside the subgraph
			}
			t := 2 * ri.idOf[m.key]
			if s&1 == 0 { // off node: implies on nodes
				t++
			}
			ri.eList = append(ri.eList, t)
		}
	}
	ri.eAt[v] = int32(len(ri.eList))
	// Tarjan's SCC, iterative; components come out successors first
	ri.size = ri.size[:0]
	ri.mAt, ri.mList = append(ri.mAt[:0], 0), ri.mList[:0]
	counter := int32(0)
	for s := 0; s < v; s++ {
		if ri.index[s] >= 0 {
			continue
		}
		ri.frames = append(ri.frames[:0], tarjanFrame{int32(s), 0})
		ri.index[s], ri.low[s] = counter, counter
		counter++
		ri.stack = append(ri.stack, int32(s))
		ri.onStack[s] = true
		for len(ri.frames) > 0 {
			f := &ri.frames[len(ri.frames)-1]
			es := ri.eList[ri.eAt[f.v]:ri.eAt[f.v+1]]
			if int(f.next) < len(es) {
				w := es[f.next]
				f.next++
				if ri.index[w] < 0 {
					ri.index[w], ri.low[w] = counter, counter
					counter++
					ri.stack = append(ri.stack, w)
					ri.onStack[w] = true
					ri.frames = append(ri.frames, tarjanFrame{w, 0})
				} else if ri.onStack[w] && ri.index[w] < ri.low[f.v] {
					ri.low[f.v] = ri.index[w]
				}
				continue
			}
			u := f.v
			ri.frames = ri.frames[:len(ri.frames)-1]
			if len(ri.frames) > 0 {
				p := ri.frames[len(ri.frames)-1].v
				if ri.low[u] < ri.low[p] {
					ri.low[p] = ri.low[u]
				}
			}
			if ri.low[u] == ri.index[u] {
				id := int32(len(ri.size))
				start := len(ri.mList)
				for {
					w := ri.stack[len(ri.stack)-1]
					ri.stack = ri.stack[:len(ri.stack)-1]
					ri.onStack[w] = false
					ri.comp[w] = id
					ri.mList = append(ri.mList, w)
					if w == u {
						break
					}
				}
				ri.size = append(ri.size, int32(len(ri.mList)-start))
				ri.mAt = append(ri.mAt, int32(len(ri.mList)))
			}
		}
	}
	k := len(ri.size)
	ri.words = (k + 63) / 64
	n := k * ri.words
	if cap(ri.reach) < n {
		ri.reach = make([]uint64, n)
	}
	ri.reach = ri.reach[:n]
	clear(ri.reach)
	for id := 0; id < k; id++ {
		row := ri.reach[id*ri.words : (id+1)*ri.words]
		row[id/64] |= 1 << (id % 64)
		for _, m := range ri.mList[ri.mAt[id]:ri.mAt[id+1]] {
			for _, w := range ri.eList[ri.eAt[m]:ri.eAt[m+1]] {
				d := int(ri.comp[w])
				if d == id {
					continue
				}
				other := ri.reach[d*ri.words : (d+1)*ri.words]
				for i := range row {
					row[i] |= other[i]
				}
			}
		}
	}
}

// reaches reports whether candidate a with polarity aOn implies candidate
// b with polarity bOn (both candidates of the indexed grid).
func (ri *reachIndex) reaches(a int32, aOn bool, b int32, bOn bool) bool {
	ca, cb := ri.comp[ri.slot(a, aOn)], ri.comp[ri.slot(b, bOn)]
	return ri.reach[int(ca)*ri.words+int(cb)/64]&(1<<(cb%64)) != 0
}

// onCycle reports whether candidate a with polarity aOn lies on a cycle
// of the graph.
func (ri *reachIndex) onCycle(a int32, aOn bool) bool {
	return ri.size[ri.comp[ri.slot(a, aOn)]] > 1
}

func (ri *reachIndex) slot(key int32, on bool) int {
	s := 2 * int(ri.idOf[key])
	if on {
		s++
	}
	return s
}

func resizeInt32(s []int32, n int, fill int32) []int32 {
	if cap(s) < n {
		s = make([]int32, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = fill
	}
	return s
}

// commonReach reports whether some node is reachable from every one of
// the starts (candidate keys taken on): the runs from them can then have a
// node in common.
func (ri *reachIndex) commonReach(starts []int32) bool {
	if len(starts) == 0 {
		return false
	}
	w := ri.words
	acc := ri.acc[:0]
	c0 := int(ri.comp[ri.slot(starts[0], true)])
	acc = append(acc, ri.reach[c0*w:(c0+1)*w]...)
	for _, k := range starts[1:] {
		ck := int(ri.comp[ri.slot(k, true)])
		row := ri.reach[ck*w : (ck+1)*w]
		any := uint64(0)
		for i := range acc {
			acc[i] &= row[i]
			any |= acc[i]
		}
		if any == 0 {
			ri.acc = acc
			return false
		}
	}
	ri.acc = acc
	return true
}
