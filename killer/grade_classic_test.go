package killer

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestClassicLayout checks the layout handed to grade against the rules
// stated directly: its houses are the killer's houses in the same order
// (so a step's house index is a killer house index), and two cells see
// each other exactly when they share a house or a cage.
func TestClassicLayout(t *testing.T) {
	cases := []struct {
		name string
		opt  Options
	}{
		{"4x4", Options{Shape: sudoku.Shape4}},
		{"6x6", Options{Shape: sudoku.Shape6}},
		{"8x8", Options{Shape: sudoku.Shape8}},
		{"9x9", Options{}},
		{"9x9 X", Options{X: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Guess, opt.Merges = true, -1 // any cages will do
			p, _, _, err := Generate(rand.New(rand.NewPCG(5, 5)), opt)
			if err != nil {
				t.Fatal(err)
			}
			l, err := ClassicLayout(p)
			if err != nil {
				t.Fatal(err)
			}
			g := p.Geo
			if len(l.Houses) != len(g.Houses) {
				t.Fatalf("layout has %d houses, the killer %d", len(l.Houses), len(g.Houses))
			}
			for h := range g.Houses {
				a, b := slices.Sorted(slices.Values(l.Houses[h])), slices.Sorted(slices.Values(g.Houses[h]))
				if !slices.Equal(a, b) {
					t.Fatalf("house %d (%s): layout %v, killer %v", h, g.HouseName(h), a, b)
				}
			}
			cage := make([]int, g.Cells)
			for k, cg := range p.Cages {
				for _, c := range cg.Cells {
					cage[c] = k
				}
			}
			for a := 0; a < g.Cells; a++ {
				for b := 0; b < g.Cells; b++ {
					want := a != b && (cage[a] == cage[b] || g.Rows[a] == g.Rows[b] || g.Cols[a] == g.Cols[b] || sameBox(g, a, b) ||
						(g.X && onDiagonal(g, a, b)))
					if got := slices.Contains(l.Peers[a], b); got != want {
						t.Fatalf("%s sees %s: layout %v, rules %v", g.CellName(a), g.CellName(b), got, want)
					}
				}
			}
		})
	}
}

func sameBox(g *Geometry, a, b int) bool {
	s := g.Shape
	return g.Rows[a]/s.BoxRows == g.Rows[b]/s.BoxRows && g.Cols[a]/s.BoxCols == g.Cols[b]/s.BoxCols
}

func onDiagonal(g *Geometry, a, b int) bool {
	main := func(c int) bool { return g.Rows[c] == g.Cols[c] }
	anti := func(c int) bool { return g.Rows[c]+g.Cols[c] == g.N-1 }
	return (main(a) && main(b)) || (anti(a) && anti(b))
}

// classicCases are killers the killer techniques alone cannot finish
// (generated here: the first with cages of 3 to 6 cells and merges kept
// without a grade, the others by batch --kind killer --tier fiendish),
// each with the classic technique its solve path needs.
var classicCases = []struct {
	name, text, needs string
}{
	{"hidden quad",
		"abbbcccddaaabecffdgghheefiijghkllmmmjnokplmmqnnokplrsqntoorrrsqutvvwxxyyutvvzAAyy a=21,b=18,c=21,d=10,e=15,f=17,g=12,h=14,i=11,j=10,k=14,l=24,m=24,n=17,o=30,p=7,q=19,r=16,s=10,t=15,u=10,v=19,w=3,x=15,y=16,z=8,A=9",
		"hidden-quad"},
	{"x-cycle",
		"aaabbcdeeffgbbcdheifggjjdhhiikkllllmiiknnnoompqqnrrommpqqsrrtuuppsstttuuvwxxxxyyy a=15,b=15,c=12,d=12,e=18,f=19,g=13,h=15,i=23,j=9,k=20,l=22,m=24,n=28,o=8,p=20,q=16,r=14,s=14,t=26,u=17,v=9,w=2,x=21,y=13",
		"x-cycle"},
	{"naked quad",
		"aaaabbbccddeeffggghheifjgkkhlmiijjjkhlmnnoopqrssnnttpqruuuvwppqrxxvvwyyzrxxvwwzzz a=16,b=20,c=9,d=6,e=17,f=16,g=18,h=30,i=17,j=10,k=21,l=11,m=7,n=25,o=7,p=15,q=18,r=14,s=10,t=10,u=17,v=12,w=26,x=22,y=17,z=14",
		"naked-quad"},
	{"forcing x-chain",
		"abccdddeeaacfgdeehiicffhhhhjjjfkllmnoofflllnnoppqrlnnnpppsrrttuvvpssrwwuvvvsrrwwu a=16,b=1,c=23,d=20,e=23,f=34,g=8,h=20,i=14,j=11,k=6,l=24,m=7,n=33,o=14,p=30,q=1,r=32,s=17,t=14,u=13,v=26,w=18",
		"forcing-x-chain"},
}

// TestGradeClassic: a killer that needs a technique beyond the killer
// ladder's own is finished once grade's SE ladder helps, and every step
// agrees with the solution the exact solver finds (independent truth,
// not the grader's output); without grade's ladder the same killer is
// stuck.
func TestGradeClassic(t *testing.T) {
	for _, tc := range classicCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			sols := NewSolver(p).Solutions(2)
			if len(sols) != 1 {
				t.Fatalf("%d solutions, want 1", len(sols))
			}
			if old := gradeLadder(p, 0, false); old.Solved {
				t.Fatalf("the killer techniques alone finish it (rating %.1f): not a case for grade's ladder", old.Rating)
			}
			r := Grade(p)
			if !r.Solved {
				t.Fatalf("not finished: rating at least %.1f after %d steps", r.Rating, len(r.Steps))
			}
			checkSteps(t, p, sols[0], r)
			if r.Counts[tc.needs] == 0 {
				t.Fatalf("no %s step; hardest %s %.1f, counts %v", tc.needs, r.Hardest, r.Rating, r.Counts)
			}
			if r.Tier != TierOf(r.Rating, true) || r.Rating <= 4.4 {
				t.Fatalf("rating %.1f tier %s", r.Rating, r.Tier)
			}
			for _, st := range r.Steps {
				if _, killer := killerTechnique(st.Technique); !killer && st.Text == "" {
					t.Fatalf("classic step %s without text", st.Technique)
				}
			}
			// capped at its own rating, the ladder takes the same path
			// (the generator's tier steering relies on it)
			c := gradeUpTo(p, r.Rating)
			if !c.Solved || len(c.Steps) != len(r.Steps) {
				t.Fatalf("capped at %.1f: solved %v in %d steps, uncapped %d", r.Rating, c.Solved, len(c.Steps), len(r.Steps))
			}
			for i := range c.Steps {
				if c.Steps[i].Text != r.Steps[i].Text {
					t.Fatalf("step %d capped: %s, uncapped: %s", i+1, c.Steps[i].Text, r.Steps[i].Text)
				}
			}
		})
	}
}

// killerTechnique reports whether id is one of the killer ladder's own.
func killerTechnique(id string) (Technique, bool) {
	for _, t := range Techniques {
		if t.ID == id {
			return t, true
		}
	}
	return Technique{}, false
}
