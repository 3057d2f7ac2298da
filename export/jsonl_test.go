package export

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

const p17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func TestReaderLines(t *testing.T) {
	in := strings.Join([]string{
		"\xef\xbb\xbf# a comment with a BOM before it", // 1
		"",                      // 2
		p17 + " 11.2/1.2/1.2",   // 3 trailing rating
		p17 + "\t# from a list", // 4 tab and comment
		"  " + strings.ReplaceAll(p17, ".", "0") + ",x",                                              // 5 zeros, comma
		`{"id":"s9-0000001","kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + p17 + `","future":1}`, // 6
		`{"id":broken}`,         // 7
		`{"kind":"sudoku"}`,     // 8
		"   # indented comment", // 9
		"1234",                  // 10 wrong length, but a plain line
		`{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,8,0]}`, // 11
	}, "\n")
	r := NewReader(strings.NewReader(in), "in.txt")
	type got struct {
		line   int
		puzzle string
		json   bool
		err    string
	}
	var gots []got
	for {
		it, err := r.Next()
		if err == io.EOF {
			break
		}
		g := got{line: it.Line, puzzle: it.Record.Puzzle, json: it.JSON}
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("non-line error %v", err)
			}
			g.err = err.Error()
		}
		gots = append(gots, g)
	}
	want := []got{
		{3, p17, false, ""},
		{4, p17, false, ""},
		{5, p17, false, ""}, // zeros read as a record writes them: '.'
		{6, p17, true, ""},
		{7, "", true, "in.txt:7: bad JSON: invalid character 'b' looking for beginning of value at column 7"},
		{8, "", true, `in.txt:8: JSON record has no "puzzle"`},
		{10, "1234", false, ""},
		{11, "", true, ""},
	}
	if len(gots) != len(want) {
		t.Fatalf("got %d items %+v, want %d", len(gots), gots, len(want))
	}
	for i := range want {
		if gots[i] != want[i] {
			t.Errorf("item %d: got %+v, want %+v", i, gots[i], want[i])
		}
	}
}

func TestItemGridProblems(t *testing.T) {
	bad := p17[:2] + "x" + p17[3:]
	dup := "44" + p17[2:] // 4 at r1c1 and r1c2
	box9 := sudoku.Shape9
	box6 := sudoku.Shape6
	cases := []struct {
		puzzle string
		box    *sudoku.Shape
		recBox []int
		want   string // substring of the error, "" for none
	}{
		{p17, nil, nil, ""},
		{p17, &box9, nil, ""},
		{p17[:80], nil, nil, "puzzle has 80 characters, expected 81 for 9x9"},
		{p17 + "1", nil, nil, "puzzle has 82 characters, expected 81 for 9x9"},
		{"123", nil, nil, "puzzle has 3 characters, expected 16 for 4x4"},
		{bad, nil, nil, "bad symbol 'x' at r1c3"},
		{strings.Replace(p17, "4", "A", 1), nil, nil, "bad symbol 'A' at r1c1"},
		{dup, nil, nil, "4 appears twice in row 1 (r1c1 and r1c2)"},
		{p17, &box6, nil, "expected 36"},
		{p17, nil, []int{2, 3}, "expected 36"},
		{p17, nil, []int{2, 5}, "unsupported"},
		{"1...............", nil, nil, ""}, // 4x4
	}
	for _, c := range cases {
		it := Item{Line: 9, Record: Record{Kind: "sudoku", Puzzle: c.puzzle, Box: c.recBox}}
		_, err := it.GridError("f.txt", c.box)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: unexpected error %v", c.puzzle, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "f.txt:9: ")):
			t.Errorf("%q: error %v, want f.txt:9: ...%s", c.puzzle, err, c.want)
		}
	}
}

func TestWriterRoundTrip(t *testing.T) {
	yes := true
	recs := []Record{
		{ID: "s9-0000000", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: p17, Givens: 17, Minimal: &yes, Symmetry: "none", Seed: 1, Index: 0},
		{ID: "s9-0000001", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: p17, Seed: 1, Index: 1},
	}
	var buf bytes.Buffer
	w := NewJSONLWriter(&buf)
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	if n := strings.Count(buf.String(), "\n"); n != 2 {
		t.Fatalf("%d lines", n)
	}
	if !strings.HasPrefix(buf.String(), `{"v":1,"id":"s9-0000000","kind":"sudoku","size":9,"box":[3,3],"puzzle":"4.....8.5`) {
		t.Errorf("unexpected field order: %s", buf.String()[:80])
	}
	r := NewReader(&buf, "x")
	for i := range recs {
		it, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if it.Record.ID != recs[i].ID || it.Record.Puzzle != recs[i].Puzzle || it.Record.Index != recs[i].Index {
			t.Errorf("record %d: read %+v", i, it.Record)
		}
	}
}

func TestAtomicFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	f, err := CreateJSONL(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(&Record{ID: "a", Kind: "sudoku", Puzzle: p17})
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("final name exists before Close")
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(b, []byte(`{"v":1,"id":"a"`)) {
		t.Fatalf("after Close: %q, %v", b, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}

	// Abort leaves nothing.
	f, _ = CreateJSONL(filepath.Join(dir, "gone.jsonl"))
	f.Write(&Record{ID: "b"})
	f.Abort()
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("abort left files: %v", entries)
	}

	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "missing", "x.jsonl"), "folder " + filepath.Join(dir, "missing") + " does not exist"},
		{filepath.Join(path, "x.jsonl"), path + " is not a folder"},
		{dir, "it is a folder"},
		{"", "output path is empty"},
	} {
		if _, err := CreateJSONL(c.path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CreateJSONL(%q): %v, want %q", c.path, err, c.want)
		}
	}
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o555)
		if _, err := CreateJSONL(filepath.Join(ro, "x.jsonl")); err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("read-only folder: %v", err)
		}
	}
}
