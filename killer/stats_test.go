package killer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/cputime"
	"github.com/sudogen/sudogen/kind"
)

// TestKillerStats measures generation: CPU seconds (user+sys of the
// process) per 9x9 killer generated and graded, per default cage-size
// setting steered into its tier (Options.Tier), with the cage-size and
// tier distributions. It runs with
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
			p, _, _, err := Generate(rng, Options{CageMin: lo, CageMax: hi, Tier: tier})
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

// TestKillerBatch writes SUDOGEN_KILLER_BATCH=N records of the tier
// SUDOGEN_KILLER_TIER (default hard) made by the kind's Makers, as
// `sudogen batch --kind killer --tier T` will, to $SUDOGEN_KILLER_OUT
// (for the independent checker), keeping those of the tier, and reports
// CPU-s per kept record and the distributions.
func TestKillerBatch(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SUDOGEN_KILLER_BATCH"))
	out := os.Getenv("SUDOGEN_KILLER_OUT")
	if n <= 0 || out == "" {
		t.Skip("set SUDOGEN_KILLER_BATCH=N and SUDOGEN_KILLER_OUT=FILE")
	}
	tier := os.Getenv("SUDOGEN_KILLER_TIER")
	if tier == "" {
		tier = "hard"
	}
	mk, err := Kind{}.Makers(kind.Spec{Seed: 1, Tier: tier})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := mk(t.Context())
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	t0 := cputime.Now()
	tiers := map[string]int{}
	sizes := map[int]int{}
	cages, made := 0, 0
	for i := int64(0); len(tiers) == 0 || tiers[tier] < n; i++ {
		rec, err := m.Make(i, rand.New(rand.NewPCG(1, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		made++
		if rec.Tier != tier {
			tiers["other:"+rec.Tier]++
			continue
		}
		tiers[tier]++
		for _, cg := range rec.Fields.(recordFields).Cages {
			sizes[len(cg.Cells)]++
			cages++
		}
		f.Write(append(export.AppendJSON(nil, &rec), '\n'))
	}
	cpu := (cputime.Now() - t0).Seconds()
	t.Logf("%d %s records kept of %d made: %.3f CPU-s per kept record (%.3f per made); made tiers %v; cage sizes %s", n, tier, made, cpu/float64(n), cpu/float64(made), tiers, dist(sizes, cages))
}
