package slide

import (
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudogen/sudogen/internal/cputime"
)

// solveAll solves the instances on workers goroutines and checks each
// result: the published length, and the moves replay to the goal.
func solveAll(t *testing.T, s *Solver, in []instance, workers int) {
	var next atomic.Int64
	var nodes atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(in) {
					return
				}
				x := in[i]
				r, err := s.Solve(x.board)
				if err != nil {
					t.Errorf("line %d: %v", x.line, err)
					continue
				}
				nodes.Add(r.Nodes)
				if !r.Optimal || r.Length != x.known || len(r.Moves) != x.known {
					t.Errorf("line %d: length %d (optimal %v), published %d", x.line, r.Length, r.Optimal, x.known)
				}
				end, err := x.board.Apply(r.Moves)
				if err != nil || !end.IsGoal() {
					t.Errorf("line %d: moves %s do not reach the goal (%v)", x.line, r.Moves, err)
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("%d boards, %d nodes", len(in), nodes.Load())
}

func TestKorf100Easiest(t *testing.T) {
	in := loadInstances(t, "korf100.txt")
	if len(in) != 100 {
		t.Fatalf("%d instances, want 100", len(in))
	}
	if os.Getenv("SUDOGEN_LONG") == "" {
		sort.SliceStable(in, func(i, j int) bool { return in[i].known < in[j].known })
		in = in[:10]
	}
	s, err := NewSolver(4, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t0, c0 := time.Now(), cputime.Now()
	if err := s.Prepare(); err != nil {
		t.Fatal(err)
	}
	t.Logf("tables ready in %v wall, %v CPU", time.Since(t0), cputime.Now()-c0)
	t1, c1 := time.Now(), cputime.Now()
	solveAll(t, s, in, 2)
	t.Logf("solved in %v wall, %v CPU", time.Since(t1), cputime.Now()-c1)
}

// TestSolveCancel: a closed Cancel channel stops a long search with
// ErrCanceled instead of running it to the end.
func TestSolveCancel(t *testing.T) {
	in := loadInstances(t, "korf100.txt")
	sort.SliceStable(in, func(i, j int) bool { return in[i].known > in[j].known })
	done := make(chan struct{})
	close(done)
	s, err := NewSolver(4, Options{Cancel: done})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(in[0].board); err != ErrCanceled {
		t.Fatalf("got %v, want ErrCanceled", err)
	}
}
