package schema_test

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/killer"
)

// swrecBand is one band as docs/records.md's "Tier tables" states it.
type swrecBand struct {
	name     string
	min, max float64 // math.Inf(-1) / math.Inf(1) when the doc gives none
}

// swrecBandRE matches one band of the doc's table: "`easy` 0.0-1.5",
// "`easy` up to 1.8", "`nightmare` 9.0 and up".
var swrecBandRE = regexp.MustCompile("`([a-z]+)` (?:up to ([0-9.]+)|([0-9.]+)-([0-9.]+)|([0-9.]+) and up)")

// swrecBands reads the bands of a cell of the table, in order.
func swrecBands(t *testing.T, cell string) []swrecBand {
	t.Helper()
	var out []swrecBand
	num := func(s string) float64 {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("records.md tier table: %q is not a number", s)
		}
		return x
	}
	for _, m := range swrecBandRE.FindAllStringSubmatch(cell, -1) {
		b := swrecBand{name: m[1], min: math.Inf(-1), max: math.Inf(1)}
		switch {
		case m[2] != "":
			b.max = num(m[2])
		case m[3] != "":
			b.min, b.max = num(m[3]), num(m[4])
		default:
			b.min = num(m[5])
		}
		out = append(out, b)
	}
	return out
}

// swrecTierRows returns the rows of the "Tier tables" table of
// docs/records.md by their first cell.
func swrecTierRows(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("../docs/records.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i := strings.Index(doc, "### Tier tables")
	if i < 0 {
		t.Fatal(`docs/records.md has no "### Tier tables" section`)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(doc[i:], "\n")[1:] {
		if strings.HasPrefix(line, "#") {
			break
		}
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		rows[strings.TrimSpace(cells[0])] = cells
	}
	return rows
}

// TestRecordsDocTierTables checks that the tier bounds docs/records.md
// gives a checker are the ones sudogen tiers records with: the Sudoku and
// variant table of configs/tiers.yaml, the killer table and the slide
// tables of each width.
func TestRecordsDocTierTables(t *testing.T) {
	rows := swrecTierRows(t)
	same := func(what string, got []swrecBand, want []swrecBand) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: the doc lists %d bands %v, sudogen has %d %v", what, len(got), got, len(want), want)
		}
		for i := range got {
			g, w := got[i], want[i]
			if g.name != w.name || !swrecSame(g.max, w.max) || !math.IsInf(g.min, -1) && !swrecSame(g.min, w.min) {
				t.Errorf("%s band %d: the doc says %v, sudogen has %v", what, i, g, w)
			}
		}
	}

	classic, ok := rows["`sudoku`, `variant`"]
	if !ok {
		t.Fatal("records.md tier table: no row for `sudoku`, `variant`")
	}
	var want []swrecBand
	for _, b := range grade.DefaultTiers().Bands {
		want = append(want, swrecBand{b.Name, b.Min, b.Max})
	}
	same("sudoku", swrecBands(t, classic[2]), want)

	kr, ok := rows["`killer`"]
	if !ok {
		t.Fatal("records.md tier table: no row for `killer`")
	}
	want = nil
	lo := math.Inf(-1)
	for _, b := range killer.KillerTiers {
		want = append(want, swrecBand{b.Name, lo, b.MaxRating})
		lo = b.MaxRating + 0.1
	}
	same("killer", swrecBands(t, kr[2]), want)

	sr, ok := rows["`slide`"]
	if !ok {
		t.Fatal("records.md tier table: no row for `slide`")
	}
	st := generate.DefaultSlideTiers()
	for _, w := range []int{3, 4, 5} {
		cell := sr[2]
		j := strings.Index(cell, "width "+strconv.Itoa(w)+":")
		if j < 0 {
			t.Fatalf("records.md slide tiers: no width %d", w)
		}
		cell = cell[j:]
		if k := strings.Index(cell[1:], "width "); k >= 0 {
			cell = cell[:k+1]
		}
		want = nil
		for _, b := range st[w] {
			want = append(want, swrecBand{b.Name, float64(b.Min), float64(b.Max)})
		}
		same("slide width "+strconv.Itoa(w), swrecBands(t, cell), want)
	}
}

// swrecSame reports whether two bounds are equal (both infinite included).
func swrecSame(a, b float64) bool {
	return a == b || math.Abs(a-b) < 1e-9
}
