package main

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestMergeSweepOpenFiles: a merge of more inputs than the open-file
// limit allows (two files an input: the input and its temporary file)
// is refused before anything is read, in one line that says how many
// files it needs, the limit, and what to do; running out later (the
// sorts' files on top) is said the same way, not as "temporary file in
// /tmp: open /tmp/sudogen-merge-2814655521: too many open files". Run
// under `ulimit -n` in a shell, with 40 one-line inputs.
func TestMergeSweepOpenFiles(t *testing.T) {
	for _, c := range []struct {
		n     int
		limit uint64
		known bool
		want  string // "" for no refusal
	}{
		{400, 802, true, "a merge of 400 inputs needs at least 803 files open at once (each input and its temporary file), more than the 802 this process may open (ulimit -n): raise the limit (ulimit -n 867), or merge the inputs in groups"},
		{1, 4, true, "a merge of 1 input needs at least 5 files open at once"},
		{400, 803, true, ""},
		{400, 10, false, ""},
	} {
		err := checkOpenFiles(c.n, c.limit, c.known)
		if (err == nil) != (c.want == "") || (err != nil && !strings.HasPrefix(err.Error(), c.want)) {
			t.Errorf("checkOpenFiles(%d, %d, %v) = %v, want %q", c.n, c.limit, c.known, err, c.want)
		}
	}
	emfile := fmt.Errorf("temporary file in /tmp: %w", &fs.PathError{Op: "open", Path: "/tmp/sudogen-merge-1", Err: syscall.EMFILE})
	if err := tooManyFiles(emfile, 40); err == nil || !strings.Contains(err.Error(), "a merge of 40 inputs ran out of open files") || !strings.Contains(err.Error(), "ulimit -n 147") {
		t.Errorf("EMFILE while merging: %v", err)
	}
	if err := tooManyFiles(&fs.PathError{Op: "open", Path: "x", Err: syscall.ENOENT}, 40); err != nil {
		t.Errorf("another error taken for EMFILE: %v", err)
	}

	if runtime.GOOS == "windows" {
		t.Skip("no ulimit")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	var files []string
	for i := range 40 {
		f := filepath.Join(dir, fmt.Sprintf("in-%02d.txt", i))
		// one puzzle a file, each a relabelling of the first (all isomorphs)
		p := strings.Map(func(r rune) rune {
			if r >= '1' && r <= '9' {
				return '1' + (r-'1'+rune(i))%9
			}
			return r
		}, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
		if err := os.WriteFile(f, []byte(p+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	out := filepath.Join(dir, "out.jsonl")
	for _, c := range []struct {
		limit int
		code  int
		want  string
	}{
		{64, 1, "sudogen: a merge of 40 inputs needs at least 83 files open at once (each input and its temporary file), more than the 64 this process may open (ulimit -n)"},
		{200, 0, "merged 40 puzzles from 40 inputs: 1 kept, 39 duplicates dropped"},
	} {
		cmd := exec.Command("sh", append([]string{"-c", fmt.Sprintf(`ulimit -n %d && exec "$0" "$@"`, c.limit), bin, "merge", "-o", out}, files...)...)
		b, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if code != c.code || !strings.Contains(string(b), c.want) || (code != 0 && len(lines) != 1) {
			t.Errorf("ulimit -n %d: exit %d, want %d and %q:\n%s", c.limit, code, c.code, c.want, b)
		}
		if _, err := os.Stat(out); (err == nil) != (c.code == 0) {
			t.Errorf("ulimit -n %d: output there: %v", c.limit, err == nil)
		}
	}
}
