package grade

import (
	"os"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// TestExplainReplays replays explain's steps from the start on a fresh grid
// and requires them to reach the solution, with a text for every step.
func TestExplainReplays(t *testing.T) {
	puzzles := readPuzzles(t, "sudoku/cb-ser-dev.tsv", 40)
	for _, name := range []string{"se", "hodoku"} {
		prof, ok := ProfileByName(name)
		if !ok {
			t.Fatalf("profile %s not registered", name)
		}
		for i, p := range puzzles {
			sol, _ := sudoku.Solve(p)
			steps, res, err := Explain(p, prof, Options{Solution: sol.Cells})
			if err != nil {
				t.Fatalf("%s puzzle %d: %v", name, i, err)
			}
			g := NewGrid(p)
			for _, s := range steps {
				if s.Text == "" || strings.Contains(s.Text, "%!") {
					t.Fatalf("%s puzzle %d step %d (%s): bad text %q", name, i, s.N, s.Step.Tech, s.Text)
				}
				if !s.Step.Productive(g) {
					t.Fatalf("%s puzzle %d step %d (%s) changes nothing", name, i, s.N, s.Step.Tech)
				}
				s.Step.Apply(g)
			}
			if res.Solved {
				for c, v := range g.Values {
					if v != sol.Cells[c] {
						t.Fatalf("%s puzzle %d: replay ends with %d at %s, solution has %d", name, i, v, p.Geo.CellName(c), sol.Cells[c])
					}
				}
			} else if g.Solved() {
				t.Fatalf("%s puzzle %d: replay solved a puzzle the engine did not", name, i)
			}
		}
	}
}

// TestDescribeEveryTechnique phrases every step the finders produce on the
// regression library's grids (each technique's own cases, and the
// SE-only techniques on every grid): no technique may lack a readable
// text.
func TestDescribeEveryTechnique(t *testing.T) {
	data, err := os.ReadFile(testdata.Path(t, "reglib/reglib-dev.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var seOnly []string
	for _, tq := range Techniques() {
		if tq.Find != nil && tq.HoDoKuScore == 0 {
			seOnly = append(seOnly, tq.ID)
		}
	}
	seen := map[string]bool{}
	describe := func(line int, sc Scan, id string, g *Grid) {
		tq, _ := TechniqueByID(id)
		if tq.Find == nil { // reported by another technique's search
			tq, _ = TechniqueByID(tq.MadeBy)
		}
		for _, s := range All(tq.Finder(sc), g) {
			txt := Describe(&s, g)
			if txt == "" || strings.Contains(txt, "%!") {
				t.Fatalf("line %d %s: bad text %q", line, s.Tech, txt)
			}
			seen[s.Tech] = true
			seen[tq.ID] = true
		}
	}
	for i, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, ":") {
			continue
		}
		rc, err := ParseRegCase(strings.TrimSpace(line), i+1)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range regCodes[rc.Code].techs {
			describe(i+1, ScanHoDoKu, id, rc.Grid)
		}
		for _, id := range seOnly {
			describe(i+1, ScanSE, id, rc.Grid)
		}
	}
	for _, tq := range Techniques() {
		if tq.Find != nil && !seen[tq.ID] {
			t.Errorf("technique %s never described", tq.ID)
		}
	}
}
