package killer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/cputime"
)

// TestKillerStats measures generation: CPU seconds (user+sys of the
// process) per 9x9 killer generated and graded, per default cage-size
// setting, with the cage-size and tier distributions. It runs with
// SUDOGEN_KILLER_STATS=N (N puzzles per setting); the figures of
// docs/grading.md ("Killer") come from it.
func TestKillerStats(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SUDOGEN_KILLER_STATS"))
	if n <= 0 {
		t.Skip("set SUDOGEN_KILLER_STATS=N to measure N puzzles per setting")
	}
	for _, tier := range []string{"easy", "medium", "hard", "expert"} {
		lo, hi := DefaultCageSizes(tier)
		rng := rand.New(rand.NewPCG(2026, uint64(lo*10+hi)))
		sizes := map[int]int{}
		tiers := map[string]int{}
		cages := 0
		var genCPU, gradeCPU float64
		for i := 0; i < n; i++ {
			t0 := cputime.Now()
			p, _, _, err := Generate(rng, Options{CageMin: lo, CageMax: hi})
			if err != nil {
				t.Fatal(err)
			}
			t1 := cputime.Now()
			r := Grade(p)
			t2 := cputime.Now()
			genCPU += (t1 - t0).Seconds()
			gradeCPU += (t2 - t1).Seconds()
			for _, cg := range p.Cages {
				sizes[len(cg.Cells)]++
			}
			cages += len(p.Cages)
			tiers[r.Tier]++
		}
		t.Logf("cage sizes %d-%d (default for %s), %d puzzles: generate %.3f CPU-s/puzzle, grade %.3f CPU-s/puzzle; %.1f cages/puzzle; sizes %s; tiers %s",
			lo, hi, tier, n, genCPU/float64(n), gradeCPU/float64(n), float64(cages)/float64(n), dist(sizes, cages), distS(tiers, n))
	}
}

func dist(m map[int]int, tot int) string {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	var s []string
	for _, k := range ks {
		s = append(s, fmt.Sprintf("%d:%.0f%%", k, 100*float64(m[k])/float64(tot)))
	}
	return strings.Join(s, " ")
}

func distS(m map[string]int, tot int) string {
	var s []string
	for _, k := range append(tierNames(), "beyond") {
		if m[k] > 0 {
			s = append(s, fmt.Sprintf("%s:%d", k, m[k]))
		}
	}
	return strings.Join(s, " ")
}
