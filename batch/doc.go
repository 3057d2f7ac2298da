// Package batch is the generation pipeline: worker goroutines make puzzles
// in parallel, one collector puts them back in index order, filters and
// deduplicates them, and streams them to the sinks. It is what `sudogen
// batch` and `sudogen merge` run, as a library.
//
// Entry points:
//
//   - Spec describes a whole run (kind, count, seed, shard, targets as
//     Accept, dedupe and excluded corpora, attempt and time budgets, the
//     run file as Resume, sinks); Execute(ctx, *Spec) validates and runs
//     it. `sudogen batch` builds one from its flags for every kind.
//   - Run(ctx, Options, sinks...) makes Options.Count records with the
//     Makers of Options.NewMaker and writes them, in index order, to every
//     Sink (export.JSONLWriter, export.LineWriter, export's file and book
//     sinks, or your own type with Write and Close).
//   - SudokuMakers(SudokuOptions) and SlideMakers(SlideOptions) give
//     Options.NewMaker for Sudoku (generate.Options, optional grading with
//     grade.GraderOptions, optional targets) and sliding puzzles.
//   - NewCanonSet is the set of canonical forms that drops isomorphs
//     (Options.Dedupe); LoadExcluded (LoadCanonical, LoadKindCanonical)
//     fills it from corpora whose puzzles a run must not repeat (batch
//     --exclude).
//   - Merge joins corpora in index order, dropping isomorphs, in bounded
//     memory; ParseShard and Shard split a run between machines.
//
// Puzzle number i of a run draws its randomness from (seed, i) alone and
// the collector handles results strictly in index order, so a run's output
// is the same byte for byte whatever the number of workers, and the same
// as the command line's for the same options (see the examples).
//
// The pieces, one file each:
//
//   - spec.go: Spec, Validate and Execute; runfile.go: Resume, the run
//     file's life cycle;
//   - batch.go: the interfaces (Maker, Deduper, Sink), Options and Run,
//     which makes the workers' Makers and drives the collector;
//   - worker.go: the run on internal/pool, the program's one ordered pool
//     (a producer hands out the indices, workers make them, results come
//     back in index order, at most a window of them in flight);
//   - collector.go: the in-order consumer that applies Accept and Dedupe,
//     writes the sinks and decides when the run stops;
//   - stats.go: the running totals; giveup.go: when a quota is out of reach;
//   - sudoku.go, slide.go, grade.go: the Makers of each puzzle kind;
//   - dedupe.go, exclude.go: canonical-form sets and excluded corpora
//     (read on internal/pool);
//   - merge.go (parsing on internal/pool), shard.go, resume.go: joining,
//     splitting and continuing runs.
package batch
