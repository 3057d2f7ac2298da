package export

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/i18n"
)

// TestXLSXLang: a workbook made with a language (XLSXOptions.Lang, the
// CLI's --lang) shows people that language's words: sheet names, the
// tier sheets' headers, tier names, the Summary's labels and its
// histogram's bins written with the language's decimal sign, and the
// Grids sheet's title lines. The Puzzles sheet keeps the record's field
// names as headers and the record's values (tier ids, digits). English,
// given or not, is the workbook as it was before it had a language, byte
// for byte. Until 2026-12-07 --lang was ignored for XLSX: a French
// workbook was all English.
func TestXLSXLang(t *testing.T) {
	recs := xlsxFixture(t)
	_, plain := writeOpenXLSX(t, cloneRecords(recs), XLSXOptions{Grids: 2})
	_, en := writeOpenXLSX(t, cloneRecords(recs), XLSXOptions{Grids: 2, Lang: "en-US"})
	if !bytes.Equal(plain, en) {
		t.Errorf("--lang en-US: the workbook differs from the one without a language")
	}

	f, _ := writeOpenXLSX(t, cloneRecords(recs), XLSXOptions{Grids: 2, Lang: "fr"})
	sheets := f.GetSheetList()
	for _, want := range []string{"Casse-têtes", "Facile", "Résumé", "Grilles"} {
		if !slices.Contains(sheets, want) {
			t.Errorf("French sheets %q: no %q", sheets, want)
		}
	}
	for _, english := range []string{"Puzzles", "Easy", "Summary", "Grids"} {
		if slices.Contains(sheets, english) {
			t.Errorf("French sheets %q: English %q", sheets, english)
		}
	}
	// The Puzzles sheet: the record's field names and values.
	rows, err := f.GetRows("Casse-têtes")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], XLSXColumns) {
		t.Errorf("Puzzles headers %q, want the record's field names %q", rows[0], XLSXColumns)
	}
	tier := slices.Index(rows[0], "tier")
	if tier < 0 || rows[1][tier] != recs[0].Tier {
		t.Errorf("Puzzles row 2's tier is not the record's %q: %q", recs[0].Tier, rows[1])
	}
	// A tier sheet: headers in French.
	rows, err = f.GetRows("Facile")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Identifiant", "Difficulté", "Indices", "Technique la plus difficile"} {
		if !slices.Contains(rows[0], want) {
			t.Errorf("tier sheet headers %q: no %q", rows[0], want)
		}
	}
	// The Summary: labels, tier names, the histogram's bins with a comma.
	rows, err = f.GetRows("Résumé")
	if err != nil {
		t.Fatal(err)
	}
	var cells []string
	for _, r := range rows {
		cells = append(cells, r...)
	}
	for _, want := range []string{"Résumé", "Niveau", "Nombre", "Facile", "Total", "Difficulté", "1,0–1,4", "Coups"} {
		if !slices.Contains(cells, want) {
			t.Errorf("Summary cells %q: no %q", cells, want)
		}
	}
	for _, english := range []string{"Tier", "Count", "Easy", "Rating", "1.0–1.4", "Moves", "Puzzles"} {
		if slices.Contains(cells, english) {
			t.Errorf("Summary cells %q: English %q", cells, english)
		}
	}
	// A head wider than its column widens it: "Difficulté moyenne" was
	// cut to "Difficulté m" by the 12-character column English fits.
	for col, head := range map[string]string{"C": "Difficulté min.", "E": "Difficulté moyenne", "H": "Coups (moyenne)"} {
		if got, _ := f.GetCellValue("Résumé", col+"4"); got != head {
			t.Errorf("Summary %s4 = %q, want %q", col, got, head)
		}
		if w, err := f.GetColWidth("Résumé", col); err != nil || w < float64(len([]rune(head))) {
			t.Errorf("Summary column %s: width %g (%v), narrower than %q", col, w, err, head)
		}
	}
	// The Grids sheet: the title line in French, as the book's label.
	title, err := f.GetCellValue("Grilles", "A1")
	if err != nil {
		t.Fatal(err)
	}
	if recs[0].Tier != "hard" {
		t.Fatalf("the fixture's first record is %q, the test expects hard", recs[0].Tier)
	}
	if want := recs[0].ID + " · Difficile · difficulté "; !strings.HasPrefix(title, want) || !strings.Contains(title, ",") {
		t.Errorf("Grids title %q, want %q and the rating with a comma", title, want)
	}
}

// TestXLSXEveryLang: every language's workbook is written (its sheet
// names are ones Excel takes, unique), its Summary chart ranges name
// its Summary sheet quoted where the name needs it, and no header of a
// table repeats.
func TestXLSXEveryLang(t *testing.T) {
	recs := xlsxFixture(t)
	for _, lang := range i18n.Languages() {
		f, _ := writeOpenXLSX(t, cloneRecords(recs), XLSXOptions{Grids: 1, Lang: lang})
		w, _ := newSheetWords(lang)
		sheets := f.GetSheetList()
		if !slices.Contains(sheets, w.sheet("summary")) || !slices.Contains(sheets, w.sheet("puzzles")) {
			t.Errorf("%s: sheets %q", lang, sheets)
		}
		for _, cols := range [][]xlsxColumn{tierColumns, cageColumns} {
			seen := map[string]bool{}
			for _, c := range cols {
				h := w.header(c.name)
				if seen[h] {
					t.Errorf("%s: header %q twice in one table", lang, h)
				}
				seen[h] = true
			}
		}
	}
	for _, c := range []struct{ in, want string }{
		{"Summary", "Summary"},
		{"Übersicht", "'Übersicht'"},
		{"Large grids", "'Large grids'"},
		{"l'été", "'l''été'"},
	} {
		if got := sheetRef(c.in); got != c.want {
			t.Errorf("sheetRef(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if _, err := NewXLSXWriter(XLSXOptions{Lang: "xx"}); err == nil || !strings.Contains(err.Error(), `lang "xx"`) {
		t.Errorf("Lang xx: %v, want the language refused", err)
	}
}
