package variant

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
)

// sukakuRow is one line of a SukakuExplainer ratings file: variant,
// puzzle, SukakuExplainer's SE rating.
type sukakuRow struct {
	line    int
	variant string
	puzzle  string
	want    float64
}

// readSukaku reads a ratings file of testdata (tab-separated variant,
// puzzle, rating; '#' comments).
func readSukaku(t *testing.T, name string) []sukakuRow {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []sukakuRow
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan(); {
		line++
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fld := strings.Split(text, "\t")
		if len(fld) != 3 {
			t.Fatalf("%s:%d: %d fields, want variant, puzzle, rating", name, line, len(fld))
		}
		want, err := strconv.ParseFloat(fld[2], 64)
		if err != nil {
			t.Fatalf("%s:%d: rating %q: %v", name, line, fld[2], err)
		}
		rows = append(rows, sukakuRow{line, fld[0], fld[1], want})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// rateRow rates a row's puzzle (9x9, its variant) on the SE ladder and
// returns the rating as SE prints it (20 when the ladder cannot finish)
// and the hardest technique.
func rateRow(t *testing.T, geos map[string]*Geometry, r sukakuRow) (float64, string) {
	t.Helper()
	g := geos[r.variant]
	if g == nil {
		var err error
		if g, err = Build(Spec{Size: 9, Variants: strings.Split(r.variant, ",")}); err != nil {
			t.Fatalf("line %d: %v", r.line, err)
		}
		geos[r.variant] = g
	}
	p := make([]uint8, len(r.puzzle))
	for i, ch := range r.puzzle {
		if ch >= '1' && ch <= '9' {
			p[i] = uint8(ch - '0')
		}
	}
	sol := make([]uint8, len(p))
	if count := NewSolver(g).Solve(p, sol); count != 1 {
		t.Fatalf("line %d: %d solutions", r.line, count)
	}
	res, err := Rate(g, p, sol)
	if err != nil {
		t.Fatalf("line %d: %v", r.line, err)
	}
	if !res.Solved {
		return 20, res.Hardest
	}
	return grade.Round1(res.ER), res.Hardest
}

// TestSukakuSample rates testdata/sukaku-sample.tsv, generated X and
// windoku puzzles with the rating SukakuExplainer gave them (its header
// says how they were made), and wants the same SE rating: the full ladder
// (singles to forcing chains) over the variant's houses.
func TestSukakuSample(t *testing.T) {
	rows := readSukaku(t, "sukaku-sample.tsv")
	geos := map[string]*Geometry{}
	for _, r := range rows {
		if got, hardest := rateRow(t, geos, r); got != r.want {
			t.Errorf("sukaku-sample.tsv:%d %s %s: ours %.1f (%s), SukakuExplainer %.1f", r.line, r.variant, r.puzzle, got, hardest, r.want)
		}
	}
	if len(rows) < 20 {
		t.Fatalf("only %d sample puzzles", len(rows))
	}
}
