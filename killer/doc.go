// Package killer is Killer Sudoku: a Sudoku grid (9x9, 6x6 with 2x3 boxes,
// 8x8 with 2x4 boxes, and 4x4 for tests) covered by cages, each a
// connected group of cells with a sum; the digits of a cage are distinct
// and add up to its sum. Killer-X adds the two main diagonals as houses.
//
// The package holds the model (Geometry, Cage, Puzzle and their text
// form), an exact solver and solution counter that propagates cage sums
// (Solver), a generator of unique puzzles (Generate) and a grader that
// solves like a person and explains each step (Grade).
package killer
