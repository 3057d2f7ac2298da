package export

import (
	"reflect"
	"testing"
)

// TestSwbook2TitleNoRunt: a wrapped title does not end on a runt, a last
// line narrower than a quarter of the width, such as one character of a
// Japanese title alone under the rest ("数独パズル大全|集" on a 6x9
// cover): its lines are balanced, as few as before, without cutting a
// word. A last line of a quarter or more stays as it was.
func TestSwbook2TitleNoRunt(t *testing.T) {
	width := func(s string) float64 { return float64(len([]rune(s))) }
	for _, c := range []struct {
		text string
		w    float64
		want []string
	}{
		{"数独パズル大全集", 7, []string{"数独パズ", "ル大全集"}},
		{"数独パズル大全集", 8, []string{"数独パズル大全集"}},
		// greedy, 3 lines of 9, 9 and 1; balanced, 7, 7 and 6; its
		// list's commas make 3 lines too, and win
		{"数独、スライドパズル、キラー数独、変形数", 9, []string{"数独、", "スライドパズル、", "キラー数独、変形数"}},
		// words are not cut: "Sudoku Puzzles | for | Everyone" is not
		// balanced below the widest word
		{"Sudoku Puzzles for All", 20, []string{"Sudoku Puzzles", "for All"}},
		{"Sudoku Puzzles and More", 19, []string{"Sudoku Puzzles", "and More"}},
		// a last line of a quarter of the width or more: greedy, as before
		{"Sudoku, Sliding Puzzles, Killer Sudoku", 16, []string{"Sudoku, Sliding", "Puzzles, Killer", "Sudoku"}},
		{"数独、数字华容道、杀手", 7, []string{"数独、数字华容", "道、杀手"}},
		{"Extraordinarily Difficult", 16, []string{"Extraordinarily", "Difficult"}},
	} {
		if got := wrapTitle(c.text, c.w, width); !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrapTitle(%q, %g) = %q, want %q", c.text, c.w, got, c.want)
		}
	}
}
