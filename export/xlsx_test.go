package export

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/xuri/excelize/v2"
)

// recordFromRow rebuilds a record from a sheet row by the documented
// column encodings, independently of the writer's code.
func recordFromRow(t *testing.T, hdr, row []string) *Record {
	t.Helper()
	var r Record
	for i, h := range hdr {
		v := ""
		if i < len(row) {
			v = row[i]
		}
		if v == "" {
			continue
		}
		atoi := func() int {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("column %s: %q is not a whole number", h, v)
			}
			return n
		}
		atof := func() float64 {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("column %s: %q is not a number", h, v)
			}
			return f
		}
		switch h {
		case "id":
			r.ID = v
		case "kind":
			r.Kind = v
		case "size":
			r.Size = atoi()
		case "box":
			a, b, _ := strings.Cut(v, "x")
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(b)
			r.Box = []int{x, y}
		case "puzzle":
			r.Puzzle = v
		case "solution":
			r.Solution = v
		case "givens":
			r.Givens = atoi()
		case "minimal":
			b := v == "TRUE"
			r.Minimal = &b
		case "symmetry":
			r.Symmetry = v
		case "rating":
			r.Rating = atof()
		case "rating_at_least":
			r.RatingAtLeast = atof()
		case "ep":
			r.EP = atof()
		case "ed":
			r.ED = atof()
		case "tier":
			r.Tier = v
		case "hardest":
			r.Hardest = v
		case "techniques":
			if err := json.Unmarshal([]byte(v), &r.Techniques); err != nil {
				t.Fatal(err)
			}
		case "level":
			r.Level = v
		case "score":
			r.Score = atoi()
		case "tiles":
			if err := json.Unmarshal([]byte(v), &r.Tiles); err != nil {
				t.Fatal(err)
			}
		case "goal":
			r.Goal = v
		case "optimal":
			n := atoi()
			r.Optimal = &n
		case "length":
			n := atoi()
			r.Length = &n
		case "lower_bound":
			n := atoi()
			r.LowerBound = &n
		case "exact":
			b := v == "TRUE"
			r.Exact = &b
		case "move_piece":
			r.MovePiece = v
		case "canonical":
			r.Canonical = v
		case "seed":
			s, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				t.Fatalf("seed %q: %v", v, err)
			}
			r.Seed = s
		case "index":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("index %q: %v", v, err)
			}
			r.Index = n
		default:
			t.Fatalf("unknown column %q", h)
		}
	}
	// A slide row's puzzle is csv's: its tiles separated by spaces, 0
	// the blank (docs/export.md); the record has them in "tiles" alone.
	if r.Kind == "slide" {
		want := strings.Trim(fmt.Sprint(r.Tiles), "[]")
		if r.Puzzle != want {
			t.Errorf("%s: puzzle cell %q, want the tiles %q", r.ID, r.Puzzle, want)
		}
		r.Puzzle = ""
	}
	return &r
}

func xlsxFixture(t testing.TB) []*Record {
	recs := makeRecords(t, sudoku.Shape9, 23)
	recs = append(recs, makeRecords(t, sudoku.Shape16, 2)...)
	// Every field set somewhere, including the slide and HoDoKu ones and
	// numbers a spreadsheet's floats would round.
	opt := 1 // the solution below is one move
	// ed <= ep <= rating (1.8), a HoDoKu level: CheckGrading's rules.
	recs[3].EP, recs[3].ED, recs[3].Level, recs[3].Score = 1.7, 1.5, "Hard", 1234
	recs[4].Seed, recs[4].Index = 1<<60+3, 1<<55+1
	recs[5].Minimal = nil
	recs[6].Rating, recs[6].RatingAtLeast = 0, 9.3 // grading cut off
	recs = append(recs, &Record{ID: "p4-0000001", Kind: "slide", Size: 4, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15},
		Goal: "blank-last", Optimal: &opt, MovePiece: "blank", Solution: "R", Tier: "easy", Rating: 1.0, Seed: 9, Index: 0})
	return recs
}

// writeOpenXLSX writes recs as a workbook and re-opens it with excelize,
// which is closed when the test ends; it also returns the workbook's bytes.
func writeOpenXLSX(t *testing.T, recs []*Record, o XLSXOptions) (*excelize.File, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, recs, o); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, buf.Bytes()
}

// TestXLSXRoundTrip re-opens the workbook with excelize: the Puzzles sheet
// has one row per record and every field reads back; each tier has a
// sheet with its records, easy to hard; Summary counts them and holds a
// chart.
func TestXLSXRoundTrip(t *testing.T) {
	recs := xlsxFixture(t)
	f, data := writeOpenXLSX(t, recs, XLSXOptions{Grids: 3})
	wantSheets := []string{"Puzzles", "Easy", "Medium", "Hard", "Expert", "Untiered", "Summary", "Grids"}
	if got := f.GetSheetList(); !reflect.DeepEqual(got, wantSheets) {
		t.Errorf("sheets %q, want %q", got, wantSheets)
	}
	rows, err := f.GetRows("Puzzles")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows)-1 != len(recs) {
		t.Fatalf("%d data rows, want %d", len(rows)-1, len(recs))
	}
	if !reflect.DeepEqual(rows[0], XLSXColumns) {
		t.Errorf("header %q", rows[0])
	}
	for i, r := range recs {
		got := recordFromRow(t, rows[0], rows[i+1])
		a, _ := json.Marshal(r)
		b, _ := json.Marshal(got)
		if !bytes.Equal(a, b) {
			t.Errorf("row %d:\n got %s\nwant %s", i+2, b, a)
		}
	}
	perTier := map[string][]string{}
	for _, r := range recs {
		perTier[(sheetWords{i18n.Get("en")}).tierSheet(r.Tier)] = append(perTier[(sheetWords{i18n.Get("en")}).tierSheet(r.Tier)], r.ID)
	}
	for sheet, ids := range perTier {
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, row := range rows[1:] {
			got = append(got, row[0])
		}
		if !reflect.DeepEqual(got, ids) {
			t.Errorf("sheet %s: ids %v, want %v", sheet, got, ids)
		}
	}
	if v, _ := f.GetCellValue("Summary", "B2"); v != strconv.Itoa(len(recs)) {
		t.Errorf("Summary B2 = %q, want %d", v, len(recs))
	}
	panes, err := f.GetPanes("Puzzles")
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("Puzzles header not frozen: %+v %v", panes, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, zf := range zr.File {
		files[zf.Name] = true
	}
	for _, want := range []string{"xl/charts/chart1.xml", "xl/tables/table1.xml"} {
		if !files[want] {
			t.Errorf("workbook lacks %s", want)
		}
	}
	// Grids: a page break after each of the three grids.
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/sheet") {
			continue
		}
		rc, _ := zf.Open()
		var b bytes.Buffer
		b.ReadFrom(rc)
		rc.Close()
		if strings.Contains(b.String(), "<rowBreaks") {
			if n := strings.Count(b.String(), "<brk "); n != 3 {
				t.Errorf("%s: %d page breaks, want 3", zf.Name, n)
			}
			files["breaks"] = true
		}
	}
	if !files["breaks"] {
		t.Error("no sheet has page breaks")
	}
	// Grids: three titled grids with their givens and thick box borders.
	g, _ := f.GetRows("Grids")
	labels := 0
	for _, row := range g {
		if len(row) > 0 && strings.HasPrefix(row[0], "s9-") {
			labels++
		}
	}
	if labels != 3 {
		t.Errorf("Grids sheet has %d titles, want 3", labels)
	}
	first := recs[0].Puzzle
	for j := 0; j < 9; j++ {
		cell, _ := excelize.CoordinatesToCellName(j+1, 3)
		v, _ := f.GetCellValue("Grids", cell)
		want := string(first[j])
		if want == "." {
			want = ""
		}
		if v != want {
			t.Errorf("Grids %s = %q, want %q", cell, v, want)
		}
	}
	sid, _ := f.GetCellStyle("Grids", "D5") // row 3 of the grid, col 4: box corner
	st, _ := f.GetStyle(sid)
	borders := map[string]int{}
	for _, b := range st.Border {
		borders[b.Type] = b.Style
	}
	if borders["left"] != 5 || borders["right"] != 1 || borders["bottom"] != 5 || borders["top"] != 1 {
		t.Errorf("D5 borders %v: want thick left and bottom", borders)
	}
}

func TestXLSXBadInput(t *testing.T) {
	if err := WriteXLSX(&bytes.Buffer{}, nil, XLSXOptions{}); err == nil || !strings.Contains(err.Error(), "empty corpus") {
		t.Errorf("empty corpus: %v", err)
	}
	if _, err := CreateXLSX("/nonexistent-dir/x.xlsx", XLSXOptions{}); err == nil || !strings.Contains(err.Error(), "cannot write /nonexistent-dir/x.xlsx") {
		t.Errorf("unwritable: %v", err)
	}
	if err := WriteXLSX(&bytes.Buffer{}, xlsxFixture(t), XLSXOptions{Grids: -1}); err == nil {
		t.Error("grids -1 accepted")
	}
}

// BenchmarkXLSX100k writes a 100,000-row workbook.
func BenchmarkXLSX100k(b *testing.B) {
	recs := bigCorpus(b, 100000)
	for b.Loop() {
		var buf bytes.Buffer
		if err := WriteXLSX(&buf, recs, XLSXOptions{Grids: 20}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(buf.Len())/1e6, "MB")
	}
}

var _ = fmt.Sprint

// TestXLSXEveryField: every JSON field of Record has a column of that name
// ("v", the version of the JSON line format, aside).
func TestXLSXEveryField(t *testing.T) {
	cols := map[string]bool{}
	for _, c := range XLSXColumns {
		cols[c] = true
	}
	rt := reflect.TypeOf(Record{})
	for i := 0; i < rt.NumField(); i++ {
		if !rt.Field(i).IsExported() { // not in JSON either
			continue
		}
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name == "v" || name == "-" {
			continue // the JSON line's format version; not a field (Unseeded)
		}
		if !cols[name] {
			t.Errorf("record field %s (%q) has no XLSX column", rt.Field(i).Name, name)
		}
	}
}

// boundedSlide5 hand-builds a 5x5 record as a bounded search would give
// it: a 40-move walk from the goal, undone by its reverse (length 40),
// with the Manhattan distance, worked out here, as its lower bound.
func boundedSlide5(t *testing.T) *Record {
	walk := "UUULLLDRDRULURDDDLLUUURRDDLLURDRULDRRDLU"
	r := slideRec(t, 5, walk, "", false)
	md := 0
	for i, tile := range r.Tiles {
		if tile == 0 {
			continue
		}
		g := tile - 1 // goal cell of tile
		dr, dc := i/5-g/5, i%5-g%5
		md += max(dr, -dr) + max(dc, -dc)
	}
	if md == 0 || md > len(walk) {
		t.Fatalf("Manhattan distance %d for a %d-move walk", md, len(walk))
	}
	r.ID, r.Tier, r.Seed, r.Index = "slide5-0000000", "", 77, 3
	r.LowerBound = &md
	return r
}

// TestXLSXSlideRoundTrip: a slide corpus (3x3 and 4x4 graded exactly, a
// 5x5 graded by a bounded search with exact:false) reads back field for
// field, tier sheets included.
func TestXLSXSlideRoundTrip(t *testing.T) {
	recs := []*Record{
		slideRec(t, 3, "UULLDRDRUULDLURDDR", "hard", true),
		slideRec(t, 4, "ULULDRUL", "easy", true),
		slideRec(t, 4, "LLLUURRDLURDRULLDD", "easy", true),
		boundedSlide5(t),
	}
	for i, r := range recs[:3] {
		r.ID, r.Canonical, r.Seed, r.Index = fmt.Sprintf("slide-%d", i), fmt.Sprint(r.Tiles), 5, int64(i)
	}
	f, data := writeOpenXLSX(t, recs, XLSXOptions{Grids: 2})
	rows, err := f.GetRows("Puzzles")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows)-1 != len(recs) {
		t.Fatalf("%d data rows, want %d", len(rows)-1, len(recs))
	}
	for i, r := range recs {
		got := recordFromRow(t, rows[0], rows[i+1])
		a, _ := json.Marshal(r)
		b, _ := json.Marshal(got)
		if !bytes.Equal(a, b) {
			t.Errorf("row %d:\n got %s\nwant %s", i+2, b, a)
		}
	}
	// Grids: the first two boards, titled with id and move count, tiles
	// in their cells and the blank empty (3x3 from row 3, 4x4 from row 9).
	for k, top := range []int{3, 9} {
		r := recs[k]
		title, _ := f.GetCellValue("Grids", fmt.Sprintf("A%d", top-2))
		if want := fmt.Sprintf("%d moves (fewest possible)", *r.Optimal); !strings.HasPrefix(title, r.ID) || !strings.Contains(title, want) {
			t.Errorf("Grids title %q, want %s and %q", title, r.ID, want)
		}
		for i, tile := range r.Tiles {
			cell, _ := excelize.CoordinatesToCellName(i%r.Size+1, top+i/r.Size)
			v, _ := f.GetCellValue("Grids", cell)
			if want := strconv.Itoa(tile); (tile == 0 && v != "") || (tile != 0 && v != want) {
				t.Errorf("Grids %s = %q, want tile %d", cell, v, tile)
			}
		}
	}
	if got := recs[3]; got.Exact == nil || *got.Exact || got.Optimal != nil {
		t.Fatal("fixture: the 5x5 record must be bounded (exact false, no optimal)")
	}
	// Summary: moves per tier (easy boards: 8 and 18 moves) and a moves
	// histogram whose counts add up to the corpus, with its chart.
	sum, _ := f.GetRows("Summary")
	var easy []string
	histTotal := 0
	for _, row := range sum {
		if len(row) > 7 && row[0] == "Easy" {
			easy = row
		}
		if len(row) > 4 && row[3] != "" && row[3] != "Moves" && row[3] != "Rating max" {
			n, err := strconv.Atoi(row[4])
			if err != nil {
				t.Fatalf("Summary histogram row %q", row)
			}
			histTotal += n
		}
	}
	if len(sum) < 4 || len(sum[3]) < 8 || sum[3][5] != "Moves min" || sum[3][7] != "Moves mean" {
		t.Errorf("Summary header %q: want Moves min, max, mean", sum[3])
	}
	if easy == nil || easy[5] != "8" || easy[6] != "18" {
		t.Errorf("Summary Easy row %q: want moves 8 to 18", easy)
	}
	if histTotal != len(recs) {
		t.Errorf("moves histogram counts %d boards, want %d", histTotal, len(recs))
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	chart := false
	for _, zf := range zr.File {
		if zf.Name == "xl/charts/chart1.xml" {
			rc, _ := zf.Open()
			var b bytes.Buffer
			b.ReadFrom(rc)
			rc.Close()
			chart = strings.Contains(b.String(), "Sliding puzzles by moves")
		}
	}
	if !chart {
		t.Error("Summary has no moves chart")
	}
	for sheet, want := range map[string][]string{"Easy": {"slide-1", "slide-2"}, "Hard": {"slide-0"}, "Untiered": {"slide5-0000000"}} {
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(sheet, err)
		}
		var ids []string
		for _, row := range rows[1:] {
			ids = append(ids, row[0])
		}
		if !reflect.DeepEqual(ids, want) {
			t.Errorf("sheet %s: ids %v, want %v", sheet, ids, want)
		}
	}
}

// TestXLSXTierSheetNames (audit 2026-12-02 #17): tier names Excel would
// refuse or merge as sheet names (an apostrophe first or last, names the
// workbook's own sheets use, long non-ASCII names that a byte cut would
// split, names equal but for case) each get a valid sheet of their own
// holding exactly their records.
func TestXLSXTierSheetNames(t *testing.T) {
	tiers := []string{"'q'", "q'", "'", "summary", "Hard", "hard",
		strings.Repeat("é", 40), strings.Repeat("𝄞", 20), "a[b]:c*?/\\", "history"}
	recs := makeRecords(t, sudoku.Shape9, len(tiers)*2)
	want := map[string][]string{}
	for i, r := range recs {
		r.Tier = tiers[i%len(tiers)]
		want[r.Tier] = append(want[r.Tier], r.ID)
	}
	f, _ := writeOpenXLSX(t, recs, XLSXOptions{})
	sorted := append([]string(nil), tiers...)
	sort.Slice(sorted, func(i, j int) bool { return tierLess(sorted[i], sorted[j]) })
	names := (sheetWords{i18n.Get("en")}).tierSheets(sorted)
	seen := map[string]bool{}
	for i, tier := range sorted {
		name := names[i]
		if !utf8.ValidString(name) || strings.HasPrefix(name, "'") || strings.HasSuffix(name, "'") ||
			len(utf16.Encode([]rune(name))) > 31 || seen[strings.ToLower(name)] {
			t.Errorf("tier %q: sheet name %q is not a valid, distinct Excel name", tier, name)
		}
		seen[strings.ToLower(name)] = true
		if strings.EqualFold(name, "History") { // Excel reserves it
			t.Errorf("tier %q: sheet name %q is reserved by Excel", tier, name)
		}
		rows, err := f.GetRows(name)
		if err != nil {
			t.Fatalf("tier %q: sheet %q: %v", tier, name, err)
		}
		var got []string
		for _, row := range rows[1:] {
			got = append(got, row[0])
		}
		if !reflect.DeepEqual(got, want[tier]) {
			t.Errorf("tier %q: sheet %q holds %v, want %v", tier, name, got, want[tier])
		}
	}
	if got := len(f.GetSheetList()); got != len(tiers)+2 {
		t.Errorf("%d sheets %q, want %d (Puzzles, Summary and one per tier)", got, f.GetSheetList(), len(tiers)+2)
	}
}

// Every error of a tier spool names the scratch folder it is in: the
// spool files are unlinked, so their own names lead nowhere (audit
// 2026-12-02, item 26).
func TestXLSXSpoolErrorsNameFolder(t *testing.T) {
	for _, c := range []struct {
		name  string
		spoil func(ts *tierSpool)
		when  string // "write" (the next record's) or "finish" (WriteTo)
		cause string
	}{
		{"closed before finish", func(ts *tierSpool) { ts.f.Close() }, "finish", "file already closed"},
		{"torn line", func(ts *tierSpool) { ts.w.WriteString("{\n") }, "finish", "unexpected end of JSON input"},
		{"closed before a write", func(ts *tierSpool) {
			ts.f.Close()
			ts.w = bufio.NewWriterSize(ts.f, 16) // the next record goes straight to the file
		}, "write", "file already closed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs := makeRecords(t, sudoku.Shape9, 2)
			recs[0].Tier, recs[1].Tier = "easy", "easy"
			x, err := NewXLSXWriter(XLSXOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer x.Close()
			if err := x.Write(recs[0]); err != nil {
				t.Fatal(err)
			}
			c.spoil(x.tiers["easy"])
			err = x.Write(recs[1])
			if c.when == "finish" {
				if err != nil {
					t.Fatal(err)
				}
				_, err = x.WriteTo(io.Discard)
			}
			want := "xlsx: temporary file in " + x.scratch.Path() + ": " + c.cause
			if err == nil || err.Error() != want {
				t.Errorf("got %v, want %s", err, want)
			}
		})
	}
}

// TestXLSXUnseeded: a record no run made (a plain line: Unseeded) has
// empty seed and index cells, as it has no "seed" or "index" in JSONL and
// empty ones in csv; a seeded record of seed 0, index 0 keeps its zeros.
func TestXLSXUnseeded(t *testing.T) {
	const p = "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"
	recs := []*Record{
		{ID: "plain", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: p, Unseeded: true},
		{ID: "run", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: p},
	}
	f, _ := writeOpenXLSX(t, recs, XLSXOptions{})
	rows, err := f.GetRows("Puzzles")
	if err != nil {
		t.Fatal(err)
	}
	seed, index := slices.Index(rows[0], "seed"), slices.Index(rows[0], "index")
	cell := func(r, c int) string {
		if c < len(rows[r]) {
			return rows[r][c]
		}
		return ""
	}
	if cell(1, seed) != "" || cell(1, index) != "" {
		t.Errorf("unseeded record: seed %q, index %q, want empty cells", cell(1, seed), cell(1, index))
	}
	if cell(2, seed) != "0" || cell(2, index) != "0" {
		t.Errorf("seeded record: seed %q, index %q, want 0 and 0", cell(2, seed), cell(2, index))
	}
}
