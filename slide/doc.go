// Package slide is the sliding-tile puzzle (the 8-, 15- and 24-puzzle):
// boards of width 3, 4 and 5, moves, the solvability rule, parsing and
// printing, exact distance tables, pattern databases, the optimal IDA*
// solver and the canonical form used for deduplication.
//
// Tiles are stored row-major, 0 is the blank, and the goal is
// 1 2 ... N 0 ("blank-last"). A move letter (U, D, L, R) names the
// direction the blank travels.
//
// Entry points:
//
//   - New builds a Board from tiles and Parse reads one from a line of
//     numbers; both check the tiles (count, range, no repeat), not
//     solvability: Board.Solvable refuses an unsolvable board, naming the
//     parity, and Solver.Solve refuses one the same way.
//   - NewSolver(width, Options) and Solver.Solve: optimal solutions for
//     3x3 (an exact distance table) and 4x4 (IDA* with additive pattern
//     databases, built on first use and cached on disk), bounded-suboptimal
//     ones with a proven lower bound for 5x5 unless Options.Exact.
//   - Board.Apply plays a move string; Board.Canonical is the key shared by
//     a board and its reflection about the main diagonal.
//   - BuildTables prebuilds the pattern databases (sudogen slide
//     build-tables).
package slide
