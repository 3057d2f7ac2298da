package variant

import (
	"slices"
	"testing"
)

// TestSolutionsVfrom: Solver.Solutions (what a vicinity search of
// `batch --variant --from` lists after a removal) lists every 4x4
// X-Sudoku grid once, against a brute force over rows written from the
// rules (rows, columns, 2x2 boxes and both diagonals hold 1-4 once), and
// stops at max.
func TestSolutionsVfrom(t *testing.T) {
	g, err := Build(Spec{Size: 4, Variants: []string{X}})
	if err != nil {
		t.Fatal(err)
	}
	var perms [][]uint8
	var perm func(p []uint8, k int)
	perm = func(p []uint8, k int) {
		if k == len(p) {
			perms = append(perms, slices.Clone(p))
			return
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			perm(p, k+1)
			p[k], p[i] = p[i], p[k]
		}
	}
	perm([]uint8{1, 2, 3, 4}, 0)
	distinct := func(vs ...uint8) bool {
		seen := 0
		for _, v := range vs {
			if seen&(1<<v) != 0 {
				return false
			}
			seen |= 1 << v
		}
		return true
	}
	want := map[string]bool{}
	for _, a := range perms {
		for _, b := range perms {
			for _, c := range perms {
				for _, d := range perms {
					r := [4][]uint8{a, b, c, d}
					ok := distinct(a[0], b[1], c[2], d[3]) && distinct(a[3], b[2], c[1], d[0])
					for col := 0; col < 4 && ok; col++ {
						ok = distinct(a[col], b[col], c[col], d[col])
					}
					for box := 0; box < 4 && ok; box++ {
						r0, c0 := box/2*2, box%2*2
						ok = distinct(r[r0][c0], r[r0][c0+1], r[r0+1][c0], r[r0+1][c0+1])
					}
					if ok {
						want[string(slices.Concat(a, b, c, d))] = true
					}
				}
			}
		}
	}
	s := NewSolver(g)
	got := map[string]bool{}
	n := s.Solutions(make([]uint8, 16), 1000, func(sol []uint8) { got[string(sol)] = true })
	if n != len(want) || len(got) != len(want) {
		t.Fatalf("%d solutions, %d distinct; the rules give %d", n, len(got), len(want))
	}
	for k := range want {
		if !got[k] {
			t.Fatalf("grid %v not listed", []byte(k))
		}
	}
	calls := 0
	if n := s.Solutions(make([]uint8, 16), 3, func([]uint8) { calls++ }); n != 3 || calls != 3 || len(want) <= 3 {
		t.Errorf("max 3: %d solutions, %d calls (of %d)", n, calls, len(want))
	}
	// The hook is gone after the call: Count calls nothing.
	if s.Count(make([]uint8, 16), 1000) != len(want) || calls != 3 {
		t.Error("Count after Solutions")
	}
}
