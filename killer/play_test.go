package killer

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/sudoku"
)

// TestPlayPage writes a play page with 6x6 killers (plain and Killer-X)
// and reads its embedded data back: each record's row carries a geometry
// whose houses hold every digit of the solution once (X: two diagonal
// houses, shaded), whose boxes are the outlined regions, whose cages
// cover every cell once and add up, in the solution, to their sums, and
// whose cells string spells the solution (lower case a = 1, no givens).
func TestPlayPage(t *testing.T) {
	cases := []struct {
		x      bool
		houses int
	}{{false, 18}, {true, 20}}
	var recs []*export.Record
	var sols []string
	for i, c := range cases {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(6, uint64(i))), Options{Shape: sudoku.Shape6, X: c.x})
		if err != nil {
			t.Fatal(err)
		}
		r := toExport(NewRecord(p, sol, nil))
		r.ID = "k" + string(rune('1'+i))
		recs = append(recs, &r)
		sols = append(sols, r.Solution)
	}
	var buf bytes.Buffer
	if err := export.WriteHTML(&buf, recs, export.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	data := pageBlock(t, buf.String(), "sg-data")
	var rows [][]json.RawMessage
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(cases) {
		t.Fatalf("%d rows, want %d", len(rows), len(cases))
	}
	for k, c := range cases {
		row, sol := rows[k], sols[k]
		if len(row) != 9 {
			t.Fatalf("row %d has %d fields, want 9 (with the geometry)", k, len(row))
		}
		var cells string
		var geo struct {
			W, H, N, MR, MC int
			Houses          [][]int
			Kinds           []string
			Region          []int
			Shade           []int
			Cages           [][]int
		}
		if json.Unmarshal(row[6], &cells) != nil || json.Unmarshal(row[8], &geo) != nil {
			t.Fatalf("row %d: cells %s, geometry %s", k, row[6], row[8])
		}
		if geo.W != 6 || geo.H != 6 || geo.N != 6 || geo.MR != 2 || geo.MC != 3 {
			t.Errorf("x=%v: w %d h %d n %d mr %d mc %d", c.x, geo.W, geo.H, geo.N, geo.MR, geo.MC)
		}
		for i := range 36 {
			if cells[i] != 'a'+sol[i]-'1' {
				t.Fatalf("x=%v: cell %d is %c, solution %c", c.x, i, cells[i], sol[i])
			}
		}
		if len(geo.Houses) != c.houses || len(geo.Kinds) != c.houses {
			t.Fatalf("x=%v: %d houses, %d kinds, want %d", c.x, len(geo.Houses), len(geo.Kinds), c.houses)
		}
		for h, hs := range geo.Houses {
			seen := map[byte]bool{}
			for _, cell := range hs {
				seen[sol[cell]] = true
			}
			if len(hs) != 6 || len(seen) != 6 {
				t.Errorf("x=%v: house %d (%s) %v does not hold 1-6 once", c.x, h, geo.Kinds[h], hs)
			}
		}
		var diag []int
		for h, kd := range geo.Kinds {
			if kd == "diagonal" {
				diag = append(diag, h)
			}
		}
		if c.x && (len(diag) != 2 || len(geo.Shade) != 2 || geo.Shade[0] != diag[0] || geo.Shade[1] != diag[1]) {
			t.Errorf("Killer-X: diagonals %v, shaded %v", diag, geo.Shade)
		}
		if !c.x && (len(diag) != 0 || len(geo.Shade) != 0) {
			t.Errorf("killer: diagonals %v, shaded %v", diag, geo.Shade)
		}
		for i, rg := range geo.Region {
			if rg < 0 || geo.Kinds[rg] != "box" || (i/6)/2*2+(i%6)/3 != rg-12 {
				t.Errorf("x=%v: cell %d outlined with house %d", c.x, i, rg)
			}
		}
		covered := make([]int, 36)
		for _, cg := range geo.Cages {
			if len(cg) < 2 {
				t.Fatalf("x=%v: cage %v has no cells", c.x, cg)
			}
			sum := 0
			for _, cell := range cg[1:] {
				covered[cell]++
				sum += int(sol[cell] - '0')
			}
			if sum != cg[0] {
				t.Errorf("x=%v: cage %v adds up to %d in the solution", c.x, cg, sum)
			}
		}
		for i, n := range covered {
			if n != 1 {
				t.Errorf("x=%v: cell %d in %d cages", c.x, i, n)
			}
		}
	}
}

// TestPlayHints: the killer's hints for the play page are its grader's
// steps (each placement the solution's digit, no solution digit removed,
// the pattern in range), and a page written with hints wanted carries
// them (the killer technique ids are in its data).
func TestPlayHints(t *testing.T) {
	p, sol, _, err := Generate(rand.New(rand.NewPCG(6, 9)), Options{Shape: sudoku.Shape6})
	if err != nil {
		t.Fatal(err)
	}
	r := toExport(NewRecord(p, sol, nil))
	r.ID = "k6"
	h, err := PlayHints(&r)
	if err != nil {
		t.Fatal(err)
	}
	res := Grade(p)
	if !h.Solved || len(h.Steps) != len(res.Steps) {
		t.Fatalf("hints: solved %v, %d steps; the grader: %v, %d", h.Solved, len(h.Steps), res.Solved, len(res.Steps))
	}
	g := p.Geo
	for i, st := range h.Steps {
		for _, pl := range st.Places {
			if int(sol[pl.Cell]) != pl.Digit {
				t.Fatalf("hint %d (%s) places %d in %s, the solution has %d", i, st.Tech, pl.Digit, g.CellName(pl.Cell), sol[pl.Cell])
			}
		}
		for _, e := range st.Elims {
			if int(sol[e.Cell]) == e.Digit {
				t.Fatalf("hint %d (%s) removes the solution's %d from %s", i, st.Tech, e.Digit, g.CellName(e.Cell))
			}
		}
		if st.Name != techniqueByID(st.Tech).Name || len(st.Places)+len(st.Elims) == 0 {
			t.Fatalf("hint %d: %+v", i, st)
		}
		for _, k := range st.Cages {
			if k < 0 || k >= len(r.Fields.(recordFields).Cages) {
				t.Fatalf("hint %d: cage %d out of the record's cages", i, k)
			}
		}
	}
	for _, wanted := range []bool{false, true} {
		var buf bytes.Buffer
		var o export.HTMLOptions
		if wanted {
			o.Hints = func(*export.Record) (export.Hints, error) {
				return export.Hints{}, errors.New("the sudoku hint source was asked for a killer")
			}
		}
		if err := export.WriteHTML(&buf, []*export.Record{&r}, o); err != nil {
			t.Fatal(err)
		}
		// the page's header lists the techniques its hint steps use
		if strings.Contains(buf.String(), `["cage-combination","Cage combinations"]`) != wanted {
			t.Fatalf("hints wanted %v: the page's data has killer techniques %v", wanted, !wanted)
		}
	}
}

// TestPlayPageTitle: a play page of killers is titled by the book's
// killer title in every language (book.killer.title; Killer-X by the name
// book.killer.x starts with, as the book's sections; " 6×6" for a page of
// 6x6 killers), in <title>, in the header and in the page's words for its
// script (kinds.killer, kinds.killer_x), never "Sudoku" alone.
func TestPlayPageTitle(t *testing.T) {
	mk := func(o Options, seed uint64) *export.Record {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(9, seed)), o)
		if err != nil {
			t.Fatal(err)
		}
		r := toExport(NewRecord(p, sol, nil))
		return &r
	}
	plain, x6 := mk(Options{Shape: sudoku.Shape6}, 1), mk(Options{Shape: sudoku.Shape6, X: true}, 2)
	nine := mk(Options{Shape: sudoku.Shape9, CageMin: 3, CageMax: 5}, 3)
	for _, lang := range i18n.Languages() {
		tr := i18n.Get(lang)
		kt := tr.Text("book.killer.title")
		xt := tr.Text("book.killer.x")
		xt = strings.TrimRight(xt[:strings.IndexAny(xt, ":：")], " \u00a0")
		for _, c := range []struct {
			recs []*export.Record
			want string
		}{
			{[]*export.Record{nine}, kt},
			{[]*export.Record{plain}, kt + " 6×6"},
			{[]*export.Record{x6}, xt + " 6×6"},
			// the language's title case (i18n's TestTitleList: fr, es,
			// pt and ru capitalize the first word only)
			{[]*export.Record{nine, x6}, tr.TitleList([]string{kt, xt + " 6×6"})},
		} {
			var buf bytes.Buffer
			if err := export.WriteHTML(&buf, c.recs, export.HTMLOptions{Lang: lang}); err != nil {
				t.Fatal(err)
			}
			page := buf.String()
			title := html.EscapeString(c.want)
			if !strings.Contains(page, "<title>"+title+"</title>") || !strings.Contains(page, `<h1 id="title">`+title+"</h1>") {
				t.Errorf("%s: want the title %q: %s", lang, c.want, regexp.MustCompile(`<title>[^<]*</title>`).FindString(page))
			}
			var words map[string]struct{ Kinds map[string]string }
			if err := json.Unmarshal(pageBlock(t, page, "sg-langs"), &words); err != nil {
				t.Fatal(err)
			}
			if k := words[lang].Kinds; k["killer"] != kt || k["killer_x"] != xt {
				t.Errorf("%s: the script's kind titles %v, want killer %q, killer_x %q", lang, k, kt, xt)
			}
		}
	}
}

// pageBlock is the deflated, base64 block of the play page's script
// element id.
func pageBlock(t *testing.T, page, id string) []byte {
	t.Helper()
	m := regexp.MustCompile(`<script type="text/plain" id="` + id + `">([^<]*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no #%s in the page", id)
	}
	z, err := base64.StdEncoding.DecodeString(strings.TrimSpace(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestPlayGeometryJSON: the geometry object in the play page's row of a
// 4x4 killer is, byte for byte, the one docs/export.md ("Variants",
// "Killer") describes, written out by hand here: rows, columns, boxes
// (each cell's box its region), nothing shaded, the candidates' 2x2
// layout, then the cages as [sum, cell, ...] in the record's order; no
// "sees", "nc" or "variants". The cells string is the solution in lower
// case (no givens).
func TestPlayGeometryJSON(t *testing.T) {
	const line = `{"v":1,"id":"k4","kind":"killer","size":4,"box":[2,2],"solution":"2314142332414132","cages":[{"sum":5,"cells":[0,1]},{"sum":10,"cells":[2,6,7,10]},{"sum":4,"cells":[3]},{"sum":7,"cells":[4,5,9]},{"sum":3,"cells":[8]},{"sum":3,"cells":[11,15]},{"sum":4,"cells":[12]},{"sum":4,"cells":[13,14]}]}`
	const want = `{"w":4,"h":4,"n":4,` +
		`"houses":[[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15],[0,4,8,12],[1,5,9,13],[2,6,10,14],[3,7,11,15],[0,1,4,5],[2,3,6,7],[8,9,12,13],[10,11,14,15]],` +
		`"kinds":["row","row","row","row","column","column","column","column","box","box","box","box"],` +
		`"region":[8,8,9,9,8,8,9,9,10,10,11,11,10,10,11,11],"shade":[],"mr":2,"mc":2,` +
		`"cages":[[5,0,1],[10,2,6,7,10],[4,3],[7,4,5,9],[3,8],[3,11,15],[4,12],[4,13,14]]}`
	var r export.Record
	if err := export.DecodeRecord([]byte(line), &r); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := export.WriteHTML(&buf, []*export.Record{&r}, export.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	var rows [][]json.RawMessage
	if err := json.Unmarshal(pageBlock(t, buf.String(), "sg-data"), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || len(rows[0]) != 9 {
		t.Fatalf("rows %d, want one of 9 fields", len(rows))
	}
	if got := string(rows[0][8]); got != want {
		t.Errorf("geometry %s\nwant     %s", got, want)
	}
	if got := string(rows[0][6]); got != `"bcadadbccbdadacb"` {
		t.Errorf("cells %s, want the solution in lower case", got)
	}
}
