package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// TestResumeLifeCycle follows the run file on disk: a fresh run writes it
// before its output and removes it after success; an interrupted run
// keeps it; a resumed run with other options, or an output without a run
// file, is refused (RefusedError) and the files stay as they were; a
// resumed run of the same options replays the kept records and ends with
// the uninterrupted run's output.
func TestResumeLifeCycle(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.jsonl")
	fp := RunFile{Sudogen: "test", Options: [][2]string{{"--seed", "3"}}}
	shape := RunShape{Kind: export.KindSudoku, Size: 6, Seed: 3}
	run := func(ctx context.Context, r *Resume, count int64) (Result, error) {
		f, err := export.CreateJSONL(out)
		if err != nil {
			t.Fatal(err)
		}
		return Execute(ctx, &Spec{Count: count, Workers: 2, Seed: 3, Sinks: []Sink{f}, Resume: r, Dedupe: NewCanonSet(0),
			NewMaker: SudokuMakers(SudokuOptions{Generate: generate.Options{Shape: sudoku.Shape6, Minimal: true}, Seed: 3})})
	}

	// A fresh run: the run file exists while it runs, not after.
	r, err := OpenResume(out, false)
	if err != nil || r.Path != filepath.Join(dir, ".p.jsonl.run.json") {
		t.Fatalf("open: %v, %q", err, r.Path)
	}
	if err := r.Prepare(fp, shape); err != nil || !exists(r.Path) {
		t.Fatalf("prepare: %v, run file written %v", err, exists(r.Path))
	}
	if _, err := run(context.Background(), r, 20); err != nil {
		t.Fatal(err)
	}
	if exists(r.Path) {
		t.Error("run file left after a run that succeeded")
	}
	full, _ := os.ReadFile(out)

	// An interrupted run keeps it and the records made.
	r, _ = OpenResume(out, false)
	r.Prepare(fp, shape)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := run(ctx, r, 20); !errors.Is(err, ErrInterrupted) || !exists(r.Path) {
		t.Fatalf("interrupted: %v, run file kept %v", err, exists(r.Path))
	}

	// Other options: refused, naming the option.
	r, _ = OpenResume(out, true)
	other := RunFile{Sudogen: "test", Options: [][2]string{{"--seed", "4"}}}
	var re *RefusedError
	if err := r.Check(other); !errors.As(err, &re) || !strings.Contains(err.Error(), "--seed 3, this run has --seed 4") {
		t.Errorf("other options: %v", err)
	}

	// The same options: the kept records (a prefix, written as the output
	// by Ctrl-C or empty) are replayed and the run ends as the full one.
	os.WriteFile(out, full[:len(full)/2], 0o644) // a torn last line is made again
	r, _ = OpenResume(out, true)
	if err := r.Check(fp); err != nil {
		t.Fatal(err)
	}
	if err := r.Prepare(fp, shape); err != nil {
		t.Fatal(err)
	}
	res, err := run(context.Background(), r, 20)
	if got, _ := os.ReadFile(out); err != nil || string(got) != string(full) || res.Resumed == 0 {
		t.Errorf("resumed: %v, %d resumed, output equal %v", err, res.Resumed, string(got) == string(full))
	}
	if !exists(r.Path) {
		t.Error("a resumed run removed its run file (the same command again must be a no-op)")
	}

	// No run file but an output: refused, the output left alone.
	os.Remove(r.Path)
	r, _ = OpenResume(out, true)
	if err := r.Prepare(fp, shape); !errors.As(err, &re) || !strings.Contains(err.Error(), "there is no run file") {
		t.Errorf("no run file: %v", err)
	}
	if got, _ := os.ReadFile(out); string(got) != string(full) {
		t.Error("a refused resume changed the output")
	}
}
