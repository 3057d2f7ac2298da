package grade

import (
	"os"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// optionalOrder is HoDoKu's order with the techniques it leaves off by
// default switched on where HoDoKu lists them (death blossom after the
// ALS, Franken Jellyfish and Kraken fish after the Franken fish; the
// mutant and larger fish, slow to search, are left to the regression
// library), templates before the forcing chains so that they get used.
func optionalOrder() []string {
	var order []string
	for _, id := range hodokuOrder {
		if id == "forcing-chain" {
			order = append(order, "franken-jellyfish", "finned-franken-jellyfish",
				"kraken-fish-1", "template-set", "template-delete")
		}
		order = append(order, id)
		if id == "als-chain" {
			order = append(order, "death-blossom")
		}
	}
	return order
}

// TestHoDoKuOptionalStepsTrue solves hard puzzles with HoDoKu's optional
// techniques on: every step is checked against the solution. The quick
// run takes the first top1465 puzzle (two Kraken fish type 2); with
// SUDOGEN_LONG=1, the first 100, where Kraken fish of both types must
// have been used. (Mutant fish, slow to search, are left to the
// regression library.)
func TestHoDoKuOptionalStepsTrue(t *testing.T) {
	n, long := 1, os.Getenv("SUDOGEN_LONG") != ""
	if long {
		n = 100
	}
	p, err := NewProfile(ProfileSpec{Name: "hodoku-optional", Scale: ScaleHoDoKu, Scan: ScanHoDoKu,
		Order: optionalOrder(), Levels: hodokuLevels, Prepare: hodokuPrepare})
	if err != nil {
		t.Fatal(err)
	}
	pz := readPuzzles(t, "sudoku/top1465.txt", n)
	e := NewEngine(p)
	used := map[string]int{}
	for i, q := range pz {
		sol, ns := sudoku.Solve(q)
		if ns != 1 {
			t.Fatalf("puzzle %d: %d solutions", i+1, ns)
		}
		res, err := e.Solve(NewGrid(q), Options{Solution: sol.Cells})
		if err != nil {
			t.Fatalf("puzzle %d %s: %v", i+1, q.String(), err)
		}
		for _, c := range res.Counts {
			used[c.Tech] += c.Count
		}
	}
	t.Log(used)
	want := []string{"kraken-fish-2"}
	if long {
		want = append(want, "kraken-fish-1")
	}
	for _, id := range want {
		if used[id] == 0 {
			t.Errorf("%s never used on %d puzzles", id, n)
		}
	}
}

// TestTemplatesTrue runs template set and template delete on the start
// grids of hard puzzles: every placement must be the solution's digit and
// no elimination may remove it, and the search must find something.
func TestTemplatesTrue(t *testing.T) {
	found := 0
	for i, q := range readPuzzles(t, "sudoku/top1465.txt", 30) {
		sol, _ := sudoku.Solve(q)
		g := NewGrid(q)
		for _, placing := range []bool{true, false} {
			findTemplates(g, placing, func(s *Step) bool {
				found++
				for _, p := range s.Placements {
					if sol.Cells[p.Cell] != p.Digit {
						t.Errorf("puzzle %d: %s places %d in %s, solution %d", i+1, s.Tech, p.Digit, g.Geo.CellName(p.Cell), sol.Cells[p.Cell])
					}
				}
				for _, e := range s.Eliminations {
					if sol.Cells[e.Cell] == e.Digit {
						t.Errorf("puzzle %d: %s removes the solution %d from %s", i+1, s.Tech, e.Digit, g.Geo.CellName(e.Cell))
					}
				}
				return true
			})
		}
	}
	if found == 0 {
		t.Error("no template step on 30 puzzles")
	}
	t.Logf("%d template steps", found)
}
