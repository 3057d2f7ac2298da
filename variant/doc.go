// Package variant is the Sudoku variants: a general geometry (any board
// frame with a mask of used cells, symbols 1..N, a list of houses, an
// optional "sees" relation beyond the houses and optional pairwise
// constraints), the catalogue of variants (x, windoku, disjoint-groups,
// asterisk, girandola, center-dot, anti-knight, anti-king,
// non-consecutive, jigsaw and their combinations, and samurai), an exact
// solver and solution counter for any geometry, a generator of unique,
// minimal (optionally symmetric) puzzles, jigsaw region generation, and a
// canonical form under each geometry's own symmetry group.
//
// Entry points:
//
//   - Build(Spec) makes the Geometry of a variant list on a grid side
//     (and a regions string for jigsaw); Samurai() the five-grid board.
//     Geometry.Data is its plain-data form (houses as cell lists) for the
//     grader, the record codec and the checker; FromData reads one back.
//   - NewSolver(g) is the exact solver: Count, Solve, Unique. One per
//     goroutine; no allocation per search node.
//   - NewGenerator(g, Options) makes puzzles: random full solution, dug to
//     a unique puzzle, minimal by default. RandomRegions makes jigsaw
//     layouts.
//   - NewCanonicalizer(g) computes the canonical key of a puzzle under the
//     geometry's symmetry group (Group lists it).
//
// Cells are indexes into the Rows x Cols frame, row-major; unused cells of
// the frame (Samurai's corners) take part in nothing. Values are 1..N,
// 0 is empty. docs/variants.md lists every variant's houses and group.
package variant
