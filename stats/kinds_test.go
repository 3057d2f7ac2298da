package stats

import (
	"context"
	"strings"
	"testing"
)

// Lines of kind variant as sudogen batch writes them (--variant x and
// anti-knight,x --seed 1; the second graded but not finished: tier
// beyond, no rating). Package variantkind is not imported by these tests,
// so the kind is not registered here.
const (
	lineX       = `{"v":1,"id":"x-9-0000000","kind":"variant","size":9,"box":[3,3],"puzzle":".7...5.4...........3..4..8.1...8.....8..549..5.2..7.1.................6.......5..","givens":18,"rating":8.3,"tier":"extreme","hardest":"multiple-forcing-chain","techniques":{"hidden-single":39,"multiple-forcing-chain":1},"variants":["x"],"seed":1,"index":0}`
	lineBeyond  = `{"v":1,"id":"anti-knight-x-9-0000000","kind":"variant","size":9,"box":[3,3],"puzzle":".........","givens":8,"ep":1.2,"ed":1.2,"tier":"beyond","hardest":"nested-multiple-forcing-chain","techniques":{"hidden-single":3,"nested-multiple-forcing-chain":1},"variants":["anti-knight","x"],"seed":1,"index":0}`
	lineNoGrade = `{"v":1,"id":"x-9-0000001","kind":"variant","size":9,"box":[3,3],"puzzle":".........","givens":18,"variants":["x"],"seed":1,"index":1}`
)

// TestGradedNotFinished (audit A4 D5): a record graded but not finished
// (tier beyond, hardest and techniques, no rating) counts as graded, not
// as not graded; hardest and uses shares are of the group's records. And
// (D1) a group of a kind not registered says so and names the import.
func TestGradedNotFinished(t *testing.T) {
	in := lineX + "\n" + lineBeyond + "\n" + lineBeyond + "\n" + lineNoGrade + "\n"
	s, err := Read(context.Background(), strings.NewReader(in), "v.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Groups) != 1 {
		t.Fatalf("%d groups", len(s.Groups))
	}
	g := s.Groups[0]
	if g.Rated != 1 || g.CutOff != 0 || g.Unfinished != 2 || g.Ungraded != 1 || g.Graded() != 3 {
		t.Errorf("rated %d cut off %d unfinished %d ungraded %d", g.Rated, g.CutOff, g.Unfinished, g.Ungraded)
	}
	want := `kind "variant" is not registered: import _ "github.com/sudogen/sudogen/variantkind"`
	if g.NotRegistered != want {
		t.Errorf("NotRegistered %q, want %q", g.NotRegistered, want)
	}
	var h strings.Builder
	if err := WriteHTML(&h, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.String(), "<tr><th>note</th><td>kind &#34;variant&#34; is not registered: import _ &#34;github.com/sudogen/sudogen/variantkind&#34;") {
		t.Errorf("the HTML report does not say the kind is not registered")
	}
	wantLines(t, s, []string{
		"Each percentage is of the records of its block (kind and size).\n\nvariant 9x9: 4 records",
		"  note        " + want + " (its varieties are counted together)",
		"  graded      1 rated, 0 cut off (rating_at_least), 2 not finished (tier beyond, no rating), 1 not graded",
		"  tiers       extreme 1 (25.0%), beyond 2 (50.0%), no tier 1 (25.0%)",
		"  hardest     nested-multiple-forcing-chain 2 (50.0%), multiple-forcing-chain 1 (25.0%), none 1 (25.0%)",
		"  uses        hidden-single 3 (75.0%), nested-multiple-forcing-chain 2 (50.0%), multiple-forcing-chain 1 (25.0%)",
	})
}

// TestSharesOfRecords (audit A4 D7): every share of a group is of its
// records, and the one-valued lines end with the records without the
// field, so they add up to 100%.
func TestSharesOfRecords(t *testing.T) {
	rec := func(extra string) string {
		return `{"v":1,"kind":"sudoku","size":4,"box":[2,2],"puzzle":"1...............","givens":1` + extra + `,"seed":1,"index":0}`
	}
	in := strings.Join([]string{
		rec(`,"minimal":true,"symmetry":"none","rating":1.2,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":3},"level":"Easy"`),
		rec(`,"minimal":false,"symmetry":"rot180","rating":8.8,"tier":"hard","hardest":"x-wing","techniques":{"x-wing":1},"level":"Hard"`),
		rec(``), rec(``),
	}, "\n")
	s, err := Read(context.Background(), strings.NewReader(in), "c.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	wantLines(t, s, []string{
		"\nsudoku 4x4: 4 records",
		"  tiers       easy 1 (25.0%), hard 1 (25.0%), no tier 2 (50.0%)",
		"  hardest     hidden-single 1 (25.0%), x-wing 1 (25.0%), none 2 (50.0%)",
		"  symmetry    none 1 (25.0%), rot180 1 (25.0%), not given 2 (50.0%)",
		"  minimal     1 (25.0%), not minimal 1 (25.0%), not given 2 (50.0%)",
		"  level       Easy 1 (25.0%), Hard 1 (25.0%), no level 2 (50.0%)",
		// two ratings: the median is their mean (1.2 + 8.8) / 2
		"  rating      min 1.2  p25 1.2  median 5.0  mean 5.00  p75 8.8  p90 8.8  max 8.8",
	})
}

// TestMedian: the usual median, against values worked out by hand.
func TestMedian(t *testing.T) {
	for _, c := range []struct {
		values []int
		want   float64
	}{
		{nil, 0},
		{[]int{7}, 7},
		{[]int{12, 88}, 50},
		{[]int{1, 2, 3}, 2},
		{[]int{1, 2, 3, 10}, 2.5},
		{[]int{5, 5, 5, 6}, 5},
		{[]int{24, 25}, 24.5},
	} {
		h := newHistogram(100)
		for _, v := range c.values {
			h.Add(v)
		}
		if got := h.Median(); got != c.want {
			t.Errorf("median of %v = %v, want %v", c.values, got, c.want)
		}
	}
}

// wantLines checks that WriteText prints each of lines (whole lines).
func wantLines(t *testing.T, s *Stats, lines []string) {
	t.Helper()
	var b strings.Builder
	if err := WriteText(&b, s); err != nil {
		t.Fatal(err)
	}
	for _, line := range lines {
		if !strings.Contains(b.String(), line+"\n") {
			t.Errorf("no line %q in\n%s", line, b.String())
		}
	}
}
