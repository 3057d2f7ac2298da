package variant

// Basic is how much of SE's ladder below its naked pair a puzzle needs:
// the smallest of two nested sets of rules whose closure solves it, on
// the 9x9 engine (Solver.Basic). The variant makers' pre-filter
// (variantkind): a puzzle solved by rules all rated below a band's lowest
// rating is below the band, so it is dropped without grading.
//
// Why the closure bounds SE's rating: the rules are monotone (fewer
// candidates never stop one from making its deduction, or leave it made
// already), so their closure is the same in any order, and from every
// state a solver reaches that keeps the rules' eliminations sound one of
// them still finds something until the grid is solved. SE's ladder (and
// the grader's, with SukakuExplainer's non-consecutive techniques and the
// pair rule between steps) takes at each step the first of its rules, in
// order of rating, that finds one, so it never goes past these rules:
// its rating is at most the highest of theirs. And a rating of at most
// HiddenTop means a path of hidden singles and full houses alone (every
// other rule of the ladder rates DirectTop or more), which the first set's
// closure holds: so a puzzle of BasicLocked rates DirectTop or more.
type Basic uint8

const (
	// BasicHidden: hidden singles and full houses (with the pair rule's
	// eliminations on boards with pairs) solve it; SE rates it HiddenTop
	// at most.
	BasicHidden Basic = iota
	// BasicLocked: naked and hidden singles, SukakuExplainer's forcing
	// cells and locked NC on boards with pairs, and SE's pointing and
	// claiming solve it (the logic closure's first phase capped at
	// ProveLocked, bb9.logicRun), and hidden singles do not; SE rates it
	// from DirectTop to ProveLocked.
	BasicLocked
	// BasicBeyond: those rules get stuck, or the solver cannot tell (no
	// 9x9 engine for the board).
	BasicBeyond
)

// Basic returns the basic level of puzzle (frame cells, 0 empty; a
// puzzle with one solution, such as a dig's): BasicBeyond on boards
// without the 9x9 engine. It overwrites the engine's level 0 and logic
// state, as Singles and LogicSolves do; like them it is for one
// goroutine.
func (s *Solver) Basic(puzzle []uint8) Basic {
	e := s.logicEngine()
	if e == nil || len(puzzle) != 81 {
		return BasicBeyond
	}
	if e.hiddenSolves(puzzle) {
		return BasicHidden
	}
	if e.lockedSolves() {
		return BasicLocked
	}
	return BasicBeyond
}

// lockedSolves runs the logic closure's first phase capped at
// ProveLocked (singles, the pair rules, pointing and claiming; see
// logicRun) from level 0, where hiddenSolves left its closure of hidden
// singles (a state every solver with those rules reaches): whether it
// solves the grid. The closure's rules for the dig's cap are restored.
func (e *bb9) lockedSolves() bool {
	prove, hidden := e.prove, e.logicHidden
	e.setLogicTop(ProveLocked)
	e.logic = e.stack[0]
	solved := e.singles(&e.logic, nil)
	if solved {
		e.marks = logicMarks{}
		solved = e.phase(&e.logic, true) == phaseSolved
	}
	e.prove, e.logicHidden = prove, hidden
	return solved
}
