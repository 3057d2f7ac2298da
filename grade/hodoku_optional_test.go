package grade

import (
	"os"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// optionalOrder is HoDoKu's order with the techniques it leaves off by
// default switched on where HoDoKu lists them (death blossom after the
// ALS, the larger and mutant fish and Kraken fish after the Franken
// fish; mutant fish when mutant is set), templates before the forcing
// chains so that they get used.
func optionalOrder(mutant bool) []string {
	var order []string
	for _, id := range hodokuOrder {
		if id == "forcing-chain" {
			order = append(order, "franken-jellyfish", "finned-franken-jellyfish")
			if mutant {
				order = append(order, "mutant-x-wing", "mutant-swordfish", "finned-mutant-x-wing", "finned-mutant-swordfish")
			}
			order = append(order, "kraken-fish-1", "template-set", "template-delete")
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
// SUDOGEN_LONG=1, 400 puzzles with mutant fish too, where Kraken fish of
// both types and templates must have been used.
func TestHoDoKuOptionalStepsTrue(t *testing.T) {
	n, long := 1, os.Getenv("SUDOGEN_LONG") != ""
	if long {
		n = 400
	}
	p, err := NewProfile(ProfileSpec{Name: "hodoku-optional", Scale: ScaleHoDoKu, Scan: ScanHoDoKu,
		Order: optionalOrder(long), Levels: hodokuLevels, Prepare: hodokuPrepare})
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
		want = append(want, "kraken-fish-1", "template-delete")
	}
	for _, id := range want {
		if used[id] == 0 {
			t.Errorf("%s never used on %d puzzles", id, n)
		}
	}
}
