package variant

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
)

// TestSukakuSample rates testdata/sukaku-sample.tsv, generated X and
// windoku puzzles with the rating SukakuExplainer gave them (its header
// says how they were made), and wants the same SE rating: the full ladder
// (singles to forcing chains) over the variant's houses.
func TestSukakuSample(t *testing.T) {
	f, err := os.Open("testdata/sukaku-sample.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	geos := map[string]*Geometry{}
	sc := bufio.NewScanner(f)
	n := 0
	for line := 0; sc.Scan(); {
		line++
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fld := strings.Split(text, "\t")
		if len(fld) != 3 {
			t.Fatalf("sukaku-sample.tsv:%d: %d fields, want variant, puzzle, rating", line, len(fld))
		}
		want, err := strconv.ParseFloat(fld[2], 64)
		if err != nil {
			t.Fatalf("sukaku-sample.tsv:%d: rating %q: %v", line, fld[2], err)
		}
		g := geos[fld[0]]
		if g == nil {
			if g, err = Build(Spec{Size: 9, Variants: []string{fld[0]}}); err != nil {
				t.Fatalf("sukaku-sample.tsv:%d: %v", line, err)
			}
			geos[fld[0]] = g
		}
		p := make([]uint8, len(fld[1]))
		for i, ch := range fld[1] {
			if ch >= '1' && ch <= '9' {
				p[i] = uint8(ch - '0')
			}
		}
		sol := make([]uint8, len(p))
		if count := NewSolver(g).Solve(p, sol); count != 1 {
			t.Fatalf("sukaku-sample.tsv:%d: %d solutions", line, count)
		}
		res, err := Rate(g, p, sol)
		if err != nil {
			t.Fatalf("sukaku-sample.tsv:%d: %v", line, err)
		}
		got := grade.Round1(res.ER)
		if !res.Solved {
			got = 20
		}
		if got != want {
			t.Errorf("sukaku-sample.tsv:%d %s %s: ours %.1f (%s), SukakuExplainer %.1f", line, fld[0], fld[1], got, res.Hardest, want)
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d sample puzzles", n)
	}
}
