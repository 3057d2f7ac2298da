package export

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestRecordSizeAgrees: a Sudoku record whose "size" is not its puzzle's
// is refused by both ways a reader reads a record, the full decoding
// (ParseLine, then Item.Grid) and the fast path (Grids.Record), which
// falls back to the full one to name it; a record without "size", or
// with the puzzle's, passes both (audit A1 item 3: solve, grade, canon,
// stats and explain took a 9x9 puzzle with "size":16).
func TestRecordSizeAgrees(t *testing.T) {
	const p4 = "1..............."
	box9 := sudoku.Shape9
	cases := []struct {
		line string
		box  *sudoku.Shape
		want string // the error, "" for none
	}{
		{`{"puzzle":"` + p17 + `","size":16}`, nil, "f.jsonl:3: size 16 but the puzzle is 9x9"},
		{`{"kind":"sudoku","size":4,"box":[3,3],"puzzle":"` + p17 + `"}`, nil, "f.jsonl:3: size 4 but the puzzle is 9x9"},
		{`{"size":-9,"puzzle":"` + p17 + `"}`, nil, "f.jsonl:3: size -9 but the puzzle is 9x9"},
		{`{"puzzle":"` + p4 + `","size":9}`, nil, "f.jsonl:3: size 9 but the puzzle is 4x4"},
		{`{"puzzle":"` + p17 + `","size":16}`, &box9, "f.jsonl:3: size 16 but the puzzle is 9x9"},
		{`{"puzzle":"` + p17 + `","size":9}`, nil, ""},
		{`{"puzzle":"` + p17 + `"}`, nil, ""},
		{`{"puzzle":"` + p17 + `","size":null}`, nil, ""},
		{`{"puzzle":"` + p4 + `","size":4}`, nil, ""},
	}
	var grids Grids
	for _, c := range cases {
		it, _, err := ParseLine("f.jsonl", 3, []byte(c.line))
		if err == nil {
			_, err = it.GridError("f.jsonl", c.box)
		}
		if got := errText(err); got != c.want {
			t.Errorf("%s: full path %q, want %q", c.line, got, c.want)
		}
		for _, symbolsOnly := range []bool{false, true} {
			if _, ok := grids.Record([]byte(c.line), c.box, symbolsOnly); ok != (c.want == "") {
				t.Errorf("%s: fast path (symbols only %v) ok %v, want %v", c.line, symbolsOnly, ok, c.want == "")
			}
		}
	}
}

// TestNotPuzzleLine: a plain line that is plainly no Sudoku puzzle line
// says what it looks like, the same from ParseLine (the corpus readers)
// and PlainLineError (the per-line commands); any other line keeps its
// length or symbol message (audit A1 items 6 and 11).
func TestNotPuzzleLine(t *testing.T) {
	samurai := strings.Repeat(".", 9) + "###" + strings.Repeat(".", 441-12)
	const notRecord = "not a record (a JSON object) nor a puzzle line"
	cases := []struct {
		line string
		want string // ParseLine's error, "" for none
		grid string // else PlainLineError's, from the grid's error
	}{
		{"[1,2,3]", "f.txt:2: a JSON array: " + notRecord, ""},
		{"  [ ]", "f.txt:2: a JSON array: " + notRecord, ""},
		{`"str"`, "f.txt:2: a JSON string: " + notRecord, ""},
		{"null", "f.txt:2: JSON null: " + notRecord, ""},
		{"true", "f.txt:2: JSON true: " + notRecord, ""},
		{"[1,2", "f.txt:2: starts with '[' but is not JSON: " + notRecord, ""},
		{"0 5 1 3 4 2 8 6 7", "f.txt:2: 9 numbers: looks like a sliding board: read it with solve --kind slide (export, merge and stats read slide boards from jsonl only)", ""},
		{"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "f.txt:2: 16 numbers: looks like a sliding board: read it with solve --kind slide (export, merge and stats read slide boards from jsonl only)", ""},
		{samurai, "f.txt:2: looks like a Samurai board (441 cells, '#' on the unused ones): read it with --variant samurai", ""},
		{samurai + " 5.4", "f.txt:2: looks like a Samurai board (441 cells, '#' on the unused ones): read it with --variant samurai", ""},
		// not recognised: the grid's own message
		{"1 2 3", "", "f.txt:2: puzzle has 1 character, expected 16 for 4x4 (other sizes: 36, 64, 81, 144, 256, 625)"},
		{"123456780", "", "f.txt:2: puzzle has 9 characters, expected 16 for 4x4 (other sizes: 36, 64, 81, 144, 256, 625)"},
		{"hello world", "", "f.txt:2: puzzle has 5 characters, expected 16 for 4x4 (other sizes: 36, 64, 81, 144, 256, 625)"},
		{p17 + " 1 2 3 4 5", "", ""}, // a puzzle, then numbers: a puzzle line
		{p17, "", ""},
	}
	for _, c := range cases {
		it, _, err := ParseLine("f.txt", 2, []byte(c.line))
		if got := errText(err); got != c.want {
			t.Errorf("ParseLine %.40q: %q, want %q", c.line, got, c.want)
		}
		var grids Grids
		_, gerr := grids.Parse(PlainPuzzle([]byte(c.line)), nil)
		want := c.want
		if want == "" {
			want = c.grid
		}
		if gerr == nil {
			if want != "" {
				t.Errorf("%.40q: the grid parsed, want %q", c.line, want)
			}
			continue
		}
		if got := PlainLineError("f.txt", 2, []byte(c.line), gerr).Error(); got != want {
			t.Errorf("PlainLineError %.40q: %q, want %q", c.line, got, want)
		}
		if c.want == "" {
			if _, err := it.GridError("f.txt", nil); errText(err) != c.grid {
				t.Errorf("GridError %.40q: %v, want %q", c.line, err, c.grid)
			}
		}
	}
}

// errText is err's text, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestPlainLineRecordPuzzle: a plain line's puzzle becomes a record's as
// docs/records.md writes it, '.' for empty and letters in upper case, so
// that merge and export --format jsonl write conforming records (a line
// with '0' for empty cells was refused by merge, "givens 17 but the
// puzzle has 81", and written with its 0s by export); a symbol above the
// size stays as written, for its error to quote it.
func TestPlainLineRecordPuzzle(t *testing.T) {
	p9 := "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	dots9 := strings.ReplaceAll(p9, "0", ".")
	p16 := "g0a" + strings.Repeat(".", 253)
	for _, c := range []struct{ line, want string }{
		{p9, dots9},
		{p9 + " # a comment", dots9},
		{dots9, dots9},
		{p16, "G.A" + strings.Repeat(".", 253)},
		{"a" + dots9[1:], "a" + dots9[1:]}, // 10 on a 9x9: the error names 'a'
		{"10203", "1.2.3"},                 // no Sudoku size: only the 0s
	} {
		it, ok, err := ParseLine("f.txt", 1, []byte(c.line))
		if !ok || err != nil || it.Record.Puzzle != c.want {
			t.Errorf("%.20s...: puzzle %q, ok %v, err %v; want %q", c.line, it.Record.Puzzle, ok, err, c.want)
		}
	}
	it, _, _ := ParseLine("f.txt", 1, []byte("a"+dots9[1:]))
	if _, err := it.GridError("f.txt", nil); err == nil || !strings.Contains(err.Error(), "bad symbol 'a' at r1c1") {
		t.Errorf("9x9 line with 'a': %v, want the bad symbol 'a' named", err)
	}
}
