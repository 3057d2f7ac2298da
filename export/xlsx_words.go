package export

import (
	"regexp"
	"strings"
	"unicode/utf16"

	"github.com/sudogen/sudogen/internal/i18n"
)

// sheetWords are the words a workbook shows people, in its language
// (XLSXOptions.Lang; English without one): sheet names, the headers of
// the tier and Cages sheets, the Summary's labels and charts, tier names
// and the Grids sheet's title and rule lines (internal/i18n, the
// "workbook" section and the book's labels). English's words are the
// workbook's as it was before it had a language. The Puzzles sheet's
// headers stay the record's field names and every cell holds the
// record's value (ids, kinds, tiers, technique ids, digits) in every
// language: that sheet is the corpus, for programs as much as for people.
type sheetWords struct{ tr *Language }

// newSheetWords returns the words of lang ("" for English); a language
// no table serves is refused, naming those there are.
func newSheetWords(lang string) (sheetWords, error) {
	if lang != "" {
		if err := checkLang(lang); err != nil {
			return sheetWords{}, err
		}
	}
	return sheetWords{i18n.Get(lang)}, nil
}

// sheet is the name of one of the workbook's own sheets: "puzzles",
// "summary", "grids", "large_grids" or "cages".
func (w sheetWords) sheet(key string) string { return w.tr.Text("workbook.sheet." + key) }

// ownSheets are the names of the workbook's own sheets, and Excel's
// reserved History, which a tier's sheet must not take.
func (w sheetWords) ownSheets() []string {
	out := []string{"History"}
	for _, k := range []string{"puzzles", "summary", "grids", "large_grids", "cages"} {
		out = append(out, w.sheet(k))
	}
	return out
}

// header is a tier or Cages sheet's header of the column named name.
func (w sheetWords) header(name string) string { return w.tr.Text("workbook.column." + name) }

// summary is one of the Summary sheet's words, its placeholders filled
// from args (name, value pairs).
func (w sheetWords) summary(key string, args ...any) string {
	return w.tr.Text("workbook.summary."+key, args...)
}

// tier is a tier's name: the language's word for a built-in tier,
// "Untiered" for none, else the corpus's name capitalized (tierTitle).
func (w sheetWords) tier(t string) string {
	switch {
	case t == "":
		return w.tr.Text("book.tier.none")
	case t != "none" && w.tr.Has("book.tier."+t):
		return w.tr.Text("book.tier." + t)
	}
	return tierTitle(t)
}

// scale is a word about the kind rated on its own scale (key "name":
// "killer scale", "puzzles": "Killer puzzles", "chart": the title of its
// rating chart), from the table's workbook.scale.KIND, else made from the
// kind's name in English (a kind registered by another program).
func (w sheetWords) scale(kind, key string) string {
	if k := "workbook.scale." + kind + "." + key; w.tr.Has(k) {
		return w.tr.Text(k)
	}
	switch key {
	case "name":
		return kind + " scale"
	case "puzzles":
		return tierTitle(kind) + " puzzles"
	}
	return tierTitle(kind) + " puzzles by rating (" + kind + " scale)"
}

// own is a Summary word about a kind rated on its own scale
// (workbook.summary.own_KEY, its {scale} the kind's scale's name).
func (w sheetWords) own(kind, key string) string {
	return w.summary("own_"+key, "scale", w.scale(kind, "name"))
}

// decimal writes v with one decimal, the language's way (4,2 in French).
func (w sheetWords) decimal(v float64) string { return w.tr.Decimal(v, 1) }

// cellWidth is the width of s in a spreadsheet's character widths: a
// CJK character takes two.
func cellWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wideBreak(r) {
			n++
		}
	}
	return n
}

// utf16Len is the length of s in UTF-16 units, as Excel counts a sheet
// name's.
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// plainSheetName matches the sheet names a formula names unquoted.
var plainSheetName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.]*$`)

// sheetRef is a sheet's name as a formula or a chart's range names it:
// as it is when plain ("Summary"), else quoted, its quotes doubled
// ('Übersicht', 'Large grids').
func sheetRef(name string) string {
	if plainSheetName.MatchString(name) {
		return name
	}
	return "'" + strings.ReplaceAll(name, "'", "''") + "'"
}
