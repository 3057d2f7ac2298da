package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// lineRecords are records of every kind, with fields that need care in
// text formats.
func lineRecords() []Record {
	yes, no := true, false
	opt, l, lb := 19, 66, 60
	return []Record{
		{ID: "s9-0000001", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: p17, Solution: strings.Repeat("1", 81), Givens: 17,
			Minimal: &yes, Symmetry: "none", Rating: 7.2, EP: 1.2, ED: 1.2, Tier: "extreme", Hardest: "forcing-xy-chain",
			Techniques: map[string]int{"hidden-single": 36, "pointing": 4}, Level: "Extreme", Score: 2192, Canonical: p17, Seed: 1, Index: 1},
		{ID: `odd, "quoted"` + "\nid", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: p17, Rating: 2, EP: 2, ED: 1.2, Tier: " spaced, tier", Seed: 5},
		{Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: p17, RatingAtLeast: 10.8, EP: 1.2, ED: 1.2, Tier: "beyond", Unseeded: true},
		{ID: "slide3-0000000", Kind: "slide", Size: 3, Tiles: []int{2, 0, 8, 6, 7, 3, 1, 4, 5}, Goal: "blank-last", Optimal: &opt,
			Solution: "RDLLDRURDLUULDDRURD", MovePiece: "blank", Tier: "medium", Canonical: "208673145", Seed: 7},
		{ID: "slide5-0000000", Kind: "slide", Size: 5, Tiles: []int{8, 1, 13, 7, 10, 2, 3, 14, 9, 4, 12, 15, 20, 23, 5, 6, 18, 11, 0, 17, 22, 21, 16, 19, 24},
			Goal: "blank-last", Length: &l, LowerBound: &lb, Exact: &no, MovePiece: "blank", Seed: 1},
	}
}

func writeLines(t *testing.T, f *LineFormat, recs []Record) (string, []error) {
	t.Helper()
	var buf bytes.Buffer
	w := NewLineWriter(&buf, f)
	var errs []error
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			errs = append(errs, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String(), errs
}

// TestTXT: one puzzle a line, read back by the corpus reader as the same
// puzzles (Sudoku) and tiles (slide).
func TestTXT(t *testing.T) {
	recs := lineRecords()
	out, errs := writeLines(t, TXT, recs)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(recs) {
		t.Fatalf("%d lines for %d records:\n%s", len(lines), len(recs), out)
	}
	r := NewReader(strings.NewReader(out), "x.txt")
	for i, rec := range recs {
		if rec.Kind == "slide" {
			var tiles []int
			for _, f := range strings.Fields(lines[i]) {
				n, _ := strconv.Atoi(f)
				tiles = append(tiles, n)
			}
			if !reflect.DeepEqual(tiles, rec.Tiles) {
				t.Errorf("line %d: %q, want the tiles %v", i+1, lines[i], rec.Tiles)
			}
			continue
		}
		it, err := r.Next()
		if err != nil || it.Record.Puzzle != rec.Puzzle || it.JSON {
			t.Errorf("line %d read back as %+v, %v", i+1, it, err)
		}
		// QQWing --one-line: 81 characters, '.' empty, nothing else.
		if !regexp.MustCompile(`^[.1-9]{81}$`).MatchString(lines[i]) {
			t.Errorf("line %d: %q is not a one-line puzzle", i+1, lines[i])
		}
	}
	if _, err := appendTXT(nil, &Record{ID: "x", Kind: "sudoku"}); err == nil {
		t.Error("a record without a puzzle was written")
	}
}

// TestCSV: the header, then one row a record that encoding/csv reads back
// to the record's fields.
func TestCSV(t *testing.T) {
	recs := lineRecords()
	out, errs := writeLines(t, CSV, recs)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !reflect.DeepEqual(rows[0], CSVColumns) || CSVColumns[0] != "puzzle" || CSVColumns[1] != "solution" || CSVColumns[2] != "rating" || CSVColumns[3] != "tier" ||
		CSVColumns[len(CSVColumns)-1] != "fields" {
		t.Fatalf("header %v", rows[0])
	}
	if len(rows) != len(recs)+1 {
		t.Fatalf("%d rows for %d records", len(rows), len(recs))
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	for i, rec := range recs {
		row := rows[i+1]
		get := func(c string) string { return row[col[c]] }
		want := map[string]string{"solution": rec.Solution, "tier": rec.Tier, "id": rec.ID, "kind": rec.Kind, "canonical": rec.Canonical, "hardest": rec.Hardest}
		if rec.Kind == "slide" {
			want["puzzle"] = fmtInts(rec.Tiles)
		} else {
			want["puzzle"] = rec.Puzzle
		}
		for c, v := range want {
			if get(c) != v {
				t.Errorf("record %d column %s: %q, want %q", i, c, get(c), v)
			}
		}
		if rec.Rating != 0 && get("rating") != strconv.FormatFloat(rec.Rating, 'f', 1, 64) {
			t.Errorf("record %d rating %q, want %.1f", i, get("rating"), rec.Rating)
		}
		if rec.Unseeded != (get("seed") == "" && get("index") == "") {
			t.Errorf("record %d: seed %q index %q, unseeded %v", i, get("seed"), get("index"), rec.Unseeded)
		}
		// Sudoku and slide records have no kind fields: an empty last cell.
		if len(row) != len(CSVColumns) || get("fields") != "" {
			t.Errorf("record %d: %d cells, fields %q, want %d cells and an empty fields cell", i, len(row), get("fields"), len(CSVColumns))
		}
	}
	if got := rows[1][col["techniques"]]; got != `{"hidden-single":36,"pointing":4}` {
		t.Errorf("techniques cell %q", got)
	}
	if got := rows[1][col["box"]]; got != "3x3" {
		t.Errorf("box cell %q", got)
	}
	if got := rows[5][col["exact"]] + rows[5][col["length"]] + rows[5][col["lower_bound"]]; got != "false6660" {
		t.Errorf("bounded slide cells %q", got)
	}

	// An empty output still has its header.
	empty, _ := writeLines(t, CSV, nil)
	if empty != strings.Join(CSVColumns, ",")+"\n" {
		t.Errorf("empty csv %q", empty)
	}
}

// csvTestFields are kind fields for TestCSVKindFields: members holding
// commas, quotes and a backslash, as JSON writes them.
type csvTestFields struct{}

func (csvTestFields) AppendJSON(dst []byte) []byte {
	return append(dst, `,"variants":["x","anti-knight"],"note":"a \"quoted\", b\\c"`...)
}

// emptyTestFields are kind fields that write nothing.
type emptyTestFields struct{}

func (emptyTestFields) AppendJSON(dst []byte) []byte { return dst }

// TestCSVKindFields: the last column holds a record's kind fields as one
// JSON object, quoted so encoding/csv reads it back and encoding/json
// parses it to the members the fields wrote; empty when a record's kind
// fields write nothing.
func TestCSVKindFields(t *testing.T) {
	recs := lineRecords()[:1]
	recs = append(recs, recs[0], recs[0])
	recs[1].Fields = csvTestFields{}
	recs[2].Fields = emptyTestFields{}
	out, errs := writeLines(t, CSV, recs)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 4 {
		t.Fatalf("%d rows, %v\n%s", len(rows), err, out)
	}
	last := len(CSVColumns) - 1
	var got struct {
		Variants []string `json:"variants"`
		Note     string   `json:"note"`
	}
	if err := json.Unmarshal([]byte(rows[2][last]), &got); err != nil {
		t.Fatalf("fields cell %q: %v", rows[2][last], err)
	}
	if !reflect.DeepEqual(got.Variants, []string{"x", "anti-knight"}) || got.Note != `a "quoted", b\c` {
		t.Errorf("fields cell %q read as %+v", rows[2][last], got)
	}
	if rows[2][last] != `{"variants":["x","anti-knight"],"note":"a \"quoted\", b\\c"}` {
		t.Errorf("fields cell %q", rows[2][last])
	}
	for _, r := range []int{1, 3} {
		if rows[r][last] != "" {
			t.Errorf("row %d: fields cell %q, want empty", r, rows[r][last])
		}
	}
	// The cells before it are those of the same record without fields.
	if !reflect.DeepEqual(rows[1][:last], rows[2][:last]) {
		t.Errorf("rows differ before fields:\n%v\n%v", rows[1], rows[2])
	}
}

func fmtInts(xs []int) string {
	var b []byte
	return string(appendTiles(b, xs))
}

// TestSE: serate's line, "PUZZLE ED=ER/EP/ED", one decimal, 0.0 for a
// rating the record lacks; slide records are refused.
func TestSE(t *testing.T) {
	recs := lineRecords()
	out, errs := writeLines(t, SE, recs)
	want := p17 + " ED=7.2/1.2/1.2\n" + p17 + " ED=2.0/2.0/1.2\n" + p17 + " ED=0.0/1.2/1.2\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if len(errs) != 2 {
		t.Fatalf("errors %v, want the two slide records refused", errs)
	}
	for _, c := range []struct {
		r    float64
		want string
	}{{20, "20.0"}, {0, "0.0"}, {11.9, "11.9"}, {1.25, "1.3"}, {2.3, "2.3"}, {9.95, "10.0"}} {
		if got := string(appendSERating(nil, c.r)); got != c.want {
			t.Errorf("rating %v: %s, want %s", c.r, got, c.want)
		}
	}
}

// TestLineFormatLookup: names and extensions pick the formats.
func TestLineFormatLookup(t *testing.T) {
	for name, want := range map[string]*LineFormat{"jsonl": JSONL, "TXT": TXT, "csv": CSV, "se": SE, "pdf": nil} {
		if got := LineFormatNamed(name); got != want {
			t.Errorf("%s: %v", name, got)
		}
	}
	for path, want := range map[string]*LineFormat{"a.jsonl": JSONL, "b.TXT": TXT, "dir/c.csv": CSV, "d.se": nil, "e.pdf": nil, "f": nil} {
		if got := LineFormatFor(path); got != want {
			t.Errorf("%s: %v", path, got)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestLineWriterErrors(t *testing.T) {
	w := NewLineWriter(errWriter{}, CSV)
	recs := lineRecords()
	var err error
	for i := 0; i < 2000 && err == nil; i++ {
		err = w.Write(&recs[0])
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v, want the stream's", err)
	}
}

// TestCreateSinksRefuseEmptyPath: every file sink refuses an empty path
// when it is created, before a run feeds it; CreatePDF, CreateXLSX and
// CreateHTML accepted it and failed only at Close, after the whole run
// (CreateJSONL and CreateLineFile refused it already).
func TestCreateSinksRefuseEmptyPath(t *testing.T) {
	for _, c := range []struct {
		name   string
		create func() error
	}{
		{"CreateJSONL", func() error { _, err := CreateJSONL(""); return err }},
		{"CreateLineFile", func() error { _, err := CreateLineFile("", LineFormatNamed("txt")); return err }},
		{"CreatePDF", func() error { _, err := CreatePDF("", DefaultBookOptions()); return err }},
		{"CreateXLSX", func() error { _, err := CreateXLSX("", XLSXOptions{}); return err }},
		{"CreateHTML", func() error { _, err := CreateHTML("", HTMLOptions{}); return err }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.create(); err == nil || err.Error() != "output path is empty" {
				t.Fatalf("got error %v, want \"output path is empty\"", err)
			}
		})
	}
}
