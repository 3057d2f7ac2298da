package grade

// Lower bounds on the complexity of producer 21's forcing chains, read
// off the strong index's graph Q (reach_strong.go) before a search runs.
// The pruned search (cycleSearch.search) gives every search a complexity
// limit (that of the best hint so far, ties kept); a forcing search whose
// chain must be longer than that limit is skipped, which changes neither
// the hints found nor the one taken.
//
// Every path of SE's links between on nodes runs on(h) -> off(j) -> on(p)
// with j a strong node weakly linked to h and p a strong partner of j: one
// edge h -> p of Q, two chain nodes. So, with dQ the distance in Q:
//
//   - a forcing chain from on(A) to off(A) is on(A) -> off(j) -> on(p) ->
//     (Q edges) -> on(x) -> off(A) with j and x strong nodes weakly linked
//     to A and p a partner of j: its target lies at depth 3 + 2*dQ(p, x),
//     complexity (depth + 1) at least 4 + 2*min dQ(p, x);
//   - a forcing chain from off(A) to on(A) is off(A) -> on(p) -> (Q edges)
//     -> on(A) with p a partner of A: complexity at least 2 + 2*min dQ(p, A).
//
// The search is breadth first, so the bounds are the chains' complexities
// themselves (TestCycleBoundsHold checks both on many working grids).
// Cycles have no such bound worth its cost: nearly every cycle search of
// the pruned search finds a cycle within its limit (most of them
// eliminate nothing).

// qBound answers the bounds for one pass's strong index by a breadth
// first search of Q cut at the depth the limit allows.
type qBound struct {
	si *strongIndex
	// mark[u] == gen: node u reached; goal[u] == gen: u ends the search
	mark, goal []uint32
	gen        uint32
	cur, next  []int32
}

// reset readies the bounds for index si (just built).
func (b *qBound) reset(si *strongIndex) {
	b.si = si
	v := len(si.keys)
	if len(b.mark) < v {
		b.mark = make([]uint32, v+v/2)
		b.goal = make([]uint32, v+v/2)
		b.gen = 0
	}
}

// begin starts a search: no node reached, no goal.
func (b *qBound) begin() {
	b.gen++
	if b.gen == 0 {
		clear(b.mark)
		clear(b.goal)
		b.gen = 1
	}
	b.cur, b.next = b.cur[:0], b.next[:0]
}

// source adds node u at distance 0 and reports whether it is a goal.
func (b *qBound) source(u int32) bool {
	if b.mark[u] == b.gen {
		return false
	}
	b.mark[u] = b.gen
	b.cur = append(b.cur, u)
	return b.goal[u] == b.gen
}

// within reports whether a goal lies within maxd edges of the sources
// (those at distance 0 checked by source).
func (b *qBound) within(maxd int) bool {
	si := b.si
	for d := 0; d < maxd && len(b.cur) > 0; d++ {
		for _, u := range b.cur {
			for _, x := range si.eList[si.eAt[u]:si.eAt[u+1]] {
				if b.mark[x] == b.gen {
					continue
				}
				if b.goal[x] == b.gen {
					return true
				}
				b.mark[x] = b.gen
				b.next = append(b.next, x)
			}
		}
		b.cur, b.next = b.next, b.cur[:0]
	}
	return false
}

// forcingMay reports whether a forcing chain from candidate key (on or
// off) to its opposite may have complexity lim or less. key must be one
// the pass's index may be asked about.
func (b *qBound) forcingMay(c *implGraph, key int32, on bool, lim int) bool {
	si := b.si
	b.begin()
	if on {
		if lim < 4 {
			return false
		}
		ws := si.weakStrong(c, key)
		for _, x := range ws {
			b.goal[x] = b.gen
		}
		found := false
		for _, j := range ws {
			for _, p := range si.partners(j) {
				if b.source(p) {
					found = true
				}
			}
		}
		return found || b.within((lim-4)/2)
	}
	if lim < 2 {
		return false
	}
	id := si.ids[key] - 1
	if id < 0 {
		return false
	}
	b.goal[id] = b.gen
	found := false
	for _, p := range si.partners(id) {
		if b.source(p) {
			found = true
		}
	}
	return found || b.within((lim-2)/2)
}
