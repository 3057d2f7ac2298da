package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
	"github.com/xuri/excelize/v2"
)

// TestXLSXReproducible: the same records give the same bytes, run after
// run (excelize writes its parts and content types in map order: this
// failed about every other run), and the workbook is well formed: parts
// in a fixed order, every part named in the content types, column widths
// in ascending order as set, and excelize opens it.
func TestXLSXReproducible(t *testing.T) {
	recs := append(xlsxFixture(t), makeRecords(t, sudoku.Shape6, 7)...)
	dir := t.TempDir()
	var paths []string
	for i := 0; i < 6; i++ {
		path := filepath.Join(dir, fmt.Sprintf("w%d.xlsx", i))
		xf, err := CreateXLSX(path, XLSXOptions{Grids: 4})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if err := xf.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := xf.Close(); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	cmp, _ := exec.LookPath("cmp")
	for _, p := range paths[1:] {
		if cmp != "" {
			if out, err := exec.Command(cmp, paths[0], p).CombinedOutput(); err != nil {
				t.Errorf("cmp: %v: %s", err, out)
			}
			continue
		}
		a, _ := os.ReadFile(paths[0])
		b, _ := os.ReadFile(p)
		if !bytes.Equal(a, b) {
			t.Errorf("%s and %s differ", paths[0], p)
		}
	}

	data, _ := os.ReadFile(paths[0])
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	read := func(zf *zip.File) string {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		b, err := io.ReadAll(rc) // checks the CRC too
		if err != nil {
			t.Fatalf("%s: %v", zf.Name, err)
		}
		return string(b)
	}
	var names []string
	parts := map[string]string{}
	for _, zf := range zr.File {
		names = append(names, zf.Name)
		parts[zf.Name] = read(zf)
	}
	if len(names) < 3 || names[0] != "[Content_Types].xml" || names[1] != "_rels/.rels" || !sort.StringsAreSorted(names[2:]) {
		t.Errorf("zip entries not in order: %q", names)
	}
	ct := parts["[Content_Types].xml"]
	var exts []string
	for _, m := range regexp.MustCompile(`<Default Extension="([^"]+)"`).FindAllStringSubmatch(ct, -1) {
		exts = append(exts, m[1])
	}
	if len(exts) < 2 || !sort.StringsAreSorted(exts) {
		t.Errorf("content-type defaults not sorted: %q", exts)
	}
	for _, m := range regexp.MustCompile(`<Override PartName="/([^"]+)"`).FindAllStringSubmatch(ct, -1) {
		if _, ok := parts[m[1]]; !ok {
			t.Errorf("content types name %s, which the zip lacks", m[1])
		}
	}
	for _, n := range names {
		ext := n[strings.LastIndex(n, ".")+1:]
		if !strings.Contains(ct, `PartName="/`+n+`"`) && !strings.Contains(ct, `Extension="`+ext+`"`) {
			t.Errorf("%s has no content type", n)
		}
	}
	// Column widths: ascending, and the widths set (Puzzles: every field).
	cols := regexp.MustCompile(`<col min="(\d+)" max="(\d+)" width="([\d.]+)"`)
	sheet1 := parts["xl/worksheets/sheet1.xml"]
	ms := cols.FindAllStringSubmatch(sheet1, -1)
	if len(ms) != len(xlsxColumns) {
		t.Fatalf("Puzzles has %d column widths, want %d", len(ms), len(xlsxColumns))
	}
	for i, m := range ms {
		lo, _ := strconv.Atoi(m[1])
		w, _ := strconv.ParseFloat(m[3], 64)
		if lo != i+1 || w != xlsxColumns[i].shownWidth(xlsxColumns[i].name) {
			t.Errorf("column width %d: min %d width %g, want column %d width %g", i, lo, w, i+1, xlsxColumns[i].shownWidth(xlsxColumns[i].name))
		}
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if rows, _ := f.GetRows("Puzzles"); len(rows) != len(recs)+1 {
		t.Errorf("Puzzles has %d rows, want %d", len(rows), len(recs)+1)
	}
}

// TestXLSXSummaryTotal: the Summary's Total row counts every record and
// gives the rating statistics over every real rating (a beyond puzzle's
// 20.0 is none), computed here from the records.
func TestXLSXSummaryTotal(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape9, 20)
	recs[3].Tier, recs[3].Rating = "beyond", 20
	f, _ := writeOpenXLSX(t, recs, XLSXOptions{})
	rows, err := f.GetRows("Summary")
	if err != nil {
		t.Fatal(err)
	}
	var total []string
	for _, r := range rows {
		if len(r) > 0 && r[0] == "Total" {
			total = r
		}
	}
	lo, hi, sum, n := math.Inf(1), math.Inf(-1), 0.0, 0
	for _, r := range recs {
		if r.Tier == "beyond" {
			continue
		}
		lo, hi, sum, n = math.Min(lo, r.Rating), math.Max(hi, r.Rating), sum+r.Rating, n+1
	}
	// ratings show one decimal (5.0), the mean two
	want := []string{"Total", strconv.Itoa(len(recs)), strconv.FormatFloat(lo, 'f', 1, 64),
		strconv.FormatFloat(hi, 'f', 1, 64), fmt.Sprintf("%.2f", sum/float64(n))}
	if strings.Join(total, "|") != strings.Join(want, "|") {
		t.Errorf("Total row %q, want %q", total, want)
	}
	for _, r := range rows {
		if len(r) > 1 && r[0] == "Beyond" && len(r) > 2 {
			t.Errorf("Beyond row %q has rating statistics", r)
		}
	}
}
