package main

// Tests of the built binary for issue 19 (hardening II): each names the
// audit item of shared/audits/2026-12-02-hostile.md it covers. Run them
// against another build with SUDOGEN_TEST_BIN=/path/to/sudogen to see them
// fail there.

import (
	"encoding/json"
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

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// smallDisk mounts a tmpfs of size (as mount's size=) on a new folder and
// returns it, unmounting it at the end of the test. It skips the test,
// saying why, where it cannot (not root, no mount).
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to mount a small tmpfs for a real ENOSPC")
	}
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s): no real ENOSPC to test with", err, strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
	return dir
}

// growDisk remounts the tmpfs at dir with a new size ("free some space").
func growDisk(t *testing.T, dir, size string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,size="+size, dir).CombinedOutput(); err != nil {
		t.Fatalf("remount %s: %v: %s", dir, err, out)
	}
}

// TestFullDiskKeepsRun (audit 1): a batch that fills the disk keeps its
// temporary file and run file, says how many records are safe and the
// command that continues it; that command, once there is room, ends with
// the output of an uninterrupted run, byte for byte.
func TestFullDiskKeepsRun(t *testing.T) {
	disk := smallDisk(t, "256k")
	out := filepath.Join(disk, "g.jsonl")
	code, _, stderr, _ := runBin(t, 60*time.Second, nil, "batch", "--count", "1500", "--seed", "4", "--no-grade", "--workers", "2", "-o", out)
	if code != 1 || !strings.Contains(stderr, "no space left on device") {
		t.Fatalf("exit %d, stderr %q: want 1 and no space left on device", code, stderr)
	}
	m := regexp.MustCompile(`; (\d+) records are safe in (\S+); .*run: (.*)\n$`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("stderr %q does not say how many records are safe and how to continue", stderr)
	}
	if !strings.Contains(stderr, "(free some space)") {
		t.Errorf("stderr %q does not say to free some space", stderr)
	}
	if _, err := os.Stat(m[2]); err != nil {
		t.Errorf("the temporary file it names: %v", err)
	}
	if _, err := os.Stat(batch.RunFilePath(out)); err != nil {
		t.Errorf("the run file: %v", err)
	}
	if m[1] == "0" {
		t.Errorf("0 records safe: the test disk is too small")
	}
	words := strings.Fields(m[3])
	if words[0] != "sudogen" || !strings.Contains(m[3], "--resume") {
		t.Fatalf("resume command %q", m[3])
	}
	// Resumed before any space was freed, it fails again and loses
	// nothing: the records stay in the temporary file, and it says so
	// (it removed the file before it had copied the records anywhere).
	code, _, stderr, _ = runBin(t, 60*time.Second, nil, words[1:]...)
	if code != 1 || !strings.Contains(stderr, "'s "+m[1]+" records are still safe in "+m[2]+"; ") {
		t.Errorf("resumed on the full disk: exit %d, stderr %q; want exit 1 and the %s records still safe in %s", code, stderr, m[1], m[2])
	}
	if _, err := os.Stat(m[2]); err != nil {
		t.Fatalf("after a resume on the full disk, the temporary file: %v", err)
	}
	growDisk(t, disk, "8m")
	code, _, stderr, _ = runBin(t, 60*time.Second, nil, words[1:]...)
	safe, _ := strconv.Atoi(m[1])
	if code != 0 || !strings.Contains(stderr, "resumed: kept the "+numfmt.Count(safe, "record")) {
		t.Fatalf("resumed run: exit %d, stderr %q; want 0 and the %s records kept", code, stderr, m[1])
	}
	ref := filepath.Join(t.TempDir(), "ref.jsonl")
	if code, _, stderr, _ := runBin(t, 60*time.Second, nil, "batch", "--count", "1500", "--seed", "4", "--no-grade", "-q", "-o", ref); code != 0 {
		t.Fatalf("reference run: exit %d %q", code, stderr)
	}
	sameFiles(t, "resumed after ENOSPC", ref, out)
	if left, _ := filepath.Glob(filepath.Join(disk, ".g.jsonl.tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestResumeDropsTamperedRecords (audit 6): a record of the partial file
// changed so that it still parses and re-encodes to its own bytes (here:
// 30 givens blanked, so it has several solutions) is not kept: the resumed
// run says so, makes it again, and ends byte-identical to an uninterrupted
// run.
func TestResumeDropsTamperedRecords(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.jsonl")
	runProc(t, nil, "batch", "--count", "120", "--seed", "77", "--no-grade", "--resume", "-q", "-o", out)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	lines[100] = strings.Replace(lines[100], `"givens":`, `"givens":1`, 1) // a field that disagrees
	var rec export.Record
	if err := json.Unmarshal([]byte(lines[60]), &rec); err != nil {
		t.Fatal(err)
	}
	blanked := strings.Repeat(".", 30) + rec.Puzzle[30:]
	lines[60] = strings.Replace(lines[60], rec.Puzzle, blanked, 1)
	lines[60] = strings.Replace(lines[60], fmt.Sprintf(`"givens":%d`, rec.Givens), fmt.Sprintf(`"givens":%d`, 81-strings.Count(blanked, ".")), 1)
	if err := os.WriteFile(out, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	errOut := runProc(t, nil, "batch", "--count", "150", "--no-grade", "--resume", "-o", out)
	if !strings.Contains(errOut, "resumed: kept the 60 records") || !strings.Contains(errOut, "line 61 fails the check (puzzle has more than one solution)") {
		t.Errorf("resume stderr %q: want 60 kept and line 61 named", errOut)
	}
	ref := filepath.Join(dir, "ref.jsonl")
	runProc(t, nil, "batch", "--count", "150", "--seed", "77", "--no-grade", "-q", "-o", ref)
	sameFiles(t, "resumed from a tampered file", ref, out)
}

// TestResumeRefusesSpecialRunFile (audit 9): a run file that is a link to
// /dev/zero or a FIFO is refused at once with one line (no hang, no
// gigabytes read), and so is an oversized one.
func TestResumeRefusesSpecialRunFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.jsonl")
	runFile := batch.RunFilePath(out)
	for _, c := range []struct {
		name string
		make func() error
		want string
	}{
		{"/dev/zero", func() error { return os.Symlink("/dev/zero", runFile) }, "it is a device, not a regular file"},
		{"FIFO", func() error { return syscall.Mkfifo(runFile, 0o644) }, "it is a named pipe (FIFO), not a regular file"},
		{"folder", func() error { return os.Mkdir(runFile, 0o755) }, "it is a folder, not a regular file"},
		{"link loop", func() error { return os.Symlink(filepath.Base(runFile), runFile) }, "it is a symbolic link that leads back to itself (too many levels of symbolic links)"},
		{"2 MiB", func() error { return os.WriteFile(runFile, make([]byte, 2<<20), 0o644) }, "it is larger than 1024 KiB, and a run file holds a few hundred bytes"},
		{"not JSON", func() error { return os.WriteFile(runFile, []byte("{"), 0o644) }, "it is not the JSON a run file holds: unexpected end of JSON input"},
		{"bad seed", func() error {
			return os.WriteFile(runFile, []byte(`{"sudogen":"v","options":[["--seed","x1"]]}`), 0o644)
		}, `--seed "x1": expected a whole number`},
	} {
		os.RemoveAll(runFile)
		if err := c.make(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		code, _, stderr, took := runBin(t, 20*time.Second, nil, "batch", "--count", "100", "--no-grade", "--resume", "-o", out)
		// One form for every case: what, which file, why, and what to
		// do (audit 26; hostile pass of 2026-12-06: it said no more
		// than "not a run file").
		want := "sudogen: cannot resume " + out + ": its run file " + runFile + " cannot be read (" + c.want + "); remove the run file, then run without --resume to start over\n"
		if code != 1 || stderr != want || took > 5*time.Second {
			t.Errorf("%s: exit %d after %s, stderr %q; want 1 at once and %q", c.name, code, took, stderr, want)
		}
	}
}

// TestBatchSignalsKeepRecords (audit 10): SIGHUP (a closed terminal, a
// dropped ssh session) stops a batch like SIGINT and SIGTERM: exit 128+N,
// a line saying how far it got (beginning "hung up:", "interrupted:" or
// "terminated:"), the records kept under the final name and
// only the run file left beside it.
func TestBatchSignalsKeepRecords(t *testing.T) {
	word := map[syscall.Signal]string{syscall.SIGHUP: "hung up", syscall.SIGINT: "interrupted", syscall.SIGTERM: "terminated"}
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		out := filepath.Join(dir, "h.jsonl")
		p := startProc(t, nil, "batch", "--count", "1000000", "--no-grade", "--seed", "5", "-w", "2", "-o", out)
		waitFor(t, func() bool {
			m, _ := filepath.Glob(filepath.Join(dir, ".h.jsonl.tmp-*"))
			if len(m) != 1 {
				return false
			}
			st, err := os.Stat(m[0])
			return err == nil && st.Size() > 0
		})
		p.cmd.Process.Signal(sig)
		code := p.wait()
		// the line begins with the signal's word, as export's and
		// reglib's do (audit 2026-12-02 #26)
		m := regexp.MustCompile(`^` + word[sig] + `: kept ([\d,]+) of 1,000,000 `).FindStringSubmatch(p.stderr.String())
		if code != 128+int(sig) || m == nil {
			t.Errorf("%v: exit %d, stderr %q; want %d and how far it got", sig, code, p.stderr.String(), 128+int(sig))
			continue
		}
		if n := countLines(t, out); numfmt.Int(n) != m[1] || n == 0 {
			t.Errorf("%v: %d records under the final name, the summary says %s", sig, n, m[1])
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".h*")); len(left) != 1 || left[0] != batch.RunFilePath(out) {
			t.Errorf("%v: left beside the output: %v, want only the run file", sig, left)
		}
	}
}

// TestDotDotOutputRefusedFirst (audit 5): -o through a missing folder and
// back ("nosuch/../x") is refused before any work, for batch and export,
// not after the whole run when the rename fails.
func TestDotDotOutputRefusedFirst(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	runProc(t, nil, "batch", "--count", "3", "--seed", "1", "--no-grade", "-q", "-o", in)
	for _, args := range [][]string{
		// far more work than the 60 s below allow: only a refusal before
		// the work ends in time (a wall bound on the refusal itself failed
		// at load 90)
		{"batch", "--count", "10000000", "--no-grade", "--seed", "1", "-o", dir + "/nosuch/../x.jsonl"},
		{"export", in, "-o", dir + "/nosuch/../x.pdf"},
		{"export", in, "--format", "jsonl", "-o", dir + "/nosuch/../x.jsonl"},
	} {
		code, _, stderr, took := runBin(t, 60*time.Second, nil, args...)
		if code <= 0 || !strings.Contains(stderr, "nosuch/.. does not exist") {
			t.Errorf("%v: exit %d after %s, stderr %q; want a refusal at once naming nosuch/..", args[:2], code, took, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "nosuch")); err == nil {
			t.Fatalf("%v created the folder nosuch", args[:2])
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*x*")); len(left) != 0 {
		t.Errorf("left: %v", left)
	}
}

// TestConcurrentBatchesRefused (audit 25): a second batch to the output
// of a running one is refused at once, naming the first (its process id
// and command line), and the first run's output is kept whole.
func TestConcurrentBatchesRefused(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "c.jsonl")
	first := startProc(t, nil, "batch", "--count", "1000000", "--no-grade", "--seed", "2", "-w", "1", "-q", "-o", out)
	waitFor(t, func() bool { m, _ := filepath.Glob(filepath.Join(dir, ".c.jsonl.tmp-*")); return len(m) == 1 })
	code, _, stderr, _ := runBin(t, 30*time.Second, nil, "batch", "--count", "5", "--no-grade", "-o", out)
	want := fmt.Sprintf("another run is writing it (pid %d, started ", first.cmd.Process.Pid)
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "sudogen batch --count 1000000") {
		t.Errorf("second run: exit %d, stderr %q; want 1 and %q with the first's command", code, stderr, want)
	}
	first.cmd.Process.Signal(syscall.SIGINT)
	if code := first.wait(); code != 130 {
		t.Fatalf("first run: exit %d: %s", code, first.stderr.String())
	}
	m := regexp.MustCompile(`kept ([\d,]+) of`).FindStringSubmatch(first.stderr.String())
	if m == nil || numfmt.Int(countLines(t, out)) != m[1] {
		t.Errorf("first run's output: %d lines, its summary %q", countLines(t, out), first.stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, ".c.jsonl.lock")); err == nil {
		t.Errorf("lock file left after the run")
	}
	// Once the first has ended the output is free again.
	if code, _, stderr, _ := runBin(t, 30*time.Second, nil, "batch", "--count", "5", "--no-grade", "-q", "-o", out); code != 0 {
		t.Errorf("run after the first ended: exit %d %q", code, stderr)
	}
}

// TestConcurrentMergeExportRefused: merge and export, as batch, refuse
// an output another run is writing, naming it (both ran, both said
// "written", and the last rename won), and take it once it is free.
func TestConcurrentMergeExportRefused(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if code, _, e := runCLI(t, "", "batch", "-n", "3", "--seed", "1", "--no-grade", "-q", "-o", in); code != 0 {
		t.Fatal(e)
	}
	for _, args := range [][]string{
		{"merge", in, "-q", "-o", filepath.Join(dir, "m.jsonl")},
		{"export", in, "-q", "-o", filepath.Join(dir, "e.xlsx")},
		{"export", in, "-q", "--format", "jsonl", "-o", filepath.Join(dir, "e.jsonl")},
	} {
		out := args[len(args)-1]
		hold, err := outfile.HoldOutput(out, "the first run")
		if err != nil {
			t.Fatal(err)
		}
		code, _, e := runCLI(t, "", args...)
		want := fmt.Sprintf("sudogen: cannot write %s: another run is writing it (pid %d, started ", out, os.Getpid())
		if code != 1 || !strings.HasPrefix(e, want) || !strings.Contains(e, ": the first run; lock ") {
			t.Errorf("%v while held: exit %d, stderr %q; want exit 1 and %q", args[:1], code, e, want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v wrote %s while another run held it", args[:1], out)
		}
		hold.Release()
		if code, _, e := runCLI(t, "", args...); code != 0 {
			t.Errorf("%v once free: exit %d %q", args[:1], code, e)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*.lock")); len(left) != 0 {
			t.Errorf("%v left %v", args[:1], left)
		}
	}
}

// TestWorkersCapped (audit 11): --workers far past the CPUs is capped at
// a few per CPU, said on stderr, for batch and grade, and the run stays
// small and quick.
func TestWorkersCapped(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "f.jsonl")
	for _, args := range [][]string{
		{"batch", "--workers", "100000", "--count", "20", "--no-grade", "-q", "-o", out},
		{"grade", "--workers", "100000", out},
	} {
		code, _, stderr, took := runBin(t, 30*time.Second, nil, args...)
		if code != 0 || !strings.Contains(stderr, "sudogen: --workers 100000: using ") || took > 10*time.Second {
			t.Errorf("%v: exit %d after %s, stderr %q; want 0, quickly, and the cap said", args[:3], code, took, stderr)
		}
	}
}

// TestFIFOWithoutReaderStops (audit 23): a run writing to a named pipe
// nobody reads stops within a second of SIGTERM or SIGINT, with its
// signal's exit code, not through the 5 s grace exit.
func TestFIFOWithoutReaderStops(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		var code int
		var took time.Duration
		var stderr string
		// The signal goes once main's signal handling is set up (readyEnv);
		// a run slowed past the second by a loaded machine says nothing
		// about the command: try again.
		for try := 0; try < 5 && (try == 0 || took > time.Second || code == -1); try++ {
			ready := filepath.Join(t.TempDir(), "ready")
			p := startProc(t, []string{readyEnv + "=" + ready}, "batch", "--count", "100", "--no-grade", "-o", fifo)
			waitFor(t, func() bool { _, err := os.Stat(ready); return err == nil }) // past main's signal.Notify
			time.Sleep(200 * time.Millisecond)
			p.cmd.Process.Signal(sig)
			start := time.Now()
			code = p.wait()
			took, stderr = time.Since(start), p.stderr.String()
		}
		if code != 128+int(sig) || took > time.Second || strings.Contains(stderr, "still running") {
			t.Errorf("%v: exit %d after %s, stderr %q; want %d within 1 s", sig, code, took, stderr, 128+int(sig))
		}
	}
}

// TestTiersFileNotOutput (audit 14): --tiers FILE -o FILE is refused
// before anything is written, like --exclude and --from, and the tier
// table is left as it was.
func TestTiersFileNotOutput(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "my.yaml")
	body := "sudoku:\n  scale: se\n  tiers:\n    - {name: any, min: 0}\n"
	if err := os.WriteFile(table, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr, _ := runBin(t, 30*time.Second, nil, "batch", "--count", "2", "--tiers", table, "-o", table)
	if b, _ := os.ReadFile(table); code != 2 || !strings.Contains(stderr, "is the same file as --tiers") || string(b) != body {
		t.Errorf("exit %d, stderr %q, table now %q; want 2, a refusal and the table kept", code, stderr, b)
	}
}

// TestFailedFormatsLeaveNothing (audit 12): a --format run that fails on
// one format (the PDF on a full disk) leaves no file of any format, not
// the JSONL that was complete, and names the file asked for; a run that
// succeeds writes them all.
func TestFailedFormatsLeaveNothing(t *testing.T) {
	disk := smallDisk(t, "512k")
	out := filepath.Join(disk, "bk")
	code, _, stderr, _ := runBin(t, 60*time.Second, nil, "batch", "--count", "1200", "--no-grade", "--seed", "3", "--format", "jsonl,pdf,xlsx", "-o", out)
	if code != 1 || !strings.Contains(stderr, "no space left on device") || strings.Contains(stderr, "staging") {
		t.Fatalf("exit %d, stderr %q; want 1, no space left, the final name", code, stderr)
	}
	if left, _ := os.ReadDir(out); len(left) != 0 {
		t.Errorf("a failed run left %v in %s", left, out)
	}
	code, _, stderr, _ = runBin(t, 60*time.Second, nil, "batch", "--count", "8", "--no-grade", "--seed", "3", "--format", "jsonl,pdf,xlsx", "-o", out)
	ents, _ := os.ReadDir(out)
	if code != 0 || len(ents) != 3 {
		t.Errorf("a small run: exit %d (%q), files %v; want the 3 files", code, stderr, ents)
	}
}

// TestNonASCIITierNames (audit 2): tier names whose first letter is not
// ASCII are capitalised by letter, never split mid-character, in the PDF
// (heads, contents, labels), the XLSX sheet names and the HTML page.
func TestNonASCIITierNames(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	dir := t.TempDir()
	table := filepath.Join(dir, "t.yaml")
	os.WriteFile(table, []byte("sudoku:\n  scale: se\n  tiers:\n    - {name: \"élite\", min: 0, max: 1.9}\n    - {name: \"сложный\", min: 2, max: 4.9}\n    - {name: \"ωμέγα\", min: 5}\n"), 0o644)
	book := filepath.Join(dir, "book")
	if code, _, stderr, _ := runBin(t, 60*time.Second, nil, "batch", "--count", "12", "--seed", "1", "--tiers", table, "--format", "pdf,xlsx,html", "-q", "-o", book); code != 0 {
		t.Fatalf("batch: exit %d %q", code, stderr)
	}
	text, err := exec.Command("pdftotext", filepath.Join(book, "puzzles.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	xlsx, err := exec.Command("unzip", "-p", filepath.Join(book, "puzzles.xlsx"), "xl/workbook.xml").Output()
	if err != nil {
		t.Skipf("unzip: %v", err)
	}
	html, _ := os.ReadFile(filepath.Join(book, "puzzles.html"))
	found := 0
	for _, name := range []string{"Élite", "Сложный", "Ωμέγα"} {
		if !strings.Contains(string(text), name) {
			continue // this seed made no puzzle of that tier
		}
		found++
		if !strings.Contains(string(xlsx), `name="`+name) {
			t.Errorf("sheet %q missing from the workbook: %.300s", name, xlsx)
		}
	}
	if found == 0 {
		t.Fatalf("no capitalised tier name in the book: %.500q", text)
	}
	if strings.ContainsRune(string(text), '\uFFFD') || strings.Contains(string(xlsx), "\uFFFD") || strings.Contains(string(html), "\uFFFD") {
		t.Error("a split character (U+FFFD) in the book, workbook or page")
	}
}

// TestNaNRefused (audit 19): NaN is refused where negative values are:
// --max-rating of grade and explain, and a tier table's min or max.
func TestNaNRefused(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "t.yaml")
	os.WriteFile(table, []byte("sudoku:\n  scale: se\n  tiers:\n    - {name: any, min: .nan}\n"), 0o644)
	in := filepath.Join(dir, "p.txt")
	os.WriteFile(in, []byte(p17+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"grade", "--max-rating", "NaN", in}, "--max-rating NaN: expected 0 (no cap) or a rating below 20.0"},
		{[]string{"explain", "--max-rating", "NaN", p17}, "--max-rating NaN: expected 0 (no cap) or a rating below 20.0"},
		// 20 is "beyond", no cap a run can stop below; it was refused
		// as "expected a rating between 0 (no cap) and 20.0"
		{[]string{"grade", "--max-rating", "20", in}, "--max-rating 20: expected 0 (no cap) or a rating below 20.0"},
		{[]string{"batch", "--count", "1", "--tiers", table, "-o", filepath.Join(dir, "o.jsonl")}, "not NaN"},
	} {
		code, _, stderr, _ := runBin(t, 30*time.Second, nil, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args[:3], code, stderr, c.want)
		}
	}
}

// TestExportStdoutWholeLines (audit 7): export to stdout stopped by
// SIGINT leaves only whole lines, each a record, for JSONL and txt.
func TestExportStdoutWholeLines(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.jsonl")
	runProc(t, nil, "batch", "--count", "1", "--seed", "1", "-q", "-o", one)
	b, err := os.ReadFile(one)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.TrimSuffix(string(b), "\n")
	for _, format := range []string{"jsonl", "txt"} {
		bad := 0
		for try := 0; try < 3; try++ {
			cmd, outPath, stderr, stopFeed := startFed(t, line, "export", "-", "--format", format, "-o", "-")
			time.Sleep(300 * time.Millisecond)
			cmd.Process.Signal(syscall.SIGINT)
			code, _ := waitExit(t, cmd, 10*time.Second)
			stopFeed()
			data, _ := os.ReadFile(outPath)
			if code != 130 || len(data) == 0 {
				t.Fatalf("%s: exit %d, %d bytes, stderr %q", format, code, len(data), stderr.String())
			}
			if data[len(data)-1] != '\n' {
				bad++
			}
			for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
				if format == "jsonl" && l != line || format == "txt" && len(strings.Fields(l)[0]) != 81 {
					t.Errorf("%s: line %d is %.100q", format, i+1, l)
					break
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of 3 runs ended on a torn line", format, bad)
		}
	}
}

// TestBuildTablesUncachableFails (audit 13): slide build-tables into a
// folder that cannot be written fails at once (exit 1, the reason on
// stderr) instead of building for minutes and saying "tables ready".
func TestBuildTablesUncachableFails(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to mount a read-only tmpfs (root writes through file modes)")
	}
	ro := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(ro, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "ro", "tmpfs", ro).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a read-only tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", ro).Run() })
	code, stdout, stderr, took := runBin(t, 20*time.Second, nil, "slide", "build-tables", "--size", "4", "--cache-dir", filepath.Join(ro, "c"))
	if code != 1 || !strings.Contains(stderr, "read-only file system") || strings.Contains(stdout, "tables ready") || took > 5*time.Second {
		t.Errorf("exit %d after %s, stdout %q, stderr %q; want 1 at once with the reason", code, took, stdout, stderr)
	}
}
