package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/sudogen/sudogen/batch"
)

// TestShardLines: a shard's reader keeps its own lines under their line
// numbers and blanks the others, for short and very long lines, a last
// line without a newline, and reads of any size.
func TestShardLines(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the reader's buffer
	lines := []string{"a", "", long, "# c", "d\r", long + "y", "e", "f"}
	text := strings.Join(lines, "\n") // no newline after the last
	for _, n := range []int64{1, 2, 3, 8, 9} {
		for i := range n {
			for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader} {
				b, err := io.ReadAll(shardLines(wrap(strings.NewReader(text)), batch.Shard{Index: i, Count: n}))
				if err != nil {
					t.Fatal(err)
				}
				got := strings.Split(string(b), "\n")
				if len(got) != len(lines) {
					t.Fatalf("shard %d/%d: %d lines, want %d", i, n, len(got), len(lines))
				}
				for k, l := range lines {
					want := ""
					if n == 1 || int64(k)%n == i {
						want = l
					}
					if got[k] != want {
						t.Fatalf("shard %d/%d line %d: %.20q..., want %.20q...", i, n, k+1, got[k], want)
					}
				}
			}
		}
	}
}

// TestGradeCanonShards: the shards of grade and canon together give each
// input line's result exactly once, the same as the unsharded command.
func TestGradeCanonShards(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if code, _, e := runCLI(t, "", "batch", "--box", "2x3", "-n", "40", "--seed", "4", "--no-grade", "-q", "-o", in); code != 0 {
		t.Fatal(e)
	}
	// Plain lines with comments and blanks in between, as people have them.
	b, _ := os.ReadFile(in)
	var plain strings.Builder
	plain.WriteString("# a corpus\n\n")
	for i, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		p := l[strings.Index(l, `"puzzle":"`)+10:]
		fmt.Fprintf(&plain, "%s # %d\n", p[:36], i)
		if i%7 == 0 {
			plain.WriteString("\n")
		}
	}
	txt := filepath.Join(dir, "in.txt")
	os.WriteFile(txt, []byte(plain.String()), 0o644)
	for _, cmd := range [][]string{{"canon"}, {"canon", "--original"}, {"grade"}, {"grade", "--format", "table"}} {
		for _, file := range []string{in, txt} {
			code, whole, e := runCLI(t, "", append(cmd, file)...)
			if code != 0 {
				t.Fatalf("%v: %s", cmd, e)
			}
			for _, n := range []int{2, 3, 5} {
				var parts []string
				for i := range n {
					code, out, e := runCLI(t, "", append(cmd, "--shard", fmt.Sprintf("%d/%d", i, n), file)...)
					if code != 0 || e != "" {
						t.Fatalf("%v --shard %d/%d: exit %d: %s", cmd, i, n, code, e)
					}
					parts = append(parts, out)
				}
				if got := sortedLines(strings.Join(parts, "")); got != sortedLines(whole) {
					t.Errorf("%v %s: %d shards together differ from the whole", cmd, filepath.Base(file), n)
				}
			}
		}
	}
	// From the environment, with a note on stderr.
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "2")
	code, out, e := runCLI(t, "", "canon", txt)
	if code != 0 || e != "sudogen: canonicalizing only the input lines of shard 1/2 (SLURM_ARRAY_TASK_ID)\n" {
		t.Errorf("exit %d, stderr %q", code, e)
	}
	_, out2, _ := runCLI(t, "", "canon", "--shard", "1/2", txt)
	if out != out2 {
		t.Error("the shard from SLURM_ARRAY_TASK_ID differs from --shard 1/2")
	}
	// --shard 0/1 overrides the environment: the whole input.
	if _, out, e := runCLI(t, "", "canon", "--shard", "0/1", txt); strings.Count(out, "\n") != 40 || e != "" {
		t.Errorf("--shard 0/1: %d lines, stderr %q", strings.Count(out, "\n"), e)
	}
}

// sortedLines sorts the lines of s, without the header lines of
// grade's table (one per shard).
func sortedLines(s string) string {
	var l []string
	for _, x := range strings.Split(strings.TrimSpace(s), "\n") {
		if !strings.HasPrefix(x, "line ") {
			l = append(l, x)
		}
	}
	slices.Sort(l)
	return strings.Join(l, "\n")
}

// TestBatchShardFlags: bad --shard values and environments are usage
// errors naming the problem; the summary names the shard and its source.
func TestBatchShardFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch", "--shard", "3/2"}, `invalid argument "3/2" for "--shard" flag: shard "3/2": the shard index must be from 0 to 1`},
		{[]string{"batch", "--shard", "0/0"}, `shard "0/0": the number of shards must be at least 1`},
		{[]string{"batch", "--shard", "a/b"}, `shard "a/b": expected I/N, two whole numbers such as 0/4`},
		{[]string{"grade", "--shard", "3/2", "x"}, `shard "3/2": the shard index must be from 0 to 1`},
		{[]string{"canon", "--shard", "0/0", "x"}, `shard "0/0": the number of shards must be at least 1`},
	} {
		code, out, e := runCLI(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(e, "\n") != 1 || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, e, c.want)
		}
	}
	t.Setenv("JOB_COMPLETION_INDEX", "2")
	code, _, e := runCLI(t, "", "batch", "-n", "1")
	if code != 2 || !strings.Contains(e, "sudogen: JOB_COMPLETION_INDEX=2 is set but SUDOGEN_SHARDS (the Job's completions) is not") {
		t.Errorf("exit %d, stderr %q", code, e)
	}
	t.Setenv("SUDOGEN_SHARDS", "3")
	code, out, e := runCLI(t, "", "batch", "-n", "2", "--seed", "3", "--no-grade", "-o", "-")
	if code != 0 || !strings.Contains(e, ", seed 3, shard 2/3 (JOB_COMPLETION_INDEX); ") || !strings.Contains(out, `"id":"s9-0000002"`) || !strings.Contains(out, `"id":"s9-0000005"`) {
		t.Errorf("exit %d, stderr %q, out %q", code, e, out)
	}
}
