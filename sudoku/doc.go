// Package sudoku is the Sudoku board for every box shape: geometry tables,
// parsing and printing, candidate bitsets, the exact solver and solution
// counter, and the canonical form. It depends on nothing else in sudogen.
//
// Entry points:
//
//   - Shapes and Shape: the supported box shapes (2x2, 2x3, 2x4, 3x3,
//     3x4, 4x4, 5x5, for grids of side 4 to 25); ParseShape reads "RxC",
//     ShapeForSize and ShapeForCells pick the shape of a side or a length.
//   - Parse and ParseAuto read a puzzle string ('.' or '0' empty, symbols
//     1-9 then A-P); Grid.String writes one back.
//   - Solve and CountSolutions (pooled, safe for concurrent use), or a
//     Solver of your own per goroutine for no allocation per call: the
//     exact solver that proves a puzzle has one solution.
//   - Canonical and CanonicalString, or a Canonicalizer per goroutine: the
//     true minlex form, equal for every isomorph of a puzzle (relabelling,
//     row, column, band and stack permutations, transposition where boxes
//     are square), the key for deduplication; the Transform it returns
//     maps the puzzle to it and back.
//
// Cells are row-major; a Grid's Cells hold 0 for empty and 1..N for values.
// Invalid input is refused with an error, never a panic. Functions with
// no error result say in their doc what they do with input they cannot
// use: NewGrid of an unsupported shape returns the zero Grid, which
// Grid.Check refuses, Solve and CountSolutions count 0 for and Canonical
// maps to the zero Grid; Grid.String writes a value with no symbol as '?'.
// The one exception is a Shape that is not one of Shapes given to the
// constructors of shape tables (GeometryOf, NewSolver, NewCanonicalizer):
// a programmer's error they panic on, as their docs say; take shapes from
// Shapes, ParseShape, ShapeForSize or ShapeForCells.
package sudoku
