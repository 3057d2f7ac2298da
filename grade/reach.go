package grade

// reachIndex answers reachability questions about the static implication
// graph of one set of links on the engine's grid: nodes are candidates
// taken on or off (slot 2*key+on), edges the implications. Producer 21
// asks it before each search whether the search can find anything: a
// forcing chain from A to not-A exists only if not-A is reachable from A,
// a cycle through A only if A lies on a cycle of the graph. Skipping the
// searches that cannot succeed leaves the producer's hints as they are.
type reachIndex struct {
	closure
	// nodes: slot 2*i+on for the grid's i-th candidate keys[i];
	// idOf[key] = i (valid for the grid's candidates)
	keys, idOf []int32
	// the graph: edges of slot s are eList[eAt[s]:eAt[s+1]]
	eAt, eList []int32
	acc        []uint64 // commonReach scratch
}

// closure is the strongly connected components of a directed graph and
// the reachability between them: Tarjan's algorithm, then one bitset row
// per component (its own bit included) in the order Tarjan finds them,
// successors first, so each row is the union of rows already made.
type closure struct {
	comp  []int32  // node -> component
	size  []int32  // component sizes
	words int      // uint64 words per reach row
	reach []uint64 // component rows: reach[c*words:] has bit d when c reaches d
	// components in the order Tarjan finds them (successors first):
	// members of component i are mList[mAt[i]:mAt[i+1]]
	mAt, mList []int32
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
	ri.compute(v, ri.eAt, ri.eList)
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

// compute finds the components and the reach rows of the graph of v
// nodes whose node s has the successors eList[eAt[s]:eAt[s+1]].
func (cl *closure) compute(v int, eAt, eList []int32) {
	cl.comp = resizeInt32(cl.comp, v, -1)
	cl.index = resizeInt32(cl.index, v, -1)
	cl.low = resizeInt32(cl.low, v, 0)
	if cap(cl.onStack) < v {
		cl.onStack = make([]bool, v)
	}
	cl.onStack = cl.onStack[:v]
	clear(cl.onStack)
	// Tarjan's SCC, iterative; components come out successors first
	cl.size = cl.size[:0]
	cl.mAt, cl.mList = append(cl.mAt[:0], 0), cl.mList[:0]
	counter := int32(0)
	for s := 0; s < v; s++ {
		if cl.index[s] >= 0 {
			continue
		}
		cl.frames = append(cl.frames[:0], tarjanFrame{int32(s), 0})
		cl.index[s], cl.low[s] = counter, counter
		counter++
		cl.stack = append(cl.stack, int32(s))
		cl.onStack[s] = true
		for len(cl.frames) > 0 {
			f := &cl.frames[len(cl.frames)-1]
			es := eList[eAt[f.v]:eAt[f.v+1]]
			if int(f.next) < len(es) {
				w := es[f.next]
				f.next++
				if cl.index[w] < 0 {
					cl.index[w], cl.low[w] = counter, counter
					counter++
					cl.stack = append(cl.stack, w)
					cl.onStack[w] = true
					cl.frames = append(cl.frames, tarjanFrame{w, 0})
				} else if cl.onStack[w] && cl.index[w] < cl.low[f.v] {
					cl.low[f.v] = cl.index[w]
				}
				continue
			}
			u := f.v
			cl.frames = cl.frames[:len(cl.frames)-1]
			if len(cl.frames) > 0 {
				p := cl.frames[len(cl.frames)-1].v
				if cl.low[u] < cl.low[p] {
					cl.low[p] = cl.low[u]
				}
			}
			if cl.low[u] == cl.index[u] {
				id := int32(len(cl.size))
				start := len(cl.mList)
				for {
					w := cl.stack[len(cl.stack)-1]
					cl.stack = cl.stack[:len(cl.stack)-1]
					cl.onStack[w] = false
					cl.comp[w] = id
					cl.mList = append(cl.mList, w)
					if w == u {
						break
					}
				}
				cl.size = append(cl.size, int32(len(cl.mList)-start))
				cl.mAt = append(cl.mAt, int32(len(cl.mList)))
			}
		}
	}
	k := len(cl.size)
	cl.words = (k + 63) / 64
	n := k * cl.words
	if cap(cl.reach) < n {
		cl.reach = make([]uint64, n)
	}
	cl.reach = cl.reach[:n]
	clear(cl.reach)
	for id := 0; id < k; id++ {
		row := cl.reach[id*cl.words : (id+1)*cl.words]
		row[id/64] |= 1 << (id % 64)
		for _, m := range cl.mList[cl.mAt[id]:cl.mAt[id+1]] {
			for _, w := range eList[eAt[m]:eAt[m+1]] {
				d := int(cl.comp[w])
				if d == id {
					continue
				}
				other := cl.reach[d*cl.words : (d+1)*cl.words]
				for i := range row {
					row[i] |= other[i]
				}
			}
		}
	}
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
