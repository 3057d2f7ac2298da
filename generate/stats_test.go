package generate

import (
	"testing"
	"time"

	"github.com/sudogen/sudogen/sudoku"
)

func TestStats(t *testing.T) {
	for _, sh := range []sudoku.Shape{sudoku.Shape12, sudoku.Shape16} {
		g, _ := New(Options{Shape: sh, Minimal: true})
		for i := 0; i < 4; i++ {
			st := time.Now()
			c0 := cpuTime()
			p, _ := g.Sudoku(rngFor(3, uint64(i)))
			t.Logf("%s %v cpu %v givens %d", sh, time.Since(st), cpuTime()-c0, p.Givens())
		}
	}
}
