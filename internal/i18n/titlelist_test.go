package i18n

import "testing"

// TestTitleList: a title naming several kinds is capitalized as each
// language writes titles: every name in English (title case) and German
// (nouns), the first word only in French, Spanish, Portuguese and
// Russian.
func TestTitleList(t *testing.T) {
	for _, c := range []struct {
		lang  string
		items []string
		want  string
	}{
		{"en", []string{"Sudoku", "Sliding Puzzles", "Killer Sudoku"}, "Sudoku, Sliding Puzzles and Killer Sudoku"},
		{"de", []string{"Sudoku", "Schiebepuzzles", "Killer-Sudoku"}, "Sudoku, Schiebepuzzles und Killer-Sudoku"},
		{"fr", []string{"Sudoku", "Taquins", "Sudoku killer", "Variantes du sudoku"}, "Sudoku, taquins, sudoku killer et variantes du sudoku"},
		{"es", []string{"Sudoku", "Rompecabezas deslizantes"}, "Sudoku y rompecabezas deslizantes"},
		{"pt", []string{"Quebra-cabeças deslizantes", "Sudoku killer"}, "Quebra-cabeças deslizantes e sudoku killer"},
		{"ru", []string{"Судоку", "Пятнашки", "Киллер-судоку"}, "Судоку, пятнашки и киллер-судоку"},
		{"ja", []string{"数独", "スライドパズル"}, "数独、スライドパズル"},
		{"fr", []string{"Taquins"}, "Taquins"},
	} {
		if got := Get(c.lang).TitleList(c.items); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.items, got, c.want)
		}
	}
}
