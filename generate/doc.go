// Package generate makes puzzles: random full grids, dug to a unique
// (optionally minimal, optionally symmetric, optionally within a givens
// range) Sudoku puzzle of any box shape, vicinity searches for puzzles of a
// target difficulty, and sliding-tile boards by tier.
//
// Entry points:
//
//   - New(Options) returns a Generator; Generator.Sudoku(rng) makes one
//     puzzle with its solution, proven unique, Minimal checked. Draw rng
//     from a seed for reproducible puzzles (batch derives one per index).
//     A Generator is for one goroutine; make one per worker.
//   - NewVicinity searches around a puzzle for neighbours a Rater keeps
//     (batch --tier nightmare).
//   - NewSlide(SlideOptions) makes sliding-tile boards whose optimal
//     length falls in a tier (SlideTiers).
//
// Grade the puzzles with package grade, or let package batch run
// generation and grading on every core (see the examples).
package generate
