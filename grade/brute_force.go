package grade

import "github.com/sudogen/sudogen/sudoku"

// Brute force: HoDoKu's last resort when no technique applies. It solves
// the grid and places the solution's digit in the middle one of the
// unsolved cells (the cell at position k/2 of the k unsolved cells in
// cell order). A grid without a solution gets no step.
func findBruteForce(g *Grid, _ *Ctx, emit func(*Step) bool) {
	geo := g.Geo
	var unsolved []int
	p := sudoku.NewGrid(geo.Shape)
	for c, v := range g.Values {
		p.Cells[c] = v
		if v == 0 {
			unsolved = append(unsolved, c)
		}
	}
	if len(unsolved) == 0 {
		return
	}
	sol, n := sudoku.Solve(p)
	if n == 0 {
		return
	}
	cell := unsolved[len(unsolved)/2]
	d := sol.Cells[cell]
	if g.Cand[cell]&(1<<(d-1)) == 0 {
		return // the candidates contradict the only solution left
	}
	emit(&Step{Tech: "brute-force", Placements: []Candidate{{cell, d}}, Cells: []int{cell}, Digits: []uint8{d}})
}

var bruteForceTechniques = []Technique{
	{ID: "brute-force", Name: "Brute Force", HoDoKuName: "Brute Force", Family: "last-resort", SENote: "SE has no guess; it rates such puzzles by nested forcing chains",
		HoDoKuScore: 10000, HoDoKuLevel: LevelExtreme, Find: findBruteForce, Explain: explainBruteForce},
}

func init() { registerTechniques(bruteForceTechniques...) }

// explainBruteForce says that the step is a guess checked against the
// solution.
func explainBruteForce(s *Step, g *Grid) string {
	return "no technique applies: the digit is taken from the solution (a guess, HoDoKu's brute force): " + resultText(s, g.Geo)
}
