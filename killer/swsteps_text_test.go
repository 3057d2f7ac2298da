package killer

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// The killer steps' words, as explain prints them, parsed back and held
// against independent truth: the solution from the killer solver and the
// puzzle's cages as the generator made them.

var (
	swstepsCellRe = regexp.MustCompile(`r(\d+)c(\d+)`)
	// "r4c9=5", "r8c4 = 18 - 13 = 5", "r9c6 can only be 4"; not the last
	// term of a sum ("r4c4 + r5c6 = 144 - 135 = 9")
	swstepsPlaceRe = regexp.MustCompile(`(^|[^+] )r(\d+)c(\d+)(?:=| = \d+ - \d+ = | can only be )(\d)\b`)
	swstepsFitsRe  = regexp.MustCompile(`(\d) fits only r(\d+)c(\d+)`)
	swstepsElimRe  = regexp.MustCompile(`r(\d+)c(\d+)<>(\d(?:,\d)*)`)
	swstepsCageRe  = regexp.MustCompile(`cage (\d+)\((\d+)\) at r(\d+)c(\d+)`)
)

// swstepsIndex is the 0-based index of row r, column c (1-based strings)
// on a board of side n.
func swstepsIndex(n int, r, c string) int {
	ri, _ := strconv.Atoi(r)
	ci, _ := strconv.Atoi(c)
	return (ri-1)*n + ci - 1
}

// swstepsCheckKillerText checks one step's text: what it says it places
// and removes is the step's own result and agrees with the solution, and
// every cage it names ("cage 13(4) at r1c4") is a cage of the puzzle with
// that sum and size, named by its first cell.
func swstepsCheckKillerText(p *Puzzle, sol []int8, s Step) error {
	n := p.Geo.N
	said := map[string]bool{}
	for _, m := range swstepsPlaceRe.FindAllStringSubmatch(s.Text, -1) {
		c, d := swstepsIndex(n, m[2], m[3]), int(m[4][0]-'0')
		if int(sol[c]) != d {
			return fmt.Errorf("says r%sc%s is %d, the solution has %d", m[2], m[3], d, sol[c])
		}
		said[fmt.Sprintf("p%d/%d", c, d)] = true
	}
	for _, m := range swstepsFitsRe.FindAllStringSubmatch(s.Text, -1) {
		c, d := swstepsIndex(n, m[2], m[3]), int(m[1][0]-'0')
		if int(sol[c]) != d {
			return fmt.Errorf("says %d fits only r%sc%s, the solution has %d", d, m[2], m[3], sol[c])
		}
		said[fmt.Sprintf("p%d/%d", c, d)] = true
	}
	for _, m := range swstepsElimRe.FindAllStringSubmatch(s.Text, -1) {
		c := swstepsIndex(n, m[1], m[2])
		for _, ds := range strings.Split(m[3], ",") {
			d := int(ds[0] - '0')
			if int(sol[c]) == d {
				return fmt.Errorf("removes %d from r%sc%s, the solution's digit", d, m[1], m[2])
			}
			said[fmt.Sprintf("e%d/%d", c, d)] = true
		}
	}
	did := map[string]bool{}
	for _, pl := range s.Placements {
		did[fmt.Sprintf("p%d/%d", pl.Cell, pl.Digit)] = true
	}
	for _, e := range s.Eliminations {
		for d := 1; d <= n; d++ {
			if e.Digits&(1<<(d-1)) != 0 {
				did[fmt.Sprintf("e%d/%d", e.Cell, d)] = true
			}
		}
	}
	if fmt.Sprint(said) != fmt.Sprint(did) {
		return fmt.Errorf("the words say %v, the step does %v", said, did)
	}
	for _, m := range swstepsCageRe.FindAllStringSubmatch(s.Text, -1) {
		c := swstepsIndex(n, m[3], m[4])
		sum, _ := strconv.Atoi(m[1])
		size, _ := strconv.Atoi(m[2])
		i := slices.IndexFunc(p.Cages, func(cg Cage) bool { return slices.Contains(cg.Cells, c) })
		if i < 0 {
			return fmt.Errorf("no cage holds r%sc%s", m[3], m[4])
		}
		cg := p.Cages[i]
		if cg.Sum != sum || len(cg.Cells) != size || slices.Min(cg.Cells) != c {
			return fmt.Errorf("names %s, the cage there is %d(%d) from cell %d", m[0], cg.Sum, len(cg.Cells), slices.Min(cg.Cells))
		}
	}
	return nil
}

// TestSwstepsKillerTextAgainstSolution grades generated killers (6x6 and
// 9x9, plain and Killer-X) and checks every step's words.
func TestSwstepsKillerTextAgainstSolution(t *testing.T) {
	cases := []Options{
		{Shape: sudoku.Shape6, CageMin: 2, CageMax: 4, Tier: "medium"},
		{Shape: sudoku.Shape9, CageMin: 2, CageMax: 5, Tier: "hard"},
		{Shape: sudoku.Shape9, CageMin: 2, CageMax: 5, Tier: "hard", X: true},
	}
	for i, opt := range cases {
		p, _, _, err := Generate(rand.New(rand.NewPCG(uint64(i+1), 7)), opt)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		sols := NewSolver(p).Solutions(2)
		if len(sols) != 1 {
			t.Fatalf("case %d: %d solutions", i, len(sols))
		}
		res := Grade(p)
		if !res.Solved {
			t.Fatalf("case %d: not solved", i)
		}
		for k, s := range res.Steps {
			if err := swstepsCheckKillerText(p, sols[0], s); err != nil {
				t.Errorf("case %d step %d (%s): %v\n%s", i, k+1, s.Technique, err, s.Text)
			}
		}
	}
}
