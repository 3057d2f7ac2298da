package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// writeRun writes a run's JSONL lines (9x9, no grading) to a file and
// returns them.
func writeRun(t *testing.T, path string, seed uint64, count int64, shard Shard) []string {
	t.Helper()
	lines := runLines(t, sudoku.Shape9, seed, count, shard)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return lines
}

// tamper decodes a record line, changes it and encodes it again as the
// run's encoder would, so only the checks of its content can catch it.
func tamper(t *testing.T, line string, change func(r *export.Record)) string {
	t.Helper()
	var r export.Record
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatal(err)
	}
	change(&r)
	return string(export.AppendJSON(nil, &r)) + "\n"
}

// TestScanPartialRefusesSpecialFiles (audit 2026-12-02 #9): a FIFO or a
// device as a partial output or a run file is refused at once, not read
// (a FIFO would block, /dev/zero never end), and a run file larger than
// any is refused without being read in full.
func TestScanPartialRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, maxRunFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	shape := RunShape{Kind: "sudoku", Size: 9, Seed: 7}
	for _, c := range []struct {
		path, want string
	}{{fifo, "a named pipe (FIFO), not a regular file"}, {zero, "a device, not a regular file"}} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			if _, err := ScanPartial(c.path, shape); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ScanPartial(%s): %v, want %q", c.path, err, c.want)
			}
			if _, err := ReadRunFile(c.path); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ReadRunFile(%s): %v, want %q", c.path, err, c.want)
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5 s", c.path)
		}
	}
	if _, err := ReadRunFile(big); err == nil || !strings.Contains(err.Error(), "larger than 1024 KiB") {
		t.Errorf("ReadRunFile of a %d-byte file: %v", maxRunFileSize+1, err)
	}
}

func TestScanPartial(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	lines := writeRun(t, path, 7, 20, Shard{1, 3})
	shape := RunShape{Kind: "sudoku", Size: 9, Seed: 7, Shard: Shard{1, 3}}
	whole := strings.Join(lines, "")
	for _, c := range []struct {
		name    string
		content string
		shape   RunShape
		records int64
		stop    string
	}{
		{"whole", whole, shape, 20, ""},
		{"torn last line", whole[:len(whole)-40], shape, 19, "line 20 is cut short"},
		{"last line without its newline", whole[:len(whole)-1], shape, 19, "line 20 is cut short"},
		{"empty", "", shape, 0, ""},
		{"other seed", whole, RunShape{Kind: "sudoku", Size: 9, Seed: 8, Shard: Shard{1, 3}}, 0, "line 1 has seed 7, the run's is 8"},
		{"other size", whole, RunShape{Kind: "sudoku", Size: 6, Seed: 7, Shard: Shard{1, 3}}, 0, "line 1 is a 9x9 sudoku record, the run makes 6x6 sudoku"},
		{"other shard", whole, RunShape{Kind: "sudoku", Size: 9, Seed: 7, Shard: Shard{0, 3}}, 0, "line 1 has index 1"},
		{"a line lost", lines[0] + lines[1] + lines[3], shape, 3, ""}, // indices still rise in the shard: a prefix can't tell
		{"out of order", lines[1] + lines[0], shape, 1, "line 2 has index 1, the run's next is 7"},
		{"other encoding", lines[0] + strings.Replace(lines[1], `"kind":"sudoku"`, `"kind": "sudoku"`, 1), shape, 1, "line 2 was not written by this version of sudogen"},
		{"junk", lines[0] + "hello\n", shape, 1, "line 2 is not a JSON record"},
		// Audit 2026-12-02 #6: records that re-encode to their own bytes
		// but are not what the run made.
		{"several solutions", lines[0] + tamper(t, lines[1], func(r *export.Record) {
			r.Puzzle = strings.Repeat(".", 30) + r.Puzzle[30:]
			r.Givens = len(r.Puzzle) - strings.Count(r.Puzzle, ".")
		}) + lines[2], shape, 1, "line 2 fails the check (puzzle has more than one solution)"},
		{"givens changed", lines[0] + tamper(t, lines[1], func(r *export.Record) { r.Givens++ }), shape, 1, "line 2 fails the check (givens"},
		{"solution changed", tamper(t, lines[0], func(r *export.Record) {
			b := []byte(r.Solution)
			b[0], b[1] = b[1], b[0]
			r.Solution = string(b)
		}), shape, 0, "line 1 fails the check (solution is wrong"},
		{"canonical changed", tamper(t, lines[0], func(r *export.Record) { r.Canonical = r.Puzzle }), shape, 0, "line 1 fails the check (canonical is not its puzzle's)"},
		// A run writes every sudoku record with its box (Check would
		// take a plain line's standard box for its size).
		{"box dropped", lines[0] + tamper(t, lines[1], func(r *export.Record) { r.Box = nil }), shape, 1, "line 2 fails the check (box []: expected [rows, cols])"},
		// Grading fields that disagree (export.CheckGrading), and what
		// only the run knows (RunShape.Check: its tier table, minimal).
		{"grading made up", lines[0] + tamper(t, lines[1], func(r *export.Record) {
			r.Rating, r.Tier, r.Techniques = 99.5, "easy", map[string]int{"hidden-single": 3}
		}), shape, 1, "line 2 fails the check (rating 99.5 is off the sudoku scale, expected 1.0 to 20.0)"},
		{"the run's check", whole, RunShape{Kind: "sudoku", Size: 9, Seed: 7, Shard: Shard{1, 3}, Check: func(r *export.Record) error {
			if r.Index == 7 {
				return fmt.Errorf("not this run's")
			}
			return nil
		}}, 2, "line 3 fails the check (not this run's)"},
	} {
		os.WriteFile(path, []byte(c.content), 0o644)
		p, err := ScanPartial(path, c.shape)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if p.Records != c.records || !strings.Contains(p.Stop, c.stop) || (c.stop == "" && p.Stop != "") {
			t.Errorf("%s: %d records, stop %q; want %d and %q", c.name, p.Records, p.Stop, c.records, c.stop)
		}
		var bytes int64
		for _, l := range lines[:min(int(c.records), len(lines))] {
			bytes += int64(len(l))
		}
		if c.name != "a line lost" && c.name != "out of order" && p.Bytes != bytes {
			t.Errorf("%s: %d bytes, want %d", c.name, p.Bytes, bytes)
		}
	}
}

// TestRunReplay: a run given the first k records of the same run replays
// them and goes on; the output is the uninterrupted run's whatever k, and
// nothing before the next index is made again.
func TestRunReplay(t *testing.T) {
	var calls atomic.Int64
	whole := &recSink{}
	if _, err := Run(context.Background(), Options{Count: 60, Workers: 3, Seed: 2, Start: 1, Step: 2, NewMaker: makers(&calls)}, whole); err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 1, 30, 59, 60} {
		calls.Store(0)
		s := &recSink{}
		st, err := Run(context.Background(), Options{Count: 60, Workers: 2, Seed: 2, Start: 1, Step: 2, NewMaker: makers(&calls),
			Replay: &sliceReplay{recs: whole.recs[:k]}}, s)
		if err != nil {
			t.Fatal(err)
		}
		if s.text() != whole.text() || st.Resumed != int64(k) || st.Accepted != 60 {
			t.Errorf("k %d: output differs, resumed %d, accepted %d", k, st.Resumed, st.Accepted)
		}
		if c := calls.Load(); c != int64(60-k) {
			t.Errorf("k %d: %d puzzles made, want %d", k, c, 60-k)
		}
	}
	// A replayed record of another shard, or a duplicate, is refused.
	bad := []export.Record{whole.recs[0], {ID: "x", Index: 2}}
	if _, err := Run(context.Background(), Options{Count: 5, Start: 1, Step: 2, NewMaker: makers(&calls), Replay: &sliceReplay{recs: bad}}, &recSink{}); err == nil || !strings.Contains(err.Error(), "has index 2, not the next of this run") {
		t.Errorf("err %v", err)
	}
	dup := []export.Record{whole.recs[0], whole.recs[0]}
	dup[1].Index = 3
	// A repeat ends the replay: the run keeps the records before it, makes
	// the rest again and says why it stopped replaying.
	st, err := Run(context.Background(), Options{Count: 5, Start: 1, Step: 2, NewMaker: makers(&calls), Dedupe: setDedupe{}, Replay: &sliceReplay{recs: dup}}, &recSink{})
	if err != nil || st.Resumed != 1 || !strings.Contains(st.ReplayStop, "repeats an earlier puzzle") {
		t.Errorf("err %v, resumed %d, replay stop %q", err, st.Resumed, st.ReplayStop)
	}
}

type sliceReplay struct {
	recs []export.Record
	i    int
}

func (r *sliceReplay) Next() (*export.Record, error) {
	if r.i >= len(r.recs) {
		return nil, io.EOF
	}
	r.i++
	return &r.recs[r.i-1], nil
}

func TestRunFileDiff(t *testing.T) {
	a := RunFile{Sudogen: "v1", Options: [][2]string{{"--seed", "5"}, {"--shape", "9x9"}, {"--tier", "hard"}}}
	for _, c := range []struct {
		now  RunFile
		want string
	}{
		{a, ""},
		{RunFile{Sudogen: "v2", Options: a.Options}, "it was written by sudogen v1, this is v2"},
		{RunFile{Sudogen: "v1", Options: [][2]string{{"--seed", "6"}, {"--shape", "9x9"}, {"--tier", "hard"}}}, "it was run with --seed 5, this run has --seed 6"},
		{RunFile{Sudogen: "v1", Options: [][2]string{{"--seed", "5"}, {"--shape", "9x9"}}}, "it was run with --tier hard, which this run does not have"},
		{RunFile{Sudogen: "v1", Options: append(a.Options, [2]string{"--exclude", "3 forms"})}, "it does not record --exclude (this run has --exclude 3 forms)"},
	} {
		if got := a.Diff(c.now); got != c.want {
			t.Errorf("Diff = %q, want %q", got, c.want)
		}
	}
	// A flag given as "" on one side is said as absent, not as a blank
	// after its name ("it was run with --requires , this run has ...").
	empty := RunFile{Sudogen: "v1", Options: [][2]string{{"--requires", ""}}}
	xy := RunFile{Sudogen: "v1", Options: [][2]string{{"--requires", "xy-wing"}}}
	for _, c := range []struct {
		was, now RunFile
		want     string
	}{
		{empty, xy, "it was run without --requires, this run has --requires xy-wing"},
		{xy, empty, "it was run with --requires xy-wing, this run has none"},
	} {
		if got := c.was.Diff(c.now); got != c.want {
			t.Errorf("Diff = %q, want %q", got, c.want)
		}
	}
	path := filepath.Join(t.TempDir(), "run.json")
	if _, err := ReadRunFile(path); err != ErrNoRunFile {
		t.Errorf("missing run file: %v", err)
	}
	os.WriteFile(path, a.Encode(), 0o644)
	if b, err := ReadRunFile(path); err != nil || b.Diff(a) != "" {
		t.Errorf("round trip: %v, %q", err, b.Diff(a))
	}
}
