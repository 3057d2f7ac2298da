package killer

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// swkillOneCellKiller is the 9x9 killer whose 81 cages are single cells,
// each summing to its digit of a valid grid: the most cages a killer can
// have (batch --kind killer --cage-sizes 1-1 makes such puzzles).
func swkillOneCellKiller(t *testing.T) *Puzzle {
	t.Helper()
	const grid = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	g, err := NewGeometry(sudoku.Shape9, false)
	if err != nil {
		t.Fatal(err)
	}
	p := &Puzzle{Geo: g}
	for c := range grid {
		p.Cages = append(p.Cages, Cage{Sum: int(grid[c] - '0'), Cells: []int{c}})
	}
	return p
}

// TestSwkillFormatLabelsReadBack: the cage-map form sudogen writes is read
// back by Parse for a killer of any number of cages, and its labels keep
// the rule of docs/records.md ("Killer text form"): any printable ASCII
// character except space, '.', '=', ',', ';' and '#'. Before, the 64th
// label Format handed out was '#' (and a later one ';'), which Parse
// reads as a comment and a separator: `export --format txt` of a killer
// of 64 or more cages wrote a line no command could read.
func TestSwkillFormatLabelsReadBack(t *testing.T) {
	p := swkillOneCellKiller(t)
	for _, tc := range []struct {
		name string
		text string
	}{
		{"Format", Format(p)},
		{"FormatLine", FormatLine(p)},
	} {
		mapText, _, _ := strings.Cut(strings.TrimSpace(tc.text), " ")
		if tc.name == "Format" {
			mapText = strings.Join(strings.Fields(tc.text)[:9], "")
		}
		if len(mapText) != 81 {
			t.Fatalf("%s: map of %d characters: %q", tc.name, len(mapText), mapText)
		}
		for i := 0; i < len(mapText); i++ {
			if c := mapText[i]; c <= ' ' || c > '~' || strings.IndexByte(".=,;#", c) >= 0 {
				t.Errorf("%s: cell %d has label %q, which docs/records.md does not allow", tc.name, i, c)
			}
		}
		q, err := Parse(tc.text)
		if err != nil {
			t.Fatalf("%s: Parse of what it wrote: %v\n%s", tc.name, err, tc.text)
		}
		if len(q.Cages) != 81 {
			t.Fatalf("%s: read back %d cages, want 81", tc.name, len(q.Cages))
		}
		for k, cg := range q.Cages {
			if want := p.Cages[k]; cg.Sum != want.Sum || len(cg.Cells) != 1 || cg.Cells[0] != want.Cells[0] {
				t.Fatalf("%s: cage %d read back as %v, want %v", tc.name, k, cg, want)
			}
		}
		if _, err := ParseText(tc.text); err != nil {
			t.Errorf("%s: ParseText of what it wrote: %v", tc.name, err)
		}
	}
}
