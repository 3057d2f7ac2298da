package generate

import (
	"errors"
	"testing"
	"time"

	"github.com/sudogen/sudogen/sudoku"
)

// TestCancelClosed: a Cancel channel closed before the call stops Sudoku at
// once with ErrCanceled, on every shape.
func TestCancelClosed(t *testing.T) {
	closed := make(chan struct{})
	close(closed)
	tests := []struct {
		shape    sudoku.Shape
		min, max int
	}{
		{sudoku.Shape4, 0, 0},
		{sudoku.Shape6, 0, 0},
		{sudoku.Shape8, 0, 0},
		{sudoku.Shape9, 0, 0},
		{sudoku.Shape12, 0, 0},
		{sudoku.Shape16, 0, 0},
		{sudoku.Shape25, 300, 350},
	}
	for _, tc := range tests {
		g, err := New(Options{Shape: tc.shape, MinGivens: tc.min, MaxGivens: tc.max, Cancel: closed})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = g.Sudoku(rngFor(1, 0))
		if !errors.Is(err, ErrCanceled) {
			t.Errorf("%s: err %v, want ErrCanceled", tc.shape, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: canceled call took %v", tc.shape, d)
		}
	}
}

// TestCancelDuringDig closes Cancel while a slow puzzle (16x16 minimal,
// a few hundred milliseconds) is being dug: Sudoku must stop well before
// it would have finished.
func TestCancelDuringDig(t *testing.T) {
	cancel := make(chan struct{})
	g, err := New(Options{Shape: sudoku.Shape16, Minimal: true, Symmetry: SymRot180, Cancel: cancel})
	if err != nil {
		t.Fatal(err)
	}
	var closedAt time.Time
	timer := time.AfterFunc(10*time.Millisecond, func() {
		closedAt = time.Now()
		close(cancel)
	})
	defer timer.Stop()
	_, err = g.Sudoku(rngFor(3, 0))
	end := time.Now()
	if !errors.Is(err, ErrCanceled) {
		t.Fatalf("err %v, want ErrCanceled", err)
	}
	if d := end.Sub(closedAt); d > time.Second {
		t.Errorf("stopped %v after the cancel, want under a second", d)
	}
}

// TestCancelOpenSamePuzzles: an open Cancel channel changes nothing, the
// same rng gives the same puzzle as without one.
func TestCancelOpenSamePuzzles(t *testing.T) {
	open := make(chan struct{})
	for _, shape := range []sudoku.Shape{sudoku.Shape6, sudoku.Shape9, sudoku.Shape12} {
		for _, minimal := range []bool{false, true} {
			a, err := New(Options{Shape: shape, Minimal: minimal, Symmetry: SymRot180})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := New(Options{Shape: shape, Minimal: minimal, Symmetry: SymRot180, Cancel: open})
			for i := uint64(0); i < 5; i++ {
				pa, errA := a.Sudoku(rngFor(7, i))
				pb, errB := b.Sudoku(rngFor(7, i))
				if errA != nil || errB != nil {
					t.Fatalf("%s: %v %v", shape, errA, errB)
				}
				if pa.Puzzle.String() != pb.Puzzle.String() || pa.Minimal != pb.Minimal || pa.Attempts != pb.Attempts {
					t.Errorf("%s minimal=%v #%d: puzzles differ with an open Cancel", shape, minimal, i)
				}
			}
		}
	}
}
