package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// swsheetMixed is a corpus of a classic sudoku (medium), a killer and a
// 3x3 sliding puzzle (both hard).
const swsheetMixed = "testdata/swsheet/mixed.jsonl"

// swsheetCells opens the workbook at path and returns its sheet names and
// every cell of sheet, row by row.
func swsheetCells(t *testing.T, path, sheet string) ([]string, [][]string) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatalf("%s: sheet %q: %v (sheets %q)", path, sheet, err, f.GetSheetList())
	}
	return f.GetSheetList(), rows
}

// TestExportXLSXLang: --lang reaches the workbook, from export and from
// batch --format xlsx: sheet names, headers, tier names and the Summary
// (a killer's scale too) in the language; the Puzzles sheet keeps the
// record's field names. --lang en is the workbook without --lang, byte for
// byte. Until 2026-12-07 --lang was ignored for xlsx.
func TestExportXLSXLang(t *testing.T) {
	dir := t.TempDir()
	plain, en, fr := filepath.Join(dir, "plain.xlsx"), filepath.Join(dir, "en.xlsx"), filepath.Join(dir, "fr.xlsx")
	for _, args := range [][]string{
		{"export", swsheetMixed, "-q", "-o", plain},
		{"export", swsheetMixed, "-q", "--lang", "en", "-o", en},
		{"export", swsheetMixed, "-q", "--lang", "fr-CA", "-o", fr},
	} {
		if code, _, errOut := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	a, _ := os.ReadFile(plain)
	b, _ := os.ReadFile(en)
	if !bytes.Equal(a, b) {
		t.Error("--lang en: the workbook differs from the one without --lang")
	}
	sheets, rows := swsheetCells(t, fr, "Résumé")
	if want := []string{"Casse-têtes", "Moyen", "Difficile", "Résumé", "Cages"}; !slices.Equal(sheets, want) {
		t.Errorf("sheets %q, want %q", sheets, want)
	}
	var summary []string
	for _, r := range rows {
		summary = append(summary, r...)
	}
	for _, want := range []string{"Niveau", "Moyen", "Difficile", "Total", "Sudokus killer", "Difficulté min. (échelle killer)", "Coups"} {
		if !slices.Contains(summary, want) {
			t.Errorf("Summary %q: no %q", summary, want)
		}
	}
	if _, rows := swsheetCells(t, fr, "Casse-têtes"); len(rows) == 0 || rows[0][0] != "id" || !slices.Contains(rows[0], "rating_at_least") {
		t.Errorf("Puzzles headers %q, want the record's field names", rows[0])
	}
	if _, rows := swsheetCells(t, fr, "Cages"); len(rows) == 0 || !slices.Equal(rows[0], []string{"Identifiant", "Cage", "Somme", "Cases", "Nombre de cases", "Ligne dans «\u00a0Casse-têtes\u00a0»"}) {
		t.Errorf("Cages headers %q", rows[0])
	}

	out := filepath.Join(dir, "batch")
	if code, _, errOut := runCLI(t, "", "batch", "--count", "2", "--seed", "1", "-q", "--format", "xlsx", "--lang", "de", "-o", out); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, errOut)
	}
	if sheets, _ := swsheetCells(t, filepath.Join(out, "puzzles.xlsx"), "Übersicht"); !slices.Contains(sheets, "Rätsel") {
		t.Errorf("batch --lang de: sheets %q", sheets)
	}
}

// TestExportTextFlagsRefused: --lang for a format written in no language
// (jsonl, txt, csv, se) and --font or --font-bold for one that takes no
// font file (all but pdf) are refused, exit 2, one line, nothing
// written. Until 2026-12-07 they were ignored without a word.
func TestExportTextFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	font := filepath.Join(dir, "f.ttf")
	if err := os.WriteFile(font, []byte("not read"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		out  string
		args []string
		want string
	}{
		{"x.csv", []string{"--lang", "fr"}, "--lang fr: csv is written in no language"},
		{"x.txt", []string{"--lang", "de"}, "--lang de: txt is written in no language"},
		{"x.se", []string{"--format", "se", "--lang", "ja"}, "--lang ja: se is written in no language"},
		{"x.jsonl", []string{"--lang", "ru"}, "--lang ru: jsonl is written in no language"},
		{"x.xlsx", []string{"--font", font}, "--font: xlsx takes no font file"},
		{"x.html", []string{"--font-bold", font}, "--font-bold: html takes no font file"},
		{"x.csv", []string{"--font", font}, "--font: csv takes no font file"},
	} {
		out := filepath.Join(dir, c.out)
		args := append([]string{"export", swsheetMixed, "-o", out}, c.args...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line saying %q", c.args, code, errOut, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: %s written", c.args, c.out)
		}
	}
}
