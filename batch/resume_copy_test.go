package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// copyRun is a resumable run of 20 6x6 puzzles with seed 3 writing out.
type copyRun struct {
	t     *testing.T
	fp    RunFile
	shape RunShape
}

func newCopyRun(t *testing.T) *copyRun {
	return &copyRun{t: t, fp: RunFile{Sudogen: "test", Options: [][2]string{{"--seed", "3"}}},
		shape: RunShape{Kind: export.KindSudoku, Size: 6, Seed: 3}}
}

// run prepares r and executes the run to out; ctx cancelled interrupts it.
func (c *copyRun) run(ctx context.Context, out string, on bool) (*Resume, Result, error) {
	c.t.Helper()
	return c.runWith(ctx, out, on, "")
}

// runWith is run making puzzles of the clue symmetry sym.
func (c *copyRun) runWith(ctx context.Context, out string, on bool, sym generate.Symmetry) (*Resume, Result, error) {
	c.t.Helper()
	r, err := OpenResume(out, on)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := r.Prepare(c.fp, c.shape); err != nil {
		return r, Result{}, err
	}
	f, err := export.CreateJSONL(out)
	if err != nil {
		c.t.Fatal(err)
	}
	res, err := Execute(ctx, &Spec{Count: 20, Workers: 2, Seed: 3, Sinks: []Sink{f}, Resume: r, Dedupe: NewCanonSet(0),
		NewMaker: SudokuMakers(SudokuOptions{Generate: generate.Options{Shape: sudoku.Shape6, Minimal: true, Symmetry: sym}, Seed: 3})})
	return r, res, err
}

// interrupted leaves in a new folder what a run interrupted by Ctrl-C
// leaves: its run file, written when it started with old (nil: none) at
// the output path, and the output holding the first half of the full
// run's records (renamed there by the interrupt). It returns the output.
func (c *copyRun) interrupted(full, old []byte) string {
	c.t.Helper()
	out := filepath.Join(c.t.TempDir(), "p.jsonl")
	if old != nil {
		os.WriteFile(out, old, 0o644)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := c.run(ctx, out, false); !errors.Is(err, ErrInterrupted) {
		c.t.Fatalf("interrupted run: %v", err)
	}
	if err := os.WriteFile(out, full[:len(full)/2], 0o644); err != nil {
		c.t.Fatal(err)
	}
	return out
}

// copyWithoutTimes copies the output, then the run file, to a new folder
// as cp without -p does: the copies get new times, the output's earlier
// than the run file's (set here, so the order does not depend on the
// clock's resolution). It returns the copied output.
func (c *copyRun) copyWithoutTimes(out string) string {
	c.t.Helper()
	to := filepath.Join(c.t.TempDir(), filepath.Base(out))
	now := time.Now()
	for i, pair := range [][2]string{{out, to}, {RunFilePath(out), RunFilePath(to)}} {
		b, err := os.ReadFile(pair[0])
		if err != nil {
			c.t.Fatal(err)
		}
		if err := os.WriteFile(pair[1], b, 0o644); err != nil {
			c.t.Fatal(err)
		}
		at := now.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(pair[1], at, at); err != nil {
			c.t.Fatal(err)
		}
	}
	return to
}

// TestResumeAfterCopy: the output of a run interrupted by Ctrl-C and its
// run file, copied elsewhere without their times (so the output is older
// than the run file), still resume: the kept records are replayed and the
// output ends as the uninterrupted run's. The run file says which file was
// at the output path when the run started, so neither a copy nor a
// touched file is mistaken: an output that is still that file is an
// earlier run's and is replaced, however new its time. A run file of an
// older sudogen, which does not say, refuses an older output holding
// records of the run instead of replacing it, naming the cure.
func TestResumeAfterCopy(t *testing.T) {
	c := newCopyRun(t)
	ref := filepath.Join(t.TempDir(), "ref.jsonl")
	if _, _, err := c.run(context.Background(), ref, false); err != nil {
		t.Fatal(err)
	}
	full, _ := os.ReadFile(ref)

	for _, tc := range []struct {
		name string
		old  []byte // the output when the interrupted run started
	}{{"no output before", nil}, {"an earlier run's output before", []byte("earlier\n")}} {
		out := c.copyWithoutTimes(c.interrupted(full, tc.old))
		_, res, err := c.run(context.Background(), out, true)
		got, _ := os.ReadFile(out)
		if err != nil || res.Resumed == 0 || string(got) != string(full) {
			t.Errorf("%s: resume after a copy: %v, %d resumed, output equal %v", tc.name, err, res.Resumed, string(got) == string(full))
		}
	}

	// The output is still the file that was there when the interrupted run
	// started (it was killed before writing a record), an earlier run's of
	// other options but the same kind, size and seed (symmetric): it is
	// replaced, even though it is newer than the run file, and Why says so.
	out := filepath.Join(t.TempDir(), "p.jsonl")
	if _, _, err := c.runWith(context.Background(), out, false, generate.SymRot180); err != nil {
		t.Fatal(err)
	}
	r, err := OpenResume(out, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Prepare(c.fp, c.shape); err != nil {
		t.Fatal(err)
	}
	r.Finish(false, true) // killed before its output was created
	later := time.Now().Add(time.Hour)
	os.Chtimes(out, later, later)
	r, res, err := c.run(context.Background(), out, true)
	got, _ := os.ReadFile(out)
	if err != nil || res.Resumed != 0 || string(got) != string(full) {
		t.Errorf("earlier output: %v, %d resumed (want 0), output equal %v", err, res.Resumed, string(got) == string(full))
	}
	if !strings.Contains(r.Why(), "the file that was there before the interrupted run started") {
		t.Errorf("earlier output: Why %q", r.Why())
	}

	// A run file of an older sudogen (no "replaces") and an older output
	// holding records of the run: refused, the output left alone.
	out = c.copyWithoutTimes(c.interrupted(full, nil))
	rf, err := ReadRunFile(RunFilePath(out))
	if err != nil || rf.Replaces != "none" {
		t.Fatalf("run file: %v, replaces %q", err, rf.Replaces)
	}
	rf.Replaces = ""
	at := time.Now().Add(time.Hour)
	os.WriteFile(RunFilePath(out), rf.Encode(), 0o644)
	os.Chtimes(RunFilePath(out), at, at)
	var re *RefusedError
	if _, _, err := c.run(context.Background(), out, true); !errors.As(err, &re) || !strings.Contains(err.Error(), "older than its run file") || !strings.Contains(err.Error(), "touch") {
		t.Errorf("older sudogen's run file, older output: %v", err)
	}
	if got, _ := os.ReadFile(out); string(got) != string(full[:len(full)/2]) {
		t.Error("a refused resume changed the output")
	}
}

// TestResumeWhy: a resumed run that keeps nothing says why, naming the
// file and the line.
func TestResumeWhy(t *testing.T) {
	c := newCopyRun(t)
	for _, tc := range []struct {
		name, output, want string
	}{
		{"no output", "", "left neither"},
		{"not a record", "hello\n", "line 1 is not a JSON record"},
		{"torn line", `{"v":1,"id"`, "line 1 is cut short"},
		{"empty", "\x00", ""},
	} {
		out := c.interrupted([]byte("xx"), nil)
		switch tc.output {
		case "":
			os.Remove(out)
		case "\x00":
			os.WriteFile(out, nil, 0o644)
			tc.want = "holds no complete record"
		default:
			os.WriteFile(out, []byte(tc.output), 0o644)
		}
		r, err := OpenResume(out, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Prepare(c.fp, c.shape); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !strings.Contains(r.Why(), tc.want) || (tc.output != "" && !strings.Contains(r.Why(), out)) {
			t.Errorf("%s: Why %q, want %q", tc.name, r.Why(), tc.want)
		}
		r.Abandon()
	}
}
