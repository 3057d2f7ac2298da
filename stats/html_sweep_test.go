package stats

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// sweepReport reads the corpus in and returns its summary, its text and
// its HTML report.
func sweepReport(t *testing.T, in string) (s *Stats, text, page string) {
	t.Helper()
	s, err := Read(context.Background(), strings.NewReader(in), "c.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var tb, hb bytes.Buffer
	if err := WriteText(&tb, s); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&hb, s); err != nil {
		t.Fatal(err)
	}
	return s, tb.String(), hb.String()
}

// TestHTMLSweepFactsAddUp: the HTML report's symmetry, minimal and HoDoKu
// level rows end with the records without the field, as the text's lines
// do, so each row's shares add up to 100% (the report left them out:
// "Easy 3 (30.0%), Medium 1 (10.0%)" for ten records, "3 (30.0% of the
// puzzles)" for minimal, nothing on the not minimal); the tier chart's
// caption says how many records have no tier, since its bars' shares are
// of every record. The ten records are counted by hand below.
func TestHTMLSweepFactsAddUp(t *testing.T) {
	grid := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	rec := `{"kind":"sudoku","puzzle":"` + grid + `"`
	lines := []string{
		// 3 rated, level Easy, minimal, symmetry none, tier easy
		rec + `,"rating":1.2,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":5},"level":"Easy","minimal":true,"symmetry":"none"}`,
		rec + `,"rating":1.2,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":5},"level":"Easy","minimal":true,"symmetry":"none"}`,
		rec + `,"rating":1.5,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":5},"level":"Easy","minimal":true,"symmetry":"none"}`,
		// 1 rated, level Medium, not minimal, symmetry rot180, tier medium
		rec + `,"rating":2.6,"tier":"medium","hardest":"pointing","techniques":{"pointing":1},"level":"Medium","minimal":false,"symmetry":"rot180"}`,
	}
	for range 6 { // 6 plain lines: no tier, level, minimal or symmetry
		lines = append(lines, grid)
	}
	s, text, page := sweepReport(t, strings.Join(lines, "\n")+"\n")
	if s.Records != 10 {
		t.Fatalf("read %d records, want 10", s.Records)
	}
	for _, want := range []string{
		"<tr><th>symmetry</th><td>none 3 (30.0%), rot180 1 (10.0%), not given 6 (60.0%)</td></tr>",
		"<tr><th>minimal</th><td>3 (30.0%), not minimal 1 (10.0%), not given 6 (60.0%)</td></tr>",
		"<tr><th>HoDoKu level</th><td>Easy 3 (30.0%), Medium 1 (10.0%), no level 6 (60.0%)</td></tr>",
		"6 of the 10 records (60.0%) have no tier.",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	// the text says the same
	for _, want := range []string{"none 3 (30.0%), rot180 1 (10.0%), not given 6 (60.0%)", "3 (30.0%), not minimal 1 (10.0%), not given 6 (60.0%)", "Easy 3 (30.0%), Medium 1 (10.0%), no level 6 (60.0%)", "easy 3 (30.0%), medium 1 (10.0%), no tier 6 (60.0%)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
}

// TestHTMLSweepUnratedTechniquesLast: in the technique chart of HoDoKu
// profile records, the techniques SE has no rating for (skyscraper,
// w-wing: SE finds them as chains) come after the rated ones, by name,
// without a rating in their label, and the caption says so; they came
// first, as if rated 0.0, under a caption saying "in the order of their
// SE rating".
func TestHTMLSweepUnratedTechniquesLast(t *testing.T) {
	grid := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	in := `{"kind":"sudoku","puzzle":"` + grid + `","rating":6.6,"tier":"expert","hardest":"w-wing","techniques":{"full-house":3,"hidden-single":9,"skyscraper":1,"w-wing":1,"naked-pair":1}}` + "\n"
	_, _, page := sweepReport(t, in)
	// full-house 1.0, hidden-single 1.2, naked-pair 3.0 (SE), then
	// Skyscraper and W-Wing, which SE does not rate
	want := []string{">Full House (1.0)<", ">Hidden Single (1.2)<", ">Naked Pair (3.0)<", ">Skyscraper<", ">W-Wing<"}
	last := -1
	for _, w := range want {
		i := strings.Index(page, w)
		if i < 0 || i < last {
			t.Fatalf("technique labels not in the order %q (missing or out of order at %q)", want, w)
		}
		last = i
	}
	if !strings.Contains(page, "in the order of their SE rating, then those SE has no rating for (it finds them as chains) in alphabetical order") {
		t.Error("the caption does not say where the unrated techniques are")
	}
}

// TestSweepOtherGroupsWording: the records past the MaxGroups described
// groups are counted in words that agree with their number, in the text
// and the report: "1 record of a further kind and size is not
// described" (it said "1 records ... are"), "2 records ... are".
func TestSweepOtherGroupsWording(t *testing.T) {
	for _, c := range []struct {
		extra int
		want  string
	}{
		{1, "1 record of a further kind and size is not described (more than 64 groups)"},
		{2, "2 records of further kinds and sizes are not described (more than 64 groups)"},
	} {
		var in strings.Builder
		for i := range MaxGroups + c.extra { // one record of each of these kinds
			fmt.Fprintf(&in, `{"kind":"k%03d","size":4,"puzzle":"1..."}`+"\n", i)
		}
		s, text, page := sweepReport(t, in.String())
		if s.OtherGroups != int64(c.extra) {
			t.Fatalf("%d extra: other groups %d", c.extra, s.OtherGroups)
		}
		if !strings.Contains(text, c.want+"\n") || !strings.Contains(page, c.want+".</p>") {
			t.Errorf("%d extra: want %q in the text and the report", c.extra, c.want)
		}
	}
}
