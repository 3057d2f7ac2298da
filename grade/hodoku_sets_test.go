package grade

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudogen/sudogen/sudoku"
)

// hodokuNewTechs are the techniques of HoDoKu's catalogue added after the
// basic ladder (issue 10): the whole-set run counts the puzzles using each.
var hodokuNewTechs = []string{
	"sue-de-coq", "grouped-continuous-nice-loop", "grouped-discontinuous-nice-loop", "grouped-aic",
	"als-xz", "als-xy-wing", "als-chain",
	"franken-x-wing", "franken-swordfish", "finned-franken-x-wing", "finned-franken-swordfish",
	"forcing-chain-contradiction", "forcing-chain-verity", "forcing-net-contradiction", "forcing-net-verity",
	"brute-force",
}

// setRun is the outcome of the HoDoKu profile over one puzzle set.
type setRun struct {
	n, solved int
	uses      map[string]int // puzzles using each technique
	cpu       []time.Duration
	failures  []string
}

// runHoDoKuSet solves every puzzle with the HoDoKu profile, each step
// checked against the solution, on all cores; iso solves a random
// isomorph of each instead.
func runHoDoKuSet(t *testing.T, ps []sudoku.Grid, iso bool) setRun {
	r := setRun{n: len(ps), uses: map[string]int{}, cpu: make([]time.Duration, len(ps))}
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			rng := rand.New(rand.NewPCG(seed, 7))
			e := NewEngine(HoDoKuProfile())
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(ps) {
					return
				}
				p := ps[i]
				if iso {
					p = sudoku.RandomTransform(p.Geo.Shape, rng).Apply(p)
				}
				sol, ns := sudoku.Solve(p)
				c0 := threadCPU()
				var res Result
				var err error
				if ns == 1 {
					res, err = e.Solve(NewGrid(p), Options{Solution: sol.Cells})
				}
				d := threadCPU() - c0
				mu.Lock()
				r.cpu[i] = d
				switch {
				case ns != 1:
					r.failures = append(r.failures, fmt.Sprintf("puzzle %d: %d solutions", i+1, ns))
				case err != nil:
					r.failures = append(r.failures, fmt.Sprintf("puzzle %d %s: %v", i+1, p.String(), err))
				case !res.Solved:
					r.failures = append(r.failures, fmt.Sprintf("puzzle %d %s: not finished", i+1, p.String()))
				default:
					r.solved++
					for _, c := range res.Counts {
						r.uses[c.Tech]++
					}
				}
				mu.Unlock()
			}
		}(uint64(w + 1))
	}
	wg.Wait()
	return r
}

// pct returns the p-th percentile of ds (sorted in place).
func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[int(float64(len(ds)-1)*p+0.5)]
}

// TestHoDoKuWholeSets (SUDOGEN_LONG=1) runs the HoDoKu profile over the
// whole of top1465, cb-ser-dev and forum-hardest-1106, every step checked
// against the solution, and top1465 and cb-ser-dev again as random
// isomorphs: every puzzle must be finished without a wrong step. It logs
// how many puzzles used each technique of HoDoKu's catalogue (brute force
// included) and the CPU time per puzzle (median, p99; the thread's CPU
// clock, GC not counted) of cb-ser-dev's puzzles SE rates above 6.9.
// SUDOGEN_SETS=NAME runs one of the sets alone.
//
//	SUDOGEN_LONG=1 go test ./grade -run TestHoDoKuWholeSets -v -timeout 2h
func TestHoDoKuWholeSets(t *testing.T) {
	if os.Getenv("SUDOGEN_LONG") == "" {
		t.Skip("SUDOGEN_LONG=1: the whole sets take minutes")
	}
	ser := loadSER(t)
	var cb []sudoku.Grid
	hard := map[int]bool{}
	for i, c := range ser {
		p, _ := sudoku.ParseAuto(c.puzzle)
		cb = append(cb, p)
		hard[i] = c.ser > 6.9
	}
	sets := []struct {
		name string
		ps   []sudoku.Grid
		iso  bool
	}{
		{"top1465", readPuzzles(t, "sudoku/top1465.txt", 0), false},
		{"cb-ser-dev", cb, false},
		{"forum-hardest-1106", readPuzzles(t, "sudoku/forum-hardest-1106.txt", 0), false},
		{"top1465 (random isomorphs)", readPuzzles(t, "sudoku/top1465.txt", 0), true},
		{"cb-ser-dev (random isomorphs)", cb, true},
	}
	only := os.Getenv("SUDOGEN_SETS") // e.g. "cb-ser-dev": that set alone
	for _, set := range sets {
		if only != "" && set.name != only {
			continue
		}
		r := runHoDoKuSet(t, set.ps, set.iso)
		for _, f := range r.failures {
			t.Error(set.name + ": " + f)
		}
		var parts []string
		for _, id := range hodokuNewTechs {
			parts = append(parts, fmt.Sprintf("%s %d", id, r.uses[id]))
		}
		t.Logf("%s: %d puzzles, %d finished; puzzles using: %s", set.name, r.n, r.solved, strings.Join(parts, ", "))
		all := append([]time.Duration(nil), r.cpu...)
		t.Logf("%s: CPU per puzzle median %v, p99 %v, max %v", set.name, pct(all, 0.5), pct(all, 0.99), pct(all, 1))
		if set.name == "cb-ser-dev" {
			var low, high []time.Duration
			var lowSum time.Duration
			for i, d := range r.cpu {
				if hard[i] {
					high = append(high, d)
				} else {
					low = append(low, d)
					lowSum += d
				}
			}
			t.Logf("cb-ser-dev SE <= 6.9: %d puzzles, %.0f per CPU-second (thread CPU clock)", len(low), float64(len(low))/lowSum.Seconds())
			t.Logf("cb-ser-dev SE > 6.9: %d puzzles, CPU per puzzle median %v, p99 %v", len(high), pct(high, 0.5), pct(high, 0.99))
		}
		var other []string
		for id, n := range r.uses {
			if !slices.Contains(hodokuNewTechs, id) {
				other = append(other, fmt.Sprintf("%s %d", id, n))
			}
		}
		sort.Strings(other)
		t.Logf("%s: other techniques (puzzles): %s", set.name, strings.Join(other, ", "))
	}
}
