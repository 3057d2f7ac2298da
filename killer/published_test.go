package killer

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

// publishedFiles hold the published killers (internal/testdata: each
// folder's README gives source and licence).
var publishedFiles = []string{
	"killer/published.txt",
	"gpl-3.0/killer/howlett.txt",
	"agpl-3.0/killer/vandesand.txt",
	"mpl-2.0/killer/brindleoak.txt",
}

type publishedKiller struct {
	name string
	p    *Puzzle
	sol  []int8 // nil when the source publishes none
}

func loadPublished(t *testing.T) []publishedKiller {
	t.Helper()
	var out []publishedKiller
	for _, f := range publishedFiles {
		for i, fields := range testdata.Fields(t, f) {
			if len(fields) != 4 {
				t.Fatalf("%s: entry %d: %d fields, want name, map, sums, solution", f, i+1, len(fields))
			}
			p, err := Parse(fields[1] + " " + fields[2])
			if err != nil {
				t.Fatalf("%s: %s: %v", f, fields[0], err)
			}
			k := publishedKiller{name: fields[0], p: p}
			if fields[3] != "-" {
				if k.sol, err = ParseSolution(p.Geo, fields[3]); err != nil {
					t.Fatalf("%s: %s: %v", f, fields[0], err)
				}
			}
			out = append(out, k)
		}
	}
	return out
}

func TestPublishedKillers(t *testing.T) {
	ps := loadPublished(t)
	if len(ps) < 20 {
		t.Fatalf("%d published killers, want at least 20", len(ps))
	}
	tiers := map[string]int{}
	for _, k := range ps {
		t.Run(k.name, func(t *testing.T) {
			if k.sol != nil {
				if err := k.p.CheckSolution(k.sol); err != nil {
					t.Fatalf("the published solution breaks a rule: %v", err)
				}
			}
			sols := NewSolver(k.p).Solutions(2)
			if len(sols) != 1 {
				t.Fatalf("%d solutions, want 1", len(sols))
			}
			if k.sol != nil && SolutionString(sols[0]) != SolutionString(k.sol) {
				t.Fatalf("solver: %s\npublished: %s", SolutionString(sols[0]), SolutionString(k.sol))
			}
			r := Grade(k.p)
			checkSteps(t, k.p, sols[0], r)
			tiers[r.Tier]++
			var first []string
			for _, st := range r.Steps {
				if st.Rating == r.Rating {
					first = append(first, st.Text)
					break
				}
			}
			t.Logf("solved without guessing: %v, rating %.1f (%s), tier %s, %d steps; hardest step: %s", r.Solved, r.Rating, r.Hardest, r.Tier, len(r.Steps), strings.Join(first, ""))
		})
	}
	t.Logf("tiers: %v", tiers)
}
