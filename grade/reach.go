package grade

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
	next int32 // the next edge to follow, an index into eList
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
		cl.frames = append(cl.frames[:0], tarjanFrame{int32(s), eAt[s]})
		cl.index[s], cl.low[s] = counter, counter
		counter++
		cl.stack = append(cl.stack, int32(s))
		cl.onStack[s] = true
		for len(cl.frames) > 0 {
			f := &cl.frames[len(cl.frames)-1]
			u := f.v
			// the edges of u not yet followed, up to the first unvisited
			// successor (pushed, u resumes after it)
			next, end := f.next, eAt[u+1]
			w := int32(-1)
			for next < end {
				x := eList[next]
				next++
				if cl.index[x] < 0 {
					w = x
					break
				}
				if cl.onStack[x] && cl.index[x] < cl.low[u] {
					cl.low[u] = cl.index[x]
				}
			}
			if w >= 0 {
				f.next = next
				cl.index[w], cl.low[w] = counter, counter
				counter++
				cl.stack = append(cl.stack, w)
				cl.onStack[w] = true
				cl.frames = append(cl.frames, tarjanFrame{w, eAt[w]})
				continue
			}
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
		cellSet(row).add(id)
		for _, m := range cl.mList[cl.mAt[id]:cl.mAt[id+1]] {
			for _, w := range eList[eAt[m]:eAt[m+1]] {
				d := int(cl.comp[w])
				if d == id || row[d>>6]&(1<<(d&63)) != 0 {
					// (a row holding d holds d's row: it came with the
					// row of a component reaching d, made after d's)
					continue
				}
				orInto(row, cl.reach[d*cl.words:(d+1)*cl.words])
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
