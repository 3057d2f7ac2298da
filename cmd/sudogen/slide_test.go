package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/slide"
)

// TestSlideBatchChecker makes slide batches of each size and runs the
// independent checker on them (3 optimal 4x4 puzzles and one 5x5 by
// default, 6 and 2 with SUDOGEN_LONG=1).
func TestSlideBatchChecker(t *testing.T) {
	dir := t.TempDir()
	var files []string
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--size", "3", "--count", "40", "--tier", "expert"}, `"tier":"expert"`},
		{[]string{"--size", "4", "--count", "8", "--tier", "easy"}, `"tier":"easy"`},
		{[]string{"--size", "4", "--count", "3"}, `"optimal":`},
		{[]string{"--size", "5", "--count", "1"}, `"lower_bound":`},
	}
	if os.Getenv("SUDOGEN_LONG") != "" {
		// More of the costly ones: optimal 4x4 solutions, 5x5 bounds.
		cases[2].args[3], cases[3].args[3] = "6", "2"
	}
	for i, tc := range cases {
		out := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		args := append([]string{"batch", "--kind", "slide", "--seed", "5", "-q", "-o", out}, tc.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		data, _ := os.ReadFile(out)
		if !strings.Contains(string(data), tc.want) || !strings.Contains(string(data), `"move_piece":"blank"`) {
			t.Fatalf("%v: output lacks %s:\n%s", args, tc.want, data)
		}
		files = append(files, out)
	}
	// One checker run for every size (a python start is 0.5 CPU-s).
	sudocheckFiles(t, false, files...)
}

func TestSlideSolveCLI(t *testing.T) {
	tests := []struct {
		name, in string
		args     []string
		code     int
		out, err string
	}{
		{"3x3 hardest", "8 6 7 2 5 4 3 0 1 31\n", nil, 0, "31 ", ""},
		{"4x4 jsonl out", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n", []string{"--format", "jsonl"}, 0, `"tier":"easy"`, ""},
		{"jsonl in", `{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]}` + "\n", nil, 0, "1 R", ""},
		{"unsolvable", "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0\n", nil, 1, "invalid", "stdin:1: unsolvable:"},
		{"repeated", "1 1 3 4 5 6 7 8 0\n", nil, 1, "invalid", "repeated tile 1"},
		{"wrong count", "1 2 3 4 5\n", nil, 1, "invalid", "wrong tile count: 5 numbers"},
		{"wrong known", "1 2 3 4 5 6 7 0 8 3\n", nil, 1, "invalid", "optimal length is 1, the input says 3"},
		{"size 6", "1 2 3\n", []string{"--size", "6"}, 2, "", "size 6 not supported"},
		{"empty", "", nil, 1, "", "no boards found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"solve", "--kind", "slide"}, tc.args...)
			code, out, errOut := runCLI(t, tc.in, args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
				t.Fatalf("exit %d out %q err %q; want %d, %q, %q", code, out, errOut, tc.code, tc.out, tc.err)
			}
		})
	}
}

func TestSlideBatchErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"--size", "6"}, "size 6 not supported"},
		{[]string{"--size", "4", "--tier", "nope"}, `no slide tier "nope"`},
		{[]string{"--box", "3x3"}, "--box is for sudoku"},
	} {
		args := append([]string{"batch", "--kind", "slide", "--count", "1", "-o", "-"}, tc.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(errOut, tc.err) {
			t.Fatalf("%v: exit %d err %q, want 2 and %q", args, code, errOut, tc.err)
		}
	}
}

func TestSlideBuildTables(t *testing.T) {
	dir := t.TempDir()
	// A truncated cache file is rebuilt, not trusted.
	name := filepath.Join(dir, slide.PDBFileName(4, slide.PartitionFor(4)[2]))
	if err := os.WriteFile(name, []byte("SGSLPDB\x00junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "", "slide", "build-tables", "--size", "7"); code != 2 || !strings.Contains(errOut, "expected 4, 5 or all") {
		t.Fatalf("--size 7: exit %d, %q", code, errOut)
	}
	if os.Getenv("SUDOGEN_LONG") == "" {
		t.Skip("builds the 4x4 tables from scratch; set SUDOGEN_LONG=1")
	}
	code, out, errOut := runCLI(t, "", "slide", "build-tables", "--size", "4", "--cache-dir", dir)
	if code != 0 || !strings.Contains(out, "rebuilding pattern database") || !strings.Contains(out, "4x4 tables ready") {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
	if _, err := slide.LoadPDB(dir, 4, slide.PartitionFor(4)[2]); err != nil {
		t.Fatalf("rebuilt file does not load: %v", err)
	}
}
