// Package grade is the human-technique logical solver: a candidate grid,
// technique finders grouped by family, the solving loop that logs each step,
// and the rating profiles (Sudoku Explainer and HoDoKu scales) over it.
//
// # Layouts: grading on any houses
//
// A grid lives on a Layout: digits 1..N on a board of cells, a list of
// houses (N cells each, every digit once) and a sees relation (the peers
// of a cell). The classic layout of a box shape (ClassicLayout, what
// NewGrid uses) has the rows, columns and boxes as its houses. A variant
// builds its own from plain data with NewLayout:
//
//	l, err := grade.NewLayout(grade.LayoutSpec{
//		Classic: sudoku.GeometryOf(sudoku.Shape9), // rows, columns, boxes first
//		Houses:  [][]int{diag1, diag2},             // extra houses (X-sudoku)
//		Sees:    knightPairs,                       // extra sees pairs (anti-knight)
//	})
//	g, err := grade.NewLayoutGrid(l, givens) // givens: one value per cell, 0 = empty
//	res, err := grade.NewEngine(grade.SEProfile()).Solve(g, grade.Options{})
//
// Without a classic frame, give N (digits), Cells (board size) and every
// house in Houses; Used marks the cells in use (nil: all), so a board with
// holes (overlapping grids) is one layout. NewLayout returns an error that
// names the bad house, pair or cell.
//
// Techniques marked Technique.Houses (singles, locked candidates,
// subsets, basic fish over the layout's lines, XY- and XYZ-Wing, aligned
// pair and triple exclusion, SE's cycles and forcing chains with every
// nesting level) search the layout's houses and sees relation only, so
// they apply on every layout, with or without a classic frame (jigsaw,
// samurai); without a frame the nesting levels' advanced rules are
// locking, hidden and naked pairs (no X-Wing), and on a frame with typed
// extra houses or sees pairs (SetHouseTypes) they are SukakuExplainer's:
// generalized locking and naked pair (what every cell of the pattern
// sees), hidden pair and X-Wing. Techniques marked
// Technique.Frame need a classic frame (Layout.Geo) and read its extra
// houses and sees pairs too. On a layout that is not Plain the solving
// loop runs these and, on a layout with a classic frame and typed extra
// houses (Layout.SetHouseTypes), SukakuExplainer's unique rectangles and
// loops, which walk every house and drop a loop where a sees pair would
// forbid the swap, and its BUG (bug_search.go); nothing else: the
// HoDoKu-only finders assume rows, columns and boxes. On such a layout,
// and on a non-consecutive one, unique loop type 3 and the BUG follow
// SukakuExplainer (lkSudoku's fixes) rather than Sudoku Explainer 1.2.1,
// and so do the orders that pick a step among equals (Layout.sukakuOrder,
// sukaku_order.go): locked candidates by pair of house kinds then digit,
// wing pincers in its visible-cell order, chain links in its order of
// region types and leaps, so the solve path is its path step for step.
//
// Non-consecutive pairs (LayoutSpec.Consecutive) leave the layout Plain:
// the caller applies the pair rule between steps. Inside SE's chains
// they are links, as in SukakuExplainer: a candidate taken on turns off
// the digits one away from its own in its partner cells (with X-links
// and Y-links alike), and unique loops and the BUG are dropped where a
// pair could tell their fillings apart.
//
// # Options go through the call
//
// Engine.Solve turns Options into a Ctx (scan order, work budget,
// parallelism, keep-proofs, the forcing-chain context) that it passes to
// every finder (Technique.Find); the grid carries only grid state.
//
// docs/techniques.md says how a technique is added and docs/grading.md how
// the ratings are reproduced.
package grade
