package i18n

import (
	"strings"
	"testing"
)

// TestOneRatingWord: a book names the rating with one word per language,
// the word its labels print (book.label.rating, "Wertung 1,5"): the
// how-to's sudoku and variant rating paragraphs and the label sentence
// use it, and none of the language's other words for a rating (German
// "Bewertung" beside "Wertung", French "cote" and "note" beside
// "difficulté" were both printed on one page). The play page's rating
// words (its column, sort, line and details) are the book's too.
func TestOneRatingWord(t *testing.T) {
	for _, c := range []struct {
		lang, word string
		others     []string
	}{
		{"en", "rating", []string{"score", "grade "}},
		{"de", "Wertung", []string{"Bewertung"}},
		{"fr", "difficulté", []string{"cote", "note"}},
		{"es", "dificultad", []string{"puntuación", "nota"}},
		{"pt", "dificuldade", []string{"classificação", "nota"}},
		{"ru", "сложност", []string{"оценк", "рейтинг"}}, // the stem: сложность, по сложности
		{"ja", "評価値", []string{"数値", "難易度"}},
		{"zh-Hans", "评分", []string{"数值", "分数"}},
		{"zh-Hant", "評分", []string{"數值", "分數"}},
	} {
		tab := Get(c.lang)
		if l := tab.Text("book.label.rating", "r", "1"); !strings.Contains(l, c.word) {
			t.Fatalf("%s: the label %q does not print %q", c.lang, l, c.word)
		}
		for _, k := range []string{"book.sudoku.rating", "book.variant.rating", "book.rules.label_tier_rating",
			"play.rating", "play.col_rating", "play.sort_rating", "play.det_rating"} {
			m, _ := tab.Message(k)
			if !strings.Contains(strings.ToLower(m), strings.ToLower(c.word)) {
				t.Errorf("%s: %s does not say %q: %q", c.lang, k, c.word, m)
			}
			for _, o := range c.others {
				if strings.Contains(strings.ToLower(m), strings.ToLower(o)) {
					t.Errorf("%s: %s says %q for the rating the labels call %q: %q", c.lang, k, o, c.word, m)
				}
			}
		}
	}
}
