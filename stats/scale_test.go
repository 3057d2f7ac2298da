package stats

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
)

// TestHTMLRatingScale: a group of a kind rated on its own scale (a
// killer's; the se format refuses them) has its rating chart titled
// and labelled with that scale, not Sudoku Explainer's, and its
// technique chart says its own techniques come after the SE-rated ones;
// a classic group keeps SE's. A count of one is "1 rated puzzle".
// Until 2026-12-07 a killer's chart read "Sudoku Explainer rating".
func TestHTMLRatingScale(t *testing.T) {
	export.RegisterKind(export.RecordKind{Name: "ownscale", Order: 9, Check: func(*export.Record) error { return nil }})
	in := `{"v":1,"id":"o1","kind":"ownscale","size":9,"rating":3.2,"tier":"hard","hardest":"cage-x","techniques":{"cage-x":1,"hidden-single":2},"seed":1,"index":0}` + "\n" +
		`{"v":1,"id":"s1","kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + strings.Repeat(".", 81) + `","rating":1.2,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":3},"seed":1,"index":0}` + "\n" +
		`{"v":1,"id":"s2","kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + strings.Repeat(".", 81) + `","rating":1.5,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":3},"seed":1,"index":1}` + "\n"
	page := htmlReport(t, in)
	own := page[strings.Index(page, "ownscale 9x9"):]
	classic, _, _ := strings.Cut(page[strings.Index(page, "sudoku 9x9"):], "ownscale 9x9")
	for _, c := range []struct {
		section, name, want string
		present             bool
	}{
		{own, "ownscale", "Rating (ownscale scale)", true},
		{own, "ownscale", "rating (ownscale scale)", true},
		{own, "ownscale", "Sudoku Explainer", false},
		{own, "ownscale", "1 rated puzzle.", true},
		{own, "ownscale", "then the ownscale techniques in alphabetical order", true},
		{classic, "sudoku", "Sudoku Explainer rating", true},
		{classic, "sudoku", "SE rating (ER)", true},
		{classic, "sudoku", "2 rated puzzles.", true},
		{classic, "sudoku", "in the order of their SE rating;", true},
	} {
		if strings.Contains(c.section, c.want) != c.present {
			t.Errorf("%s group: has %q %v, want %v", c.name, c.want, !c.present, c.present)
		}
	}
}

// htmlReport is the HTML report of the JSONL lines in.
func htmlReport(t *testing.T, in string) string {
	t.Helper()
	return report(t, in, WriteHTML)
}

// report is the report write makes (WriteHTML, WriteText) of the JSONL
// lines in.
func report(t *testing.T, in string, write func(io.Writer, *Stats) error) string {
	t.Helper()
	s, err := Read(context.Background(), strings.NewReader(in), "t.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := write(&b, s); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestHTMLKindTechniqueNames: a kind whose RecordKind names its ladder
// (TechniqueName, as killer's does) has its technique chart show those
// names with their rating on its scale, easiest first, and say the order
// is its scale's; until 2026-12-07 a killer's chart showed bare ids
// ("cage-combination") after the SE-rated techniques.
func TestHTMLKindTechniqueNames(t *testing.T) {
	ladder := map[string]struct {
		name   string
		rating float64
	}{"own-hard": {"Own hard step", 4.5}, "own-easy": {"Own easy step", 1.1}}
	export.RegisterKind(export.RecordKind{Name: "ownladder", Order: 9, Check: func(*export.Record) error { return nil },
		TechniqueName: func(id string) (string, float64, bool) {
			t, ok := ladder[id]
			return t.name, t.rating, ok
		}})
	in := `{"v":1,"id":"o1","kind":"ownladder","size":9,"rating":4.5,"tier":"hard","hardest":"own-hard","techniques":{"own-hard":1,"own-easy":2},"seed":1,"index":0}` + "\n"
	page := htmlReport(t, in)
	easy, hard := strings.Index(page, "Own easy step (1.1)"), strings.Index(page, "Own hard step (4.5)")
	if easy < 0 || hard < 0 || easy > hard {
		t.Errorf("technique chart: want \"Own easy step (1.1)\" before \"Own hard step (4.5)\", at %d and %d", easy, hard)
	}
	if !strings.Contains(page, "in the order of their rating on the ownladder scale;") {
		t.Error("technique chart caption does not name the ownladder scale's order")
	}
	if strings.Contains(page, ">own-easy<") {
		t.Error("technique chart shows the bare id own-easy")
	}
}
