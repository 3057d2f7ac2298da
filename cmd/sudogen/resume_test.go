package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/batch"
)

// proc is a sudogen process started by a test.
type proc struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
	done   chan struct{} // closed when it has exited
	code   int           // its exit code (-1 when killed by a signal)
}

func startProc(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(buildBinary(t), args...), done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		err := p.cmd.Wait()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			p.code = ee.ExitCode()
		case err != nil:
			p.code = -2
		}
		close(p.done)
	}()
	return p
}

// wait waits for the process and returns its exit code (-1 when killed).
func (p *proc) wait() int {
	<-p.done
	return p.code
}

// runProc runs sudogen to the end and fails the test unless it exits 0.
func runProc(t *testing.T, env []string, args ...string) string {
	t.Helper()
	p := startProc(t, env, args...)
	if code := p.wait(); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, p.stderr.String())
	}
	return p.stderr.String()
}

// killWhenWriting kills p with SIGKILL once the temporary file of out has
// at least minBytes (or after max), unless p ends first.
func killWhenWriting(p *proc, out string, minBytes int64, max time.Duration) {
	signalWhenWriting(p, out, minBytes, max, syscall.SIGKILL)
}

// interruptRun starts sudogen with args and sends it sig once the
// temporary file of out has at least minBytes (signalWhenWriting). A run
// that finished before the signal landed (exit 0: on a loaded machine the
// poll may not run in time) is run again from nothing, its output and run
// file removed, up to 4 tries; it returns the last run and its exit code.
func interruptRun(t *testing.T, out string, minBytes int64, sig syscall.Signal, args ...string) (*proc, int) {
	t.Helper()
	for try := 1; ; try++ {
		p := startProc(t, nil, args...)
		signalWhenWriting(p, out, minBytes, time.Minute, sig)
		code := p.wait()
		if code != 0 || try == 4 {
			return p, code
		}
		os.Remove(out)
		os.Remove(batch.RunFilePath(out))
	}
}

// signalWhenWriting sends p sig once the temporary file of out has at
// least minBytes (or after max), unless p ends first: a run writing
// records has its handlers in place and is mid-run, however loaded the
// machine.
func signalWhenWriting(p *proc, out string, minBytes int64, max time.Duration, sig syscall.Signal) {
	dir, base := filepath.Split(out)
	deadline := time.Now().Add(max)
	for time.Now().Before(deadline) {
		select {
		case <-p.done:
			return
		default:
		}
		m, _ := filepath.Glob(filepath.Join(dir, "."+base+".tmp-*"))
		for _, f := range m {
			if st, err := os.Stat(f); err == nil && st.Size() >= minBytes {
				p.cmd.Process.Signal(sig)
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	p.cmd.Process.Signal(sig)
}

func sameFiles(t *testing.T, what, a, b string) {
	t.Helper()
	x, err := os.ReadFile(a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	y, err := os.ReadFile(b)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !bytes.Equal(x, y) {
		t.Fatalf("%s: %s (%d bytes) differs from %s (%d bytes)", what, a, len(x), b, len(y))
	}
}

// TestResumeKillAtRandomPoints (issue 12): a run killed with SIGKILL at a
// random moment and resumed (sometimes killed again while resuming) ends
// byte-identical to the uninterrupted run, 4 times over, once for each
// run below (40 with SUDOGEN_LONG=1), graded and not,
// with duplicates to drop (6x6) and with a tier filter. A round's earlier
// kills land at moments drawn uniformly over the run's own duration (so
// they may land before the first flush, between flushes or during the
// final rename); its last kill waits until the temporary file holds a
// drawn fraction of the finished output, so it lands mid-run whatever
// the machine's load, and most rounds must resume from a partial file.
func TestResumeKillAtRandomPoints(t *testing.T) {
	dir := t.TempDir()
	runs := [][]string{
		{"-n", "2000", "--seed", "31", "--no-grade"},
		{"-n", "150", "--seed", "32"},
		{"--box", "2x3", "-n", "800", "--seed", "33"},
		{"-n", "120", "--seed", "34", "--tier", "expert,extreme"},
	}
	rounds := 4 // one a run (the kill moments differ from run to run): the suite's budget (README, "Tests")
	if os.Getenv("SUDOGEN_LONG") != "" {
		runs[0][1], runs[1][1] = "20000", "1000"
		rounds = 40
	}
	refs := make([]string, len(runs))
	took := make([]time.Duration, len(runs))
	size := make([]int64, len(runs))
	for i, r := range runs {
		refs[i] = filepath.Join(dir, fmt.Sprintf("ref%d.jsonl", i))
		start := time.Now()
		runProc(t, nil, append([]string{"batch", "-q", "-o", refs[i]}, r...)...)
		took[i] = time.Since(start)
		st, err := os.Stat(refs[i])
		if err != nil {
			t.Fatal(err)
		}
		size[i] = st.Size()
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("kill moments drawn with seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 12))
	partial := 0
	kept := regexp.MustCompile(`resumed: kept the ([\d,]+) records? of \S+; .*went on from index`)
	for k := range rounds {
		i := k % len(runs)
		out := filepath.Join(dir, fmt.Sprintf("out%d.jsonl", k))
		args := append([]string{"batch", "--resume", "-o", out}, runs[i]...)
		kills := 1 + rng.IntN(2)
		for j := range kills {
			p := startProc(t, nil, args...)
			if j == kills-1 {
				frac := 0.1 + 0.8*rng.Float64()
				killWhenWriting(p, out, int64(frac*float64(size[i])), 10*took[i]+10*time.Second)
			} else {
				select {
				case <-p.done:
				case <-time.After(took[i]/10 + time.Duration(rng.Int64N(int64(took[i])))):
					p.cmd.Process.Kill()
				}
			}
			p.wait()
		}
		p := startProc(t, nil, args...)
		if code := p.wait(); code != 0 {
			t.Fatalf("round %d: resume exit %d: %s", k, code, p.stderr.String())
		}
		if kept.MatchString(p.stderr.String()) {
			partial++
		}
		sameFiles(t, fmt.Sprintf("round %d (%v, %d kills)", k, runs[i], kills), out, refs[i])
		if left, _ := filepath.Glob(filepath.Join(dir, ".out*.tmp-*")); len(left) > 0 {
			t.Fatalf("round %d: temporary files left: %v", k, left)
		}
	}
	t.Logf("%d of %d rounds resumed from a partial file", partial, rounds)
	if partial < rounds*2/5 {
		t.Errorf("only %d of %d rounds resumed from a partial file: the kills do not test resuming", partial, rounds)
	}
}

// TestResumeAfterCtrlC: SIGINT keeps the records under the final name; a
// resume without --seed takes the run's seed from the run file and ends as
// the uninterrupted run; resuming the finished run again changes nothing.
func TestResumeAfterCtrlC(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	p, code := interruptRun(t, out, 1, syscall.SIGINT, "batch", "--resume", "-n", "400", "-w", "1", "-o", out)
	if code != 130 {
		t.Fatalf("exit %d: %s", code, p.stderr.String())
	}
	var seed uint64
	if _, err := fmt.Sscanf(p.stderr.String()[strings.Index(p.stderr.String(), "seed "):], "seed %d", &seed); err != nil {
		t.Fatalf("no seed in %q", p.stderr.String())
	}
	errOut := runProc(t, nil, "batch", "--resume", "-n", "400", "-o", out)
	if !strings.Contains(errOut, fmt.Sprintf("seed %d", seed)) || !strings.Contains(errOut, "resumed: kept the ") {
		t.Errorf("resume stderr %q", errOut)
	}
	ref := filepath.Join(dir, "ref.jsonl")
	runProc(t, nil, "batch", "-n", "400", "--seed", fmt.Sprint(seed), "-o", ref)
	sameFiles(t, "after Ctrl-C and resume", out, ref)
	errOut = runProc(t, nil, "batch", "--resume", "-n", "400", "-o", out)
	if !strings.Contains(errOut, "made 400 (400 resumed)") {
		t.Errorf("resume of a finished run: %q", errOut)
	}
	sameFiles(t, "finished run resumed again", out, ref)
}

// procCLI runs the built binary (as the run being resumed was run: a
// resume refuses a run file written by another build, and the test
// binary's in-process CLI is another build once the binary is stamped with
// a version, as in a clean checkout) and returns its exit code and stderr.
func procCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	p := startProc(t, nil, args...)
	code := p.wait()
	return code, p.stderr.String()
}

// TestResumeRefusesOtherOptions (issue 12 bad input): a resume file from a
// run with another seed, size or option is refused, naming the option.
func TestResumeRefusesOtherOptions(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	ex := filepath.Join(dir, "ex.jsonl")
	runProc(t, nil, "batch", "-n", "20", "--seed", "9", "--no-grade", "-q", "-o", ex)
	base := []string{"batch", "--resume", "-q", "-n", "3000", "--seed", "5", "--no-grade", "--exclude", ex, "-o", out}
	p := startProc(t, nil, base...)
	killWhenWriting(p, out, 10000, 20*time.Second)
	p.wait()
	ex2 := filepath.Join(dir, "ex2.jsonl")
	runProc(t, nil, "batch", "-n", "21", "--seed", "9", "--no-grade", "-q", "-o", ex2)
	for _, c := range []struct {
		change []string
		want   string
	}{
		{[]string{"--seed", "6"}, "it was run with --seed 5, this run has --seed 6"},
		{[]string{"--size", "6"}, "it was run with --shape 9x9 (3x3 boxes), this run has --shape 6x6 (2x3 boxes)"},
		{[]string{"--symmetry", "rot180"}, "it was run with --symmetry none, this run has --symmetry rot180"},
		{[]string{"--givens", "25-30"}, "--givens"},
		{[]string{"--shard", "1/2"}, "it was run with --shard 0/1, this run has --shard 1/2"},
		{[]string{"--exclude", ex2}, "it was run with --exclude 20 forms, digest"},
	} {
		args := slicesReplace(base, c.change)
		code, e := procCLI(t, args...)
		if code != 2 || strings.Count(e, "\n") != 1 || !strings.Contains(e, "sudogen: cannot resume "+out+" with these options: ") || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", c.change, code, e, c.want)
		}
	}
	// Grading on where it was off.
	args := append(slicesReplace(base, nil), "--no-grade=false")
	if code, e := procCLI(t, args...); code != 2 || !strings.Contains(e, "it was run with --no-grade true, this run has --no-grade false") {
		t.Errorf("--no-grade=false: exit %d, stderr %q", code, e)
	}
	// The right options resume; so does --workers or --count changed.
	args = slicesReplace(base, []string{"-n", "3100"})
	if code, e := procCLI(t, append(args, "--workers", "1")...); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	ref := filepath.Join(dir, "ref.jsonl")
	runProc(t, nil, "batch", "-n", "3100", "--seed", "5", "--no-grade", "--exclude", ex, "-q", "-o", ref)
	sameFiles(t, "resumed with a larger count", out, ref)

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "--resume", "-o", "-"}, "--resume needs -o naming one JSONL file (not stdout, not --format)"},
		{[]string{"batch", "--resume", "--format", "pdf", "-o", dir}, "--resume needs -o naming one JSONL file"},
	} {
		if code, _, e := runCLI(t, "", c.args...); code != 2 || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, e)
		}
	}
	// A file not made by a run with a run file is not resumed.
	other := filepath.Join(dir, "other.jsonl")
	os.WriteFile(other, []byte("{}\n"), 0o644)
	if code, _, e := runCLI(t, "", "batch", "--resume", "-n", "5", "-o", other); code != 2 || !strings.Contains(e, "cannot resume "+other+": there is no run file") {
		t.Errorf("exit %d, stderr %q", code, e)
	}
}

// slicesReplace returns args with each flag of change (flag, value pairs)
// set to its new value (replaced when present, added otherwise).
func slicesReplace(args, change []string) []string {
	out := append([]string(nil), args...)
	for i := 0; i+1 < len(change); i += 2 {
		found := false
		for j := 0; j+1 < len(out); j++ {
			if out[j] == change[i] {
				out[j+1], found = change[i+1], true
			}
		}
		if !found {
			out = append(out, change[i], change[i+1])
		}
	}
	return out
}

// TestClusterStandIn (issue 12): the scheduler's part played locally. N
// shard processes run at once, each told its shard by the environment as
// a Kubernetes Indexed Job or a Slurm array does; two are killed with
// SIGKILL mid-run and restarted with the same command (a pod restart); the
// shard files merge into the unsharded run's file, byte for byte.
func TestClusterStandIn(t *testing.T) {
	count, shards := 8000, 4
	if os.Getenv("SUDOGEN_LONG") != "" {
		count = 40000
	}
	for _, sched := range []string{"kubernetes", "slurm"} {
		t.Run(sched, func(t *testing.T) {
			dir := t.TempDir()
			env := func(i int) []string {
				if sched == "kubernetes" {
					return []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i), fmt.Sprintf("SUDOGEN_SHARDS=%d", shards)}
				}
				// sbatch --array=1-4: ids from 1.
				return []string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i+1), fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", shards), "SLURM_ARRAY_TASK_MIN=1"}
			}
			// The same command line in every task, as in the manifest.
			out := func(i int) string { return filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i)) }
			args := func(i int) []string {
				return []string{"batch", "--resume", "--seed", "77", "--no-grade", "-n", fmt.Sprint(count / shards), "-w", "1", "-o", out(i)}
			}
			procs := make([]*proc, shards)
			for i := range shards {
				procs[i] = startProc(t, env(i), args(i)...)
			}
			for _, i := range []int{1, 3} { // preempted nodes
				// After the first 64 KiB block is written.
				killWhenWriting(procs[i], out(i), 1, 30*time.Second)
				if code := procs[i].wait(); code != -1 {
					t.Fatalf("shard %d ended (exit %d) before it could be killed: make the run longer", i, code)
				}
				procs[i] = startProc(t, env(i), args(i)...)
			}
			for i, p := range procs {
				if code := p.wait(); code != 0 {
					t.Fatalf("shard %d: exit %d: %s", i, code, p.stderr.String())
				}
				if want := fmt.Sprintf("shard %d/%d", i, shards); !strings.Contains(p.stderr.String(), want) {
					t.Errorf("shard %d: summary does not name %q: %s", i, want, p.stderr.String())
				}
			}
			merged := filepath.Join(dir, "merged.jsonl")
			var files []string
			for i := range shards {
				files = append(files, out(i))
			}
			runProc(t, nil, append([]string{"merge", "-q", "-o", merged}, files...)...)
			whole := filepath.Join(dir, "whole.jsonl")
			runProc(t, nil, "batch", "--seed", "77", "--no-grade", "-n", fmt.Sprint(count), "-q", "-o", whole)
			sameFiles(t, sched+" shards merged", merged, whole)
		})
	}
}

// TestResumeHintNothingKept: a run interrupted before it kept a record
// says there is nothing to continue from (it advised --resume, "it keeps
// these records", with none kept).
func TestResumeHintNothingKept(t *testing.T) {
	out := filepath.Join(t.TempDir(), "big.jsonl")
	// One minimal 25x25 puzzle: seconds of work, so the signal sent as
	// soon as the output is open lands before it is kept.
	p := startProc(t, nil, "batch", "--size", "25", "--count", "1", "--seed", "1", "-o", out)
	signalWhenWriting(p, out, 0, time.Minute, syscall.SIGINT)
	code := p.wait()
	errOut := p.stderr.String()
	if code != 130 || !strings.Contains(errOut, "kept 0 of 1") {
		t.Fatalf("exit %d, stderr %q; want 130 and nothing kept", code, errOut)
	}
	if want := "nothing was kept to continue from: the same command starts over\n"; !strings.HasSuffix(errOut, want) || strings.Contains(errOut, "--resume") {
		t.Errorf("stderr %q; want it to end %q, without --resume", errOut, want)
	}
}
