package grade

// Level 3's inner multiple forcing chains on a working grid just under one
// searched before. The static multiple search asks, for every cell with
// three or more candidates, whether the runs from its candidates may meet
// (the cell question), and for every digit of such a cell that is the
// digit's first place in a unit, whether the runs from its places there
// may meet (the region question of the unit and digit); a cell or region
// whose answer is no gets no runs and gives no hint (commonPeers,
// commonReach on the grid's strong index). These questions are most of the
// search's cost (commonReach and its start rows), and all but a few say
// no: on puzzle 9 of the 16x16 sample, 0.35% yes.
//
// Let W be the working grid and W+ a grid searched before with W's
// candidates and those of e besides (W plus the last step's eliminations
// E, or W plus one candidate the propagation removed: the lookups of the
// zero set, nested_multzero.go), where removing e makes no strong link (no
// cell left with two candidates, no unit with two places of a digit, from
// more). Then W's implication graph is W+'s less e's nodes (weak links join
// candidates by their places only, and every strong link of W is one of
// W+), so a run from a start of W reaches a subset of what the same start's
// run reaches on W+, and a question with the same starts on both grids
// whose answer was no on W+ is no on W: its starts' reach had nothing in
// common there, and commonPeers' common peer would be one there too. The
// questions whose starts e changed are the cell question of a cell of e
// and the region question of each candidate of e's digit in each unit of
// its cell; every other question W's search asks has W+'s starts (a
// question asked on W is asked on W+: a cell has at least as many
// candidates there). So W's search need ask only those and the questions
// that said yes on W+; the others are no without asking. Its answers are
// the full search's, so it makes the same runs and finds the same hints,
// with the same nodes counted.
//
// The context keeps, per searched grid (its candHash, as the zero set),
// the questions that said yes (two generations of answerGen grids), only
// without a work budget and on the layouts mayUse judges (where the zero
// set is kept). TestMultipleKnownSame checks every search with carried
// answers against a search that asks every question: the same hints and
// nodes; TestMultipleKnownRuns compares whole runs with and without.

// multipleKnownOff turns the carried answers off (a test compares runs
// with and without them).
var multipleKnownOff bool

// multipleKnownCheck, when set (by a test), is given every static search
// that ran with carried answers and a grid to search afresh (a view of
// the same working grid).
var multipleKnownCheck func(s *fcSearch, g *Grid)

// multipleKnownGrid, when set (by a test), is given every working grid (a
// view) whose static search's answers the context keeps.
var multipleKnownGrid func(g *Grid)

// cellQuestion and regionQuestion number the static search's questions:
// a cell's, a unit's and digit's (n digits).
func cellQuestion(cell int) int32      { return int32(cell) }
func regionQuestion(u, d, n int) int32 { return -int32(u*n+d) - 1 }
func isRegionQuestion(q int32) bool    { return q < 0 }

// knownAnswers says which questions a static search must ask: the others
// are no.
type knownAnswers struct {
	cell []bool // per cell
	reg  []bool // per unit*n+digit
}

// ask reports whether question q must be asked.
func (k *knownAnswers) ask(q int32) bool {
	if isRegionQuestion(q) {
		return k.reg[-q-1]
	}
	return k.cell[q]
}

// meets answers question q, whether the runs from keys may meet (a region
// question tries commonPeers first), by the index or, when the question
// need not be asked, no; with record, a yes is noted.
func (s *fcSearch) meets(q int32, keys []int32, region bool) bool {
	if s.known != nil && !s.known.ask(q) {
		return false
	}
	ri := s.reach()
	g := &s.c.implGraph
	yes := region && ri.commonPeers(g, keys) || ri.commonReach(g, keys)
	if yes && s.record {
		s.yes = append(s.yes, q)
	}
	return yes
}

// answerGen is the number of grids a generation of the answer set keeps.
const answerGen = 1 << 16

// answerSet keeps, per grid hash, the questions that said yes, in two
// generations of answerGen grids.
type answerSet struct{ genMap[[]int32] }

// keep notes the yes answers of the grid of hash h (a copy of yes).
func (a *answerSet) keep(h [2]uint64, yes []int32) {
	var y []int32
	if len(yes) > 0 {
		y = append(make([]int32, 0, len(yes)), yes...)
	}
	a.put(h, y, answerGen)
}

// knownFor returns the answers the static search on the working grid of
// the outer propagation c (hash h) may carry from a bigger grid searched
// before (see above), nil when there is none.
func (ctx *fcContext) knownFor(z *multipleZero, c *chainer, h [2]uint64) *knownAnswers {
	if multipleKnownOff || z.answers.empty() {
		return nil
	}
	var k *knownAnswers
	z.grown(c, h, func(he [2]uint64, e []int32) bool {
		yes, ok := z.answers.get(he)
		if !ok || !noLinkMade(c, e) {
			return false
		}
		k = ctx.knownAnswers(c, yes, e)
		return true
	})
	return k
}

// knownAnswers makes the context's table of the questions to ask: those
// that said yes on the bigger grid and those whose starts removing e
// changed.
func (ctx *fcContext) knownAnswers(c *chainer, yes, e []int32) *knownAnswers {
	n := c.n
	k := &ctx.known
	k.cell = resized(k.cell, len(c.cand))
	k.reg = resized(k.reg, len(c.houses)*n)
	for _, q := range yes {
		if isRegionQuestion(q) {
			k.reg[-q-1] = true
		} else {
			k.cell[q] = true
		}
	}
	var uBuf [8]int
	for _, key := range e {
		cell, d := splitKey(key, n, c.nMul)
		k.cell[cell] = true
		for _, u := range c.regionUnits(cell, uBuf[:0]) {
			k.reg[u*n+d] = true
		}
	}
	return k
}
