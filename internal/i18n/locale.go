package i18n

// locale is what a language needs beyond its words: its plural rule and
// how it writes numbers (from the Unicode CLDR, version 46).
type locale struct {
	// categories are the plural categories the language has (CLDR's
	// plural rules for cardinals), in CLDR order; a plural message has a
	// form for each.
	categories []string
	// plural picks the category of a whole number.
	plural func(n int) string
	// decimal is the decimal sign; group the digit-group separator ("" for
	// none); minGroup CLDR's minimumGroupingDigits (2: 1200 but 12 345).
	decimal, group string
	minGroup       int
	// sentenceTitles: the language's titles capitalize their first word
	// only (and proper names), not each word or each item of a list.
	sentenceTitles bool
}

const nbsp = "\u00a0" // no-break space: keeps "1 200" on one line

// locales by language tag. The plural rules, for integers (v = 0, e = 0):
//
//	en, de:     one: n = 1; other
//	es:         one: n = 1; many: n != 0 and n % 1000000 = 0; other
//	fr, pt:     one: n = 0 or 1; many: n != 0 and n % 1000000 = 0; other
//	ru:         one: n % 10 = 1 and n % 100 != 11; few: n % 10 = 2..4 and
//	            n % 100 != 12..14; many: the rest; other: fractions only
//	ja, zh:     other
//
// (pt is CLDR's "pt", the Portuguese of Brazil; pt-PT's rule differs only
// for 0, which a book never counts.)
var locales = map[string]locale{
	"en":      {categories: []string{"one", "other"}, plural: pluralOne, decimal: ".", group: ",", minGroup: 1},
	"de":      {categories: []string{"one", "other"}, plural: pluralOne, decimal: ",", group: ".", minGroup: 1},
	"es":      {categories: []string{"one", "many", "other"}, plural: pluralSpanish, decimal: ",", group: ".", minGroup: 2, sentenceTitles: true},
	"fr":      {categories: []string{"one", "many", "other"}, plural: pluralFrench, decimal: ",", group: nbsp, minGroup: 1, sentenceTitles: true},
	"pt":      {categories: []string{"one", "many", "other"}, plural: pluralFrench, decimal: ",", group: ".", minGroup: 1, sentenceTitles: true},
	"ru":      {categories: []string{"one", "few", "many", "other"}, plural: pluralRussian, decimal: ",", group: nbsp, minGroup: 1, sentenceTitles: true},
	"ja":      {categories: []string{"other"}, plural: pluralNone, decimal: ".", group: ",", minGroup: 1},
	"zh-Hans": {categories: []string{"other"}, plural: pluralNone, decimal: ".", group: ",", minGroup: 1},
	"zh-Hant": {categories: []string{"other"}, plural: pluralNone, decimal: ".", group: ",", minGroup: 1},
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func pluralOne(n int) string {
	if abs(n) == 1 {
		return "one"
	}
	return "other"
}

func million(n int) bool { return n != 0 && n%1000000 == 0 }

func pluralSpanish(n int) string {
	n = abs(n)
	switch {
	case n == 1:
		return "one"
	case million(n):
		return "many"
	}
	return "other"
}

func pluralFrench(n int) string {
	n = abs(n)
	switch {
	case n == 0 || n == 1:
		return "one"
	case million(n):
		return "many"
	}
	return "other"
}

func pluralRussian(n int) string {
	n = abs(n)
	d, h := n%10, n%100
	switch {
	case d == 1 && h != 11:
		return "one"
	case d >= 2 && d <= 4 && (h < 12 || h > 14):
		return "few"
	}
	return "many"
}

func pluralNone(int) string { return "other" }
