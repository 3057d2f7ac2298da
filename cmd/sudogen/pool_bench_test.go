package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// runCommand runs sudogen with args on input, output discarded, failing b
// on an error.
func runCommand(b *testing.B, input []byte, args ...string) {
	root := NewCmdRoot()
	root.SetArgs(args)
	root.SetIn(bytes.NewReader(input))
	root.SetOut(io.Discard)
	root.SetErr(io.Discard)
	if err := root.ExecuteContext(context.Background()); err != nil {
		b.Fatal(err)
	}
}

// benchCommand runs one per-puzzle command end to end (read, parse, work,
// format, ordered write) over a whole published set, as the CLI does, and
// reports puzzles per CPU-second of the whole process: the figure to set
// beside the engine benchmark of the same work.
func benchCommand(b *testing.B, rel string, args ...string) {
	data, err := os.ReadFile(testdata.Full(b, rel))
	if err != nil {
		b.Fatal(err)
	}
	n := int64(bytes.Count(data, []byte{'\n'}) - bytes.Count(data, []byte("\n#")))
	if data[0] == '#' {
		n--
	}
	var puzzles int64
	start := cputime.Now()
	for b.Loop() {
		runCommand(b, data, args...)
		puzzles += n
	}
	if cpu := cputime.Now() - start; cpu > 0 {
		b.ReportMetric(float64(puzzles)/cpu.Seconds(), "puzzles/cpu-s")
	}
}

// BenchmarkSolveCount17Clue: `sudogen solve --count --limit 2` on the
// 17-clue list; compare with ./sudoku BenchmarkUnique17Clue.
func BenchmarkSolveCount17Clue(b *testing.B) {
	benchCommand(b, "sudoku/17-clue.txt", "solve", "--count", "--limit", "2")
}

// BenchmarkSolve17Clue: `sudogen solve` (solutions printed).
func BenchmarkSolve17Clue(b *testing.B) {
	benchCommand(b, "sudoku/17-clue.txt", "solve")
}

// BenchmarkCanon17Clue: `sudogen canon`; compare with ./sudoku
// BenchmarkCanon17Clue.
func BenchmarkCanonCLI17Clue(b *testing.B) {
	benchCommand(b, "sudoku/17-clue.txt", "canon")
}

// lowPuzzles returns the cb-ser-dev puzzles Sudoku Explainer rates 6.9 or
// less (the README's grading set), one per line.
func lowPuzzles(b *testing.B) []string {
	var out []string
	for _, f := range testdata.Fields(b, "sudoku/cb-ser-dev.tsv") {
		if r, err := strconv.ParseFloat(f[1], 64); err == nil && r <= 6.9 {
			out = append(out, f[0])
		}
	}
	return out
}

// BenchmarkGraderLow: the engine side of `sudogen grade`: one
// grade.Grader (uniqueness, canonical form, SE and HoDoKu profiles) on one
// goroutine over the low set, per CPU-second.
func BenchmarkGraderLow(b *testing.B) {
	ps := lowPuzzles(b)
	gs := make([]sudoku.Grid, len(ps))
	for i, p := range ps {
		gs[i], _ = sudoku.ParseAuto(p)
	}
	g, err := grade.NewGrader(grade.GraderOptions{})
	if err != nil {
		b.Fatal(err)
	}
	n, start := 0, cputime.Now()
	for b.Loop() {
		if _, err := g.Grade(gs[n%len(gs)]); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if cpu := cputime.Now() - start; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), "puzzles/cpu-s")
	}
}

// BenchmarkGradeCLILow: `sudogen grade` end to end (JSONL out) on the same
// puzzles, per CPU-second of the whole process.
func BenchmarkGradeCLILow(b *testing.B) {
	ps := lowPuzzles(b)
	data := []byte(strings.Join(ps, "\n") + "\n")
	var puzzles int64
	start := cputime.Now()
	for b.Loop() {
		runCommand(b, data, "grade")
		puzzles += int64(len(ps))
	}
	if cpu := cputime.Now() - start; cpu > 0 {
		b.ReportMetric(float64(puzzles)/cpu.Seconds(), "puzzles/cpu-s")
	}
}

// BenchmarkSolveWorkers: `sudogen solve` over 17-clue.txt with one worker
// and with one per CPU, in puzzles per wall-clock second: how the
// command's wall time scales with cores (on an idle machine; a shared one
// shows what it can spare).
func BenchmarkSolveWorkers(b *testing.B) {
	data, err := os.ReadFile(testdata.Full(b, "sudoku/17-clue.txt"))
	if err != nil {
		b.Fatal(err)
	}
	n := bytes.Count(data, []byte{'\n'}) - bytes.Count(data, []byte("\n#"))
	for _, w := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			start, puzzles := time.Now(), 0
			for b.Loop() {
				runCommand(b, data, "solve", "--workers", strconv.Itoa(w))
				puzzles += n
			}
			b.ReportMetric(float64(puzzles)/time.Since(start).Seconds(), "puzzles/s-wall")
		})
	}
}
