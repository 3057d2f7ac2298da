package grade

// reachIndex is the tests' oracle for strongIndex: the reachability of
// the whole static implication graph of one set of links on the engine's
// grid, nodes the candidates taken on or off (slot 2*key+on), edges the
// implications the engine lists (impliedKey), closed by the same closure.
type reachIndex struct {
	closure
	// nodes: slot 2*i+on for the grid's i-th candidate keys[i];
	// idOf[key] = i (valid for the grid's candidates)
	keys, idOf []int32
	// the graph: edges of slot s are eList[eAt[s]:eAt[s+1]]
	eAt, eList []int32
	acc        []uint64 // commonReach scratch
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
