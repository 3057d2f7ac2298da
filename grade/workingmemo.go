package grade

import "slices"

// workingMemo keeps one result per working grid (a layout and its
// candidates) of the chain engine across the solving steps of a run: the
// nesting levels' memo of producer 21 (nested_p21memo.go) and those of
// the multiple and dynamic forcing chains (nested_rulememo.go). A result
// is looked up by the working grid's hash and answered only when the
// candidates compare equal in full. Memory is bounded: two generations
// of at most p21MemoWords candidate words each; a full generation
// becomes the old one (the one before is dropped).
type workingMemo[T any] struct {
	lay      *Layout
	cur, old map[[2]uint64]*workingKept[T]
	words    int
}

// workingKept is a result with the candidates of its working grid.
type workingKept[T any] struct {
	cand []uint32
	val  T
}

// find returns the result kept for c's working grid, nil when there is
// none.
func (m *workingMemo[T]) find(c *chainer) *T {
	if m.lay != c.g.lay() || m.cur == nil {
		return nil
	}
	h := workingHash(c)
	k := m.cur[h]
	if k == nil {
		k = m.old[h]
	}
	if k == nil || !slices.Equal(k.cand, c.cand) {
		return nil
	}
	return &k.val
}

// keep keeps v for c's working grid and returns the kept copy.
func (m *workingMemo[T]) keep(c *chainer, v T) *T {
	if lay := c.g.lay(); m.lay != lay || m.cur == nil {
		m.lay = lay
		m.cur, m.old, m.words = map[[2]uint64]*workingKept[T]{}, nil, 0
	}
	if m.words+len(c.cand) > p21MemoWords {
		m.old, m.cur, m.words = m.cur, map[[2]uint64]*workingKept[T]{}, 0
	}
	k := &workingKept[T]{cand: slices.Clone(c.cand), val: v}
	m.cur[workingHash(c)] = k
	m.words += len(c.cand)
	return &k.val
}

// reset forgets every kept result.
func (m *workingMemo[T]) reset() { m.cur, m.old, m.words = nil, nil, 0 }

// freeEngine returns the engine the context's next search takes from the
// free list (getChainer takes the last one), putting a new one there when
// the list is empty: a memo's answer that stands for a search leaves it
// holding the nodes the search would have left.
func (ctx *fcContext) freeEngine() *chainer {
	if n := len(ctx.chainers); n > 0 {
		return ctx.chainers[n-1]
	}
	e := new(chainer)
	ctx.chainers = append(ctx.chainers, e)
	return e
}
