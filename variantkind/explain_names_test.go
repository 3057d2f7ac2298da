package variantkind

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/variant"
)

// TestSamuraiHouseNames: explain names a Samurai grid's row or column by
// the frame row or column its cells are in, as the cells' names are
// ("row 3 r3c13-r3c21": the top-right grid's third row), not by its
// place among the 45 row houses ("row 12 r3c13-r3c21").
func TestSamuraiHouseNames(t *testing.T) {
	g, err := variant.Build(variant.Spec{Variants: []string{variant.SamuraiName}})
	if err != nil {
		t.Fatal(err)
	}
	names, err := houseNames(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"row 1 r1c1-r1c9", "row 3 r3c13-r3c21", "row 8 r8c7-r8c15", "row 19 r19c13-r19c21",
		"column 7 r1c7-r9c7", "column 15 r7c15-r15c15", "column 21 r13c21-r21c21",
	} {
		if !slices.Contains(names, want) {
			t.Errorf("no house named %q", want)
		}
	}
	for _, n := range names {
		if n == "row 12 r3c13-r3c21" {
			t.Errorf("house named %q", n)
		}
	}
}

// TestPrettyBoards: explain's and solve --pretty's grid of a jigsaw has
// its regions map beside it (the grid alone did not say which cells
// share a region), and a Samurai's has a gap between the frame's 3x3
// blocks and no blanks at a row's end (a row ending in unused cells had
// twelve).
func TestPrettyBoards(t *testing.T) {
	const regions = "111224551244551224531244536666333366"
	jg, err := variant.Build(variant.Spec{Size: 6, Variants: []string{variant.Jigsaw}, Regions: regions})
	if err != nil {
		t.Fatal(err)
	}
	got := (&Puzzle{Geometry: jg}).Pretty("243156425631361425516342132564654213")
	want := "2 4 3 1 5 6    1 1 1 2 2 4\n" +
		"4 2 5 6 3 1    5 5 1 2 4 4\n" +
		"3 6 1 4 2 5    5 5 1 2 2 4\n" +
		"5 1 6 3 4 2    5 3 1 2 4 4\n" +
		"1 3 2 5 6 4    5 3 6 6 6 6\n" +
		"6 5 4 2 1 3    3 3 3 3 6 6\n"
	if got != want {
		t.Errorf("jigsaw:\n%s\nwant\n%s", got, want)
	}
	sg, err := variant.Build(variant.Spec{Variants: []string{variant.SamuraiName}})
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]byte, sg.Rows()*sg.Cols())
	for i := range cells {
		cells[i] = '.'
	}
	lines := strings.Split((&Puzzle{Geometry: sg}).Pretty(string(cells)), "\n")
	for _, l := range lines {
		if strings.TrimRight(l, " ") != l {
			t.Errorf("Samurai row %q ends in blanks", l)
		}
	}
	if lines[0] != ". . .   . . .   . . .           . . .   . . .   . . ." || lines[3] != "" || lines[12] != "                . . .   . . .   . . ." {
		t.Errorf("Samurai:\n%s", strings.Join(lines, "\n"))
	}
}
