package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSlideSweepRecordInput reads slide records through solve --kind
// slide as the other readers of slide records read them: a record
// without "size" takes its width from --size or its tile count (the
// board's optimum, found by hand: 1 2 3 / 4 5 6 / 0 7 8 needs two moves
// right), a record without tiles or with a negative "optimal" is refused
// with a line that says so.
func TestSlideSweepRecordInput(t *testing.T) {
	const board = `"tiles":[1,2,3,4,5,6,0,7,8]`
	tests := []struct {
		name, in string
		args     []string
		code     int
		out, err string
	}{
		{"no size", `{"v":1,"kind":"slide",` + board + "}\n", nil, 0, "2 RR\n", ""},
		{"no size, --size", `{"v":1,"kind":"slide",` + board + "}\n", []string{"--size", "3"}, 0, "2 RR\n", ""},
		{"no size, --size disagrees", `{"v":1,"kind":"slide",` + board + "}\n", []string{"--size", "4"}, 1, "invalid\n",
			"stdin:1: wrong tile count: 9 tiles, expected 16 for 4x4"},
		{"no size, not square", `{"v":1,"kind":"slide","tiles":[1,2,3,4,5,6,0,7,8,9]}` + "\n", nil, 1, "invalid\n",
			`stdin:1: wrong tile count: 10 tiles and no "size", expected 9, 16 or 25 tiles`},
		{"no tiles", `{"v":1,"kind":"slide","size":3}` + "\n", nil, 1, "invalid\n", `stdin:1: slide record has no "tiles"`},
		{"negative optimal", `{"v":1,"kind":"slide","size":3,` + board + `,"optimal":-1}` + "\n", nil, 1, "invalid\n",
			"stdin:1: optimal length -1 is negative"},
		{"size and --size disagree", `{"v":1,"kind":"slide","size":3,` + board + "}\n", []string{"--size", "4"}, 1, "invalid\n",
			"stdin:1: record size 3, --size is 4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"solve", "--kind", "slide"}, tc.args...)
			code, out, errOut := runCLI(t, tc.in, args...)
			if code != tc.code || out != tc.out || !strings.Contains(errOut, tc.err) {
				t.Fatalf("exit %d out %q err %q; want %d, %q, %q", code, out, errOut, tc.code, tc.out, tc.err)
			}
		})
	}
}

// TestSlideSweepCountRefused: solve --count of a slide record (without
// --kind slide, which refuses --count outright) printed "1", as if the
// board had one solution; any number of move sequences solve it. The
// line is now refused, and a Sudoku line beside it is still counted (the
// puzzle of docs/cli.md, one solution).
func TestSlideSweepCountRefused(t *testing.T) {
	in := `{"v":1,"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,0,7,8]}` + "\n" +
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	code, out, errOut := runCLI(t, in, "solve", "--count")
	if code != 1 || out != "invalid\n1\n" || !strings.Contains(errOut, "stdin:1: --count counts Sudoku solutions; a sliding board has no count") {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
	// Without --count the board is still solved (its two moves).
	if code, out, errOut := runCLI(t, in, "solve"); code != 0 || !strings.HasPrefix(out, "RR\n") {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
}

// TestSlideSweepJSONLStaysJSON: with --format jsonl a bad board wrote a
// bare "invalid" among the records, which no JSON reader takes (jq
// stops there). Every output line must now decode, the bad board must
// be named on stderr and the exit code be 1; the records keep their
// input position in the id.
func TestSlideSweepJSONLStaysJSON(t *testing.T) {
	in := "1 2 3 4 5 6 0 7 8\n1 1 2 3 4 5 6 7 0\n1 2 3 4 5 6 7 0 8\n"
	code, out, errOut := runCLI(t, in, "solve", "--kind", "slide", "--format", "jsonl")
	if code != 1 || !strings.Contains(errOut, "stdin:2: repeated tile 1") {
		t.Fatalf("exit %d err %q", code, errOut)
	}
	var ids []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var rec struct {
			ID      string `json:"id"`
			Optimal int    `json:"optimal"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("output line %q is not JSON: %v", line, err)
		}
		ids = append(ids, fmt.Sprintf("%s:%d", rec.ID, rec.Optimal))
	}
	// 1 2 3 / 4 5 6 / 0 7 8 is two moves from the goal, ... 7 0 8 one.
	if want := "slide3-0000000:2 slide3-0000002:1"; strings.Join(ids, " ") != want {
		t.Fatalf("records %v, want %s", ids, want)
	}
}

// TestSlideSweepRecordKeepsID: --format jsonl named every board
// slide<W>-<i> even when its input record had an id of its own, and
// dropped the seed and index of a record a run made; records read from
// elsewhere keep their own (docs/records.md, id), as grade keeps them.
// Solving a batch's file now gives it back byte for byte.
func TestSlideSweepRecordKeepsID(t *testing.T) {
	batchOut := filepath.Join(t.TempDir(), "b.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--kind", "slide", "--size", "3", "--count", "3", "--seed", "5", "-q", "-o", batchOut); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, errOut)
	}
	made, err := os.ReadFile(batchOut)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, string(made), "solve", "--kind", "slide", "--format", "jsonl")
	if code != 0 || out != string(made) {
		t.Fatalf("exit %d err %q\nsolved:\n%s\nbatch wrote:\n%s", code, errOut, out, made)
	}
	in := `{"v":1,"id":"mine","kind":"slide","size":3,"tiles":[1,2,3,4,5,6,0,7,8]}` + "\n" + "1 2 3 4 5 6 7 0 8\n"
	code, out, errOut = runCLI(t, in, "solve", "--kind", "slide", "--format", "jsonl")
	if code != 0 || !strings.Contains(out, `"id":"mine"`) || !strings.Contains(out, `"id":"slide3-0000001"`) || strings.Contains(out, `"seed"`) {
		t.Fatalf("exit %d err %q out:\n%s", code, errOut, out)
	}
}
