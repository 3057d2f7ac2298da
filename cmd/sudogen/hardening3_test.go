package main

// More tests of the built binary for issue 19 (hardening II), by the audit
// item of shared/audits/2026-12-02-hostile.md each covers (the others are
// in hardening2_test.go). SUDOGEN_TEST_BIN=/path/to/sudogen runs them
// against another build.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/testdata"
)

// auditPuzzle is the audit's example puzzle (one solution, 18 givens).
const auditPuzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// TestMergeKeepsUserRecords (audit 3): the audit's reproduction. A record
// without seed and index keeps its own fields byte for byte (merge adds
// only its canonical form), gets no "size":0 and no invented seed or
// index; a plain line gets no seed or index either; a record every other
// reader refuses is refused with its file and line, and nothing written.
func TestMergeKeepsUserRecords(t *testing.T) {
	dir := t.TempDir()
	user := `{"id":"mine-1","puzzle":"` + auditPuzzle + `","source":"Le Monde","author":"Ann"}`
	files := map[string]string{
		"u.jsonl":    user + "\n",
		"p.txt":      auditPuzzle + "\n",
		"bad.jsonl":  `{"id":"x","puzzle":"` + auditPuzzle + `","rating":"hard","seed":1,"index":2}` + "\n",
		"bad2.jsonl": user + "\n" + `{"id":"y","puzzle":"` + auditPuzzle + `","techniques":{"x":"y"},"seed":1,"index":3}` + "\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "m.jsonl")
	if code, _, stderr, _ := runBin(t, time.Minute, nil, "merge", filepath.Join(dir, "u.jsonl"), "-q", "-o", out); code != 0 {
		t.Fatalf("merge u.jsonl: exit %d: %s", code, stderr)
	}
	got, _ := os.ReadFile(out)
	prefix := strings.TrimSuffix(user, "}") + `,"canonical":"`
	if !strings.HasPrefix(string(got), prefix) || strings.Count(string(got), `"canonical"`) != 1 || !strings.HasSuffix(string(got), "\"}\n") {
		t.Errorf("merge rewrote the user's record:\n%s\nwant it byte for byte, then its canonical form", got)
	}
	if code, _, stderr, _ := runBin(t, time.Minute, nil, "merge", filepath.Join(dir, "p.txt"), "-q", "-o", out); code != 0 {
		t.Fatalf("merge p.txt: exit %d: %s", code, stderr)
	}
	got, _ = os.ReadFile(out)
	for _, bad := range []string{`"seed"`, `"index"`, `"size":0`} {
		if strings.Contains(string(got), bad) {
			t.Errorf("a plain line became %s, with %s", got, bad)
		}
	}
	for name, want := range map[string]string{"bad.jsonl": `bad.jsonl:1: field "rating": a string where a number is expected`, "bad2.jsonl": `bad2.jsonl:2: field "techniques": a string where a whole number is expected`} {
		os.Remove(out)
		code, _, stderr, _ := runBin(t, time.Minute, nil, "merge", filepath.Join(dir, name), "-q", "-o", out)
		if code != 1 || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("merge %s: exit %d, stderr %q: want 1 and one line with %q", name, code, stderr, want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("merge %s wrote its output despite the bad record", name)
		}
	}
}

// TestLineErrorsCapped (audit 15): a wrong input of many lines gives the
// first messages and then a count, not a message per line, for every
// command that reports a bad line and goes on.
func TestLineErrorsCapped(t *testing.T) {
	dir := t.TempDir()
	garb := filepath.Join(dir, "garb.txt")
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "abc,def %d\n", i)
	}
	if err := os.WriteFile(garb, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", garb}, {"grade", garb}, {"canon", garb}, {"canon", "--unique", garb}, {"solve", "--kind", "slide", garb},
	} {
		code, _, stderr, _ := runBin(t, time.Minute, nil, args...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		last := lines[len(lines)-1]
		if strings.HasPrefix(last, "0 puzzles") && len(lines) > 1 {
			last = lines[len(lines)-2] // canon --unique's summary comes after
		}
		if code == 0 || len(lines) > 102 || !strings.Contains(last, "900 more messages like these not shown (1,000 in all") ||
			!strings.HasPrefix(lines[0], "sudogen: "+garb+":1: ") {
			t.Errorf("%v: exit %d, %d lines of stderr, first %q, ending %q", args, code, len(lines), lines[0], last)
		}
	}
}

// TestSlideSolveGoal (audit 20): solve --kind slide refuses a record whose
// goal (or move_piece) is not the one its moves would lead to, as export
// does, instead of printing moves towards another board; the goal the
// format defines, or none, is solved.
func TestSlideSolveGoal(t *testing.T) {
	for _, c := range []struct {
		rec      string
		code     int
		out, err string
	}{
		{`{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-first"}`, 1, "invalid\n", `stdin:1: goal "blank-first": only "blank-last"`},
		{`{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"move_piece":"tile"}`, 1, "invalid\n", `stdin:1: move_piece "tile": only "blank"`},
		{`{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-last"}`, 0, "1 R\n", ""},
		{`{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]}`, 0, "1 R\n", ""},
	} {
		code, out, stderr, _ := runBin(t, time.Minute, strings.NewReader(c.rec+"\n"), "solve", "--kind", "slide")
		if code != c.code || out != c.out || !strings.Contains(stderr, c.err) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.rec, code, out, stderr, c.code, c.out, c.err)
		}
	}
}

// TestSlideGoalEveryReader: the readers that take any kind (solve
// without --kind, canon, export, stats) refuse a slide record whose goal
// or move_piece is not the format's, as solve --kind slide does; they
// printed the moves towards blank-last ("R") for a "blank-first" record,
// with exit 0.
func TestSlideGoalEveryReader(t *testing.T) {
	const board = `{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]`
	for _, args := range [][]string{{"solve"}, {"canon"}, {"export", "-", "--format", "jsonl", "-o", "-"}, {"stats", "-"}} {
		for _, c := range []struct{ field, err string }{
			{`,"goal":"blank-first"}`, `stdin:1: goal "blank-first": only "blank-last"`},
			{`,"move_piece":"tile"}`, `stdin:1: move_piece "tile": only "blank"`},
			{`,"goal":"blank-last"}`, ""},
		} {
			code, _, stderr := runCLI(t, board+c.field+"\n", args...)
			if (c.err == "") != (code == 0) || !strings.Contains(stderr, c.err) {
				t.Errorf("%v on %s: exit %d, stderr %q; want %q", args, c.field, code, stderr, c.err)
			}
		}
	}
}

// TestReglibSignals (audit 22): reglib stops on SIGINT, SIGTERM and
// SIGHUP within moments, prints the table of the cases it checked and a
// line saying how far it got, and exits 128+N (it ran to the end, or
// waited for the 5 s grace exit, before).
func TestReglibSignals(t *testing.T) {
	lib, err := os.ReadFile(testdata.Path(t, "reglib/reglib-dev.txt"))
	if err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, bytes.Repeat(lib, 40), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		for try := 1; ; try++ {
			cmd := exec.Command(buildBinary(t), "reglib", big)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			ready := readyFile(t, cmd)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ready)
			time.Sleep(300 * time.Millisecond) // into the command's work
			cmd.Process.Signal(sig)
			code, took := waitExit(t, cmd, 30*time.Second)
			if code == -1 && try < loadedTries {
				continue // the signal came before the handler (a loaded machine)
			}
			// Loaded, the first case may not be done yet.
			m := regexp.MustCompile(`checked (through ` + regexp.QuoteMeta(big) + `:\d+ \([\d,]+ cases?\)|before the first case); the counts above are of those\n$`).FindStringSubmatch(stderr.String())
			if code != 128+int(sig) || m == nil || !regexp.MustCompile(`\n[\d,]+ passed, 0 failed, [\d,]+ skipped\n$`).MatchString(stdout.String()) {
				t.Errorf("%v: exit %d after %v, stdout ends %q, stderr %q", sig, code, took, tail(stdout.String(), 80), stderr.String())
			} else if took > 3*time.Second && try < loadedTries {
				continue
			} else if took > 3*time.Second {
				t.Errorf("%v: took %v to stop", sig, took)
			}
			break
		}
	}
}

// tail is the last n bytes of s.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// TestInterruptedExportMergeSayWhatWasKept (audit 24): an export or merge
// stopped by a signal says how far it got and what was kept: nothing, for
// a file (it appears whole or not at all; none is left), or the whole
// lines on stdout, counted.
func TestInterruptedExportMergeSayWhatWasKept(t *testing.T) {
	dir := t.TempDir()
	var sb strings.Builder
	for _, p := range testdataPuzzles(t) {
		sb.WriteString(p)
		sb.WriteByte('\n')
	}
	chunk := []byte(sb.String())
	// The input is a FIFO the test feeds: once more than a pipe's buffer
	// of it was written, the command is reading (its handlers are in
	// place) and cannot have finished, so the signal always lands mid-run
	// however fast or loaded the machine (a fixed delay before the signal
	// was flaky both ways).
	big := filepath.Join(dir, "big.txt")
	q := regexp.QuoteMeta
	read := `(after reading [\d,]+ records? \(through ` + q(big) + `:\d+\)|before reading any record of ` + q(big) + `|while finishing the file, all [\d,]+ records? of ` + q(big) + ` read)`
	for _, c := range []struct {
		args []string
		sig  syscall.Signal
		out  string // the output file, "" for stdout
		want string
	}{
		{[]string{"export", big, "-o", filepath.Join(dir, "b.pdf")}, syscall.SIGINT, "b.pdf",
			`^sudogen: interrupted: export stopped ` + read + `; nothing written to ` + q(filepath.Join(dir, "b.pdf")) + ` \(an export file appears whole or not at all: run the command again\)\n$`},
		{[]string{"export", big, "-o", filepath.Join(dir, "b.jsonl")}, syscall.SIGTERM, "b.jsonl",
			`^sudogen: terminated: export stopped ` + read + `; nothing written to ` + q(filepath.Join(dir, "b.jsonl")) + ` \(an export file`},
		{[]string{"export", big, "--format", "txt", "-o", "-"}, syscall.SIGHUP, "",
			`^sudogen: hung up: export stopped ` + read + `; stdout holds the ([\d,]+) whole lines? written before\n$`},
		{[]string{"merge", big, "-o", filepath.Join(dir, "m.jsonl")}, syscall.SIGINT, "m.jsonl",
			`^interrupted: merge stopped while (reading|deduplicating|writing), after [\d.]+m?s and [\d,]+ records? read; nothing written to ` + q(filepath.Join(dir, "m.jsonl")) + ` \(the merged file appears only when complete: run the command again\)\n$`},
	} {
		os.Remove(big)
		if err := syscall.Mkfifo(big, 0o644); err != nil {
			t.Skipf("no FIFO here: %v", err)
		}
		cmd := exec.Command(buildBinary(t), c.args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		fifo, err := os.OpenFile(big, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		for written := 0; written < 4<<20; written += len(chunk) {
			if _, err := fifo.Write(chunk); err != nil {
				t.Fatalf("%v: feeding the FIFO: %v (stderr %q)", c.args[:2], err, stderr.String())
			}
		}
		cmd.Process.Signal(c.sig)
		// The input keeps coming until the command exits: blocked
		// reading, it gets more and sees the signal at its next step,
		// and it never reaches the end of its input first (closing the
		// FIFO a fixed 100 ms after the signal let a run under the race
		// detector finish the whole input, exit 0, before its handler ran).
		fed := make(chan struct{})
		go func() {
			defer close(fed)
			for {
				if _, err := fifo.Write(chunk); err != nil {
					return // the command is gone (EPIPE) or the FIFO closed
				}
			}
		}()
		code, _ := waitExit(t, cmd, 30*time.Second)
		fifo.Close()
		<-fed
		m := regexp.MustCompile(c.want).FindStringSubmatch(stderr.String())
		if code != 128+int(c.sig) || m == nil {
			t.Errorf("%v %v: exit %d, stderr %q; want %d and %s", c.args[:2], c.sig, code, stderr.String(), 128+int(c.sig), c.want)
		} else if c.out == "" && strings.ReplaceAll(m[len(m)-1], ",", "") != fmt.Sprint(strings.Count(stdout.String(), "\n")) {
			t.Errorf("%v %v: says %s lines, stdout has %d", c.args[:2], c.sig, m[len(m)-1], strings.Count(stdout.String(), "\n"))
		} else if r := regexp.MustCompile(`after reading ([\d,]+) records?`).FindStringSubmatch(stderr.String()); c.out == "" && r != nil {
			// one line a record: what was read is at least what was written
			if n, _ := strconv.Atoi(strings.ReplaceAll(r[1], ",", "")); n < strings.Count(stdout.String(), "\n") {
				t.Errorf("%v %v: says %s records read, but stdout holds %d lines", c.args[:2], c.sig, r[1], strings.Count(stdout.String(), "\n"))
			}
		}
		if c.out != "" {
			if _, err := os.Stat(filepath.Join(dir, c.out)); err == nil {
				t.Errorf("%v: %s exists after the signal", c.args[:2], c.out)
			}
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestCosmeticMessages (audit 26): the give-up advice never asks for
// "--count 0 or fewer"; an --exclude file with a line too long is named
// once (not "cannot read F: F:1: ..."); the --sort error lists no empty
// choice.
func TestCosmeticMessages(t *testing.T) {
	dir := t.TempDir()
	all := filepath.Join(dir, "all4.jsonl")
	runProc(t, nil, "batch", "--size", "4", "--count", "36", "--no-grade", "-q", "-o", all)
	code, _, stderr, _ := runBin(t, time.Minute, nil, "batch", "--size", "4", "--count", "3", "--exclude", all, "--no-grade", "-q", "-o", filepath.Join(dir, "none.jsonl"))
	if code != 1 || !strings.Contains(stderr, "used up") || strings.Contains(stderr, "--count 0") {
		t.Errorf("give-up with none accepted: exit %d, %q", code, stderr)
	}
	long := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(long, bytes.Repeat([]byte{'1'}, 2<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr, _ = runBin(t, time.Minute, nil, "batch", "--count", "1", "--exclude", long, "-o", filepath.Join(dir, "b.jsonl"))
	if code != 2 || stderr != "sudogen: --exclude: "+long+":1: line longer than 1 MiB: not a file of puzzle lines\n" {
		t.Errorf("--exclude with a long line: exit %d, %q", code, stderr)
	}
	code, _, stderr, _ = runBin(t, time.Minute, nil, "export", long, "--sort", "x", "-o", filepath.Join(dir, "e.jsonl"))
	if code != 2 || !strings.Contains(stderr, `"--sort" flag: expected one of rating, -rating, id, -id`+"\n") {
		t.Errorf("--sort x: exit %d, %q", code, stderr)
	}
}
