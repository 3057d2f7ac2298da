package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/interrupt"
)

// Three killers of `batch --kind killer --seed 1` in their text form (the
// cage map and its sums) and a classic puzzle: a corpus of two kinds.
var flowKillers = []string{
	"aaabccddeffbbccdgehiiiicjgehkkkkljgghmmnlljooppmnnqjrrsptqqqurrsvtwxxuyyzttwxxuyy a=15,b=11,c=23,d=16,e=18,f=10,g=21,h=21,i=26,j=17,k=14,l=12,m=13,n=24,o=10,p=11,q=25,r=18,s=6,t=24,u=17,v=6,w=4,x=17,y=18,z=8",
	"aabcdeeffghhcdiifjggkkddijjlmkknnnjolmppqqqrolsspqrrrtlsuuvwwttxxyuvvwtzxyyyAAAzz a=11,b=6,c=9,d=19,e=8,f=13,g=13,h=12,i=20,j=22,k=16,l=26,m=8,n=12,o=15,p=11,q=27,r=19,s=17,t=10,u=14,v=16,w=15,x=17,y=20,z=18,A=11",
	"abbccddeeaaffgghiijjkfglhiijkkkglhmmnnopplqqrsootpuqqrsvvtwuuxrssvywwuxxzzzyAAAAx a=14,b=7,c=15,d=7,e=9,f=14,g=20,h=17,i=25,j=15,k=19,l=16,m=11,n=5,o=14,p=17,q=17,r=15,s=26,t=14,u=17,v=17,w=9,x=19,y=12,z=10,A=24",
}

const flowClassic = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

// TestGradeOtherKindsSaidOnce: a grading option a kind does not take is
// said once a run, not on every line of that kind, with two workers
// sharing many lines. --profile hodoku (HoDoKu rates classic Sudoku
// only) rates killers on their own scale, as without --profile, with one
// note, exit 0, the classic line still getting its HoDoKu level; a flag
// the kind refuses leaves its lines ungraded (exit 1) with one line
// naming the kind, the count and the first line.
func TestGradeOtherKindsSaidOnce(t *testing.T) {
	var in strings.Builder
	in.WriteString(flowClassic + "\n")
	const rounds = 4 // 12 killer lines: chunks of 4 lines reach both workers
	for range rounds {
		for _, k := range flowKillers {
			in.WriteString(k + "\n")
		}
	}
	killerLines := rounds * len(flowKillers)
	code, plain, errOut := gradeLines(t, in.String(), "-w", "2")
	if code != 0 || len(plain) != 1+killerLines || errOut != "" {
		t.Fatalf("without flags: exit %d, %d lines, stderr %q", code, len(plain), errOut)
	}
	for _, tc := range []struct {
		flags   []string
		code    int
		graded  int    // output lines
		errLine string // the one stderr line, in part
	}{
		{[]string{"--profile", "hodoku"}, 0, 1 + killerLines, "stdin:2: 12 killer lines rated on their kind's own scale, as without --profile: --profile hodoku does not rate killer puzzles"},
		{[]string{"--no-uniqueness"}, 1, 1, "stdin:2: 12 killer lines not graded: --no-uniqueness is for classic Sudoku"},
		{[]string{"--max-rating", "5"}, 1, 1, "stdin:2: 12 killer lines not graded: kind killer: max rating 5"},
	} {
		name := strings.Join(tc.flags, " ")
		code, recs, errOut := gradeLines(t, in.String(), append([]string{"-w", "2"}, tc.flags...)...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if code != tc.code || len(recs) != tc.graded || len(lines) != 1 || !strings.Contains(lines[0], tc.errLine) {
			t.Errorf("%s: exit %d (want %d), %d lines (want %d), stderr %q (want one line with %q)", name, code, tc.code, len(recs), tc.graded, errOut, tc.errLine)
			continue
		}
		if tc.flags[0] != "--profile" {
			continue
		}
		if recs[0]["level"] == nil {
			t.Errorf("%s: the classic line has no HoDoKu level: %v", name, recs[0])
		}
		for i := 1; i < len(recs); i++ {
			for _, f := range []string{"kind", "rating", "tier", "hardest"} {
				if recs[i][f] != plain[i][f] {
					t.Errorf("%s: line %d: %s %v, without --profile %v", name, i+1, f, recs[i][f], plain[i][f])
				}
			}
		}
	}
	// --format se holds SE ratings, which killers do not have: said once
	// too, the classic line still written.
	code, out, errOut := runCLI(t, in.String(), "grade", "-w", "2", "--format", "se")
	want := "sudogen: stdin:2: 12 killer lines not graded: the se format holds Sudoku Explainer ratings, which killer puzzles do not have (theirs are on the killer scale): use jsonl, table, csv or txt\n"
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, flowClassic+" ED=") || errOut != want {
		t.Errorf("--format se: exit %d, stdout %q, stderr %q; want exit 1, the classic line, %q", code, out, errOut, want)
	}
}

// TestInputFlagDash: "-" given to a flag that names a file to read
// (standard input for the commands' arguments) is refused saying that
// the flag reads no standard input, exit 2, not as a file named "-" that
// does not exist.
func TestInputFlagDash(t *testing.T) {
	for _, tc := range []struct {
		flag string
		args []string
	}{
		{"--exclude", []string{"batch", "--count", "1", "--exclude", "-"}},
		{"--exclude", []string{"batch", "--kind", "killer", "--count", "1", "--exclude", "-"}},
		{"--tiers", []string{"batch", "--count", "1", "--tiers", "-"}},
		{"--font", []string{"export", "-", "--font", "-", "-o", "x.pdf"}},
	} {
		code, out, errOut := runCLI(t, flowClassic+"\n", tc.args...)
		want := "sudogen: " + tc.flag + " -: expected the name of "
		if code != 2 || out != "" || !strings.HasPrefix(errOut, want) || !strings.HasSuffix(errOut, "standard input (-) is not read for "+tc.flag+"\n") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q (want exit 2 and one line %q...)", tc.args, code, out, errOut, want)
		}
	}
}

// TestMergeMismatchedShards: the documented cluster flow (batch --shard
// I/N --resume, which keeps each shard's run file, then merge) refuses
// shards that cannot be of one run, in one line naming both files and
// what differs, exit 1, no output: a shard made with other options, a
// shard of another count, the same shard twice. Consistent shards, and a
// shard next to a run of another seed, still merge.
func TestMergeMismatchedShards(t *testing.T) {
	dir := t.TempDir()
	shard := func(name string, extra ...string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		args := append([]string{"batch", "--count", "4", "--no-grade", "--seed", "9", "--resume", "-q", "-o", p}, extra...)
		if code, _, e := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, e)
		}
		return p
	}
	s0 := shard("s0.jsonl", "--shard", "0/3")
	s1 := shard("s1.jsonl", "--shard", "1/3")
	s2 := shard("s2.jsonl", "--shard", "2/3")
	sym := shard("sym.jsonl", "--shard", "2/3", "--symmetry", "rot180")
	graded := shard("graded.jsonl", "--shard", "2/3", "--no-grade=false")
	four := shard("four.jsonl", "--shard", "1/4")
	again := shard("again.jsonl", "--shard", "1/3")
	other := shard("other.jsonl", "--shard", "1/3", "--seed", "10")
	out := filepath.Join(dir, "m.jsonl")
	for _, tc := range []struct {
		inputs []string
		want   string // the one stderr line, in part; "" merges
	}{
		{[]string{s0, s1, s2}, ""},
		{[]string{s0, s2, other}, ""},
		{[]string{s0, s1, s2, s2}, ""}, // one file twice: duplicates, as before
		{[]string{s0, s1, sym}, "s0.jsonl and " + sym + " are shards of the run of --seed 9 (their run files say so), but " + s0 + " was made with --symmetry none, " + sym + " with --symmetry rot180"},
		// a boolean option: "with --no-grade", not "--no-grade true"
		{[]string{s0, s1, graded}, "but " + s0 + " was made with --no-grade, " + graded + " without --no-grade:"},
		{[]string{s0, four, s2}, "but " + s0 + " is shard 0/3 and " + four + " shard 1/4"},
		{[]string{s0, s1, again, s2}, s1 + " and " + again + " are shards of the run of --seed 9 (their run files say so), but both are shard 1/3"},
	} {
		os.Remove(out)
		code, _, errOut := runCLI(t, "", append([]string{"merge", "-q", "-o", out}, tc.inputs...)...)
		_, statErr := os.Stat(out)
		if tc.want == "" {
			if code != 0 || statErr != nil {
				t.Errorf("%v: exit %d, %s", tc.inputs, code, errOut)
			}
			continue
		}
		if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) || !os.IsNotExist(statErr) {
			t.Errorf("%v: exit %d (want 1), output file: %v, stderr %q (want one line with %q)", tc.inputs, code, statErr, errOut, tc.want)
		}
	}
}

// TestBatchOutputExtension: without --format batch writes JSONL, so an -o
// ending in another format's extension (which export reads as that
// format) is refused in one line saying which --format makes that file,
// exit 2, nothing written; with the --format it makes that file, and
// .jsonl or no extension stay JSONL.
func TestBatchOutputExtension(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, format string // format "": refused, naming it
		code         int
	}{
		{"book.pdf", "pdf", 2},
		{"sheet.XLSX", "xlsx", 2},
		{"play.htm", "html", 2},
		{"list.txt", "txt", 2},
		{"table.csv", "csv", 2},
		{"corpus.jsonl", "", 0},
		{"corpus", "", 0},
	} {
		out := filepath.Join(dir, tc.name)
		code, _, errOut := runCLI(t, "", "batch", "--count", "1", "--no-grade", "--seed", "1", "-q", "-o", out)
		_, statErr := os.Stat(out)
		if tc.code == 0 {
			if code != 0 || statErr != nil {
				t.Errorf("%s: exit %d, %v, %s", tc.name, code, statErr, errOut)
			}
			continue
		}
		want := "sudogen: -o " + out + " ends in " + filepath.Ext(tc.name) + ", but without --format batch writes JSONL: add --format " + tc.format + " for that file, or end -o in .jsonl\n"
		if code != 2 || errOut != want || !os.IsNotExist(statErr) {
			t.Errorf("%s: exit %d, file %v, stderr %q, want exit 2, no file, %q", tc.name, code, statErr, errOut, want)
			continue
		}
		if tc.format == "pdf" || tc.format == "txt" {
			code, _, errOut = runCLI(t, "", "batch", "--count", "1", "--no-grade", "--seed", "1", "-q", "--format", tc.format, "-o", out)
			b, err := os.ReadFile(out)
			if code != 0 || err != nil || len(b) == 0 || b[0] == '{' {
				t.Errorf("%s with --format %s: exit %d, %v, starts %q, %s", tc.name, tc.format, code, err, b[:min(len(b), 10)], errOut)
			}
		}
	}
}

// TestFullDiskResumeSaysSpace: a resumed run that fills the disk again
// says how much to free: a resumed run writes the kept records again
// before it removes their file, so the space to free is at least that
// file's, not just "some".
func TestFullDiskResumeSaysSpace(t *testing.T) {
	disk := smallDisk(t, "128k")
	out := filepath.Join(disk, "f.jsonl")
	args := []string{"batch", "--count", "1500", "--seed", "4", "--no-grade", "--workers", "2", "-o", out, "--resume"}
	code, _, stderr, _ := runBin(t, 60*time.Second, nil, args...)
	m := regexp.MustCompile(`; (\d+) records are safe in (\S+); `).FindStringSubmatch(stderr)
	if code != 1 || m == nil || m[1] == "0" {
		t.Fatalf("first run: exit %d, stderr %q: want 1 and records safe", code, stderr)
	}
	code, _, stderr, _ = runBin(t, 60*time.Second, nil, args...)
	kept := strings.TrimPrefix(m[2], "./")
	want := "(free some space: at least as much as " + kept + " takes, since a resumed run writes its " + m[1] + " records again before it removes that file)"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("resumed on the full disk: exit %d, stderr %q; want exit 1 and %q", code, stderr, want)
	}
}

// TestStatsStoppedSaysHow: stats stopped by a signal says how, as every
// command does (terminated for SIGTERM, with its exit code), without Go's
// "context canceled".
func TestStatsStoppedSaysHow(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.txt")
	if err := os.WriteFile(file, []byte(flowClassic+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		sig  syscall.Signal
		word string
		code int
	}{{syscall.SIGINT, "interrupted", 130}, {syscall.SIGTERM, "terminated", 143}, {syscall.SIGHUP, "hung up", 129}} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(&interrupt.Signal{Sig: tc.sig})
		var out, errOut bytes.Buffer
		code := run(ctx, []string{"stats", file}, strings.NewReader(""), &out, &errOut)
		want := "sudogen: " + tc.word + " after 0 records: nothing written\n"
		if code != tc.code || errOut.String() != want || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit %d, %q", tc.sig, code, errOut.String(), out.String(), tc.code, want)
		}
	}
}

// TestMergeTmpdirFull: a merge whose temporary files fill their folder
// says that folder is full, how much it needs (about the inputs' size)
// and the flag that moves it, exit 1, nothing written; a full output
// folder is still said as the output's.
func TestMergeTmpdirFull(t *testing.T) {
	disk := smallDisk(t, "64k")
	in := filepath.Join(t.TempDir(), "c.jsonl")
	if code, _, e := runCLI(t, "", "batch", "--count", "600", "--no-grade", "--seed", "2", "-q", "-o", in); code != 0 {
		t.Fatalf("batch: exit %d %s", code, e)
	}
	st, err := os.Stat(in)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "m.jsonl")
	code, _, errOut := runCLI(t, "", "merge", in, "--tmpdir", disk, "-q", "-o", out)
	want := "sudogen: the temporary files' folder " + disk + " is full (no space left on device): merge needs about the inputs' size (" + formatBytes(st.Size()) + ") free there; give --tmpdir a folder with more room; nothing written\n"
	if _, err := os.Stat(out); code != 1 || errOut != want || !os.IsNotExist(err) {
		t.Errorf("full --tmpdir: exit %d, output %v, stderr %q; want exit 1, no output, %q", code, err, errOut, want)
	}
	code, _, errOut = runCLI(t, "", "merge", in, "-q", "-o", filepath.Join(disk, "m.jsonl"))
	if code != 1 || !strings.HasPrefix(errOut, "sudogen: writing "+filepath.Join(disk, "m.jsonl")+": no space left on device") {
		t.Errorf("full output folder: exit %d, stderr %q", code, errOut)
	}
}

// TestForcedExitRemovesStaging: a --format run ended by a second Ctrl-C
// (while it lays out the book of what it kept after the first) leaves
// no staging folder in -o, and says why it stopped.
func TestForcedExitRemovesStaging(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	cmd := exec.Command(buildBinary(t), "batch", "--count", "1000000", "--no-grade", "--seed", "5", "--format", "pdf,jsonl", "-q", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Enough records made that the book of them takes a while to lay
	// out: the second signal then lands while the staging folder holds
	// unfinished files.
	deadline := time.Now().Add(60 * time.Second)
	for staged(out) < 1<<20 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no 1 MiB staged in 60 s: %s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	time.Sleep(interrupt.Echo + 150*time.Millisecond) // past the first one's echo
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if !strings.Contains(stderr.String(), "sudogen: SIGINT after SIGINT: exiting now without finishing\n") {
		t.Skipf("the run ended before the second signal (%q): nothing forced to check", stderr.String())
	}
	left, _ := filepath.Glob(filepath.Join(out, ".puzzles.staging-*"))
	if len(left) > 0 {
		t.Errorf("left after the forced exit: %v", left)
	}
}

// staged is the bytes of the files in the staging folders of -o out.
func staged(out string) int64 {
	var n int64
	dirs, _ := filepath.Glob(filepath.Join(out, ".puzzles.staging-*"))
	for _, d := range dirs {
		filepath.WalkDir(d, func(_ string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				if fi, err := e.Info(); err == nil {
					n += fi.Size()
				}
			}
			return nil
		})
	}
	return n
}

// TestOutputTrailingSlash: an -o ending in / without --format names a
// folder where batch and merge write one file: refused before any work,
// nothing left behind (batch made every puzzle, then failed to rename its
// temporary file, "not a directory", and left it with its run file).
func TestOutputTrailingSlash(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte(flowClassic+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "new") + "/"
	for _, args := range [][]string{
		{"batch", "--count", "1", "--no-grade", "-q", "-o", out},
		{"merge", in, "-q", "-o", out},
		{"export", in, "--format", "jsonl", "-q", "-o", out},
	} {
		code, _, errOut := runCLI(t, "", args...)
		want := "sudogen: cannot write " + out + ": a name ending in / names a folder, not a file\n"
		if code != 1 || errOut != want {
			t.Errorf("%v: exit %d, stderr %q; want 1, %q", args[0], code, errOut, want)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
			t.Errorf("%v: left behind: %v", args[0], left)
		}
	}
}
