package variantkind

import (
	"bytes"
	"encoding/json"
	"html"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/playpage"
	"github.com/sudogen/sudogen/variant"
)

// TestPlayBoard: the play page's board of a variant record has the
// variant's houses (X: 27 + 2 diagonals, shaded; Samurai: 5 grids of 27
// houses on a 21x21 frame of 369 used cells, the shared corner boxes
// listed once), anti-knight sees, and cells that encode the
// givens and the solution; the page is written for them, and a kind the
// page cannot show (no Play, like killer) is refused, not shown as classic.
func TestPlayBoard(t *testing.T) {
	cases := []struct {
		variants []string
		houses   int
		shade    int
		unused   int
		sees     bool
	}{
		{[]string{"x"}, 29, 2, 0, false},
		{[]string{"windoku"}, 36, 4, 0, false}, // SukakuExplainer's 9 window groups, the 4 windows shaded
		{[]string{"anti-knight"}, 27, 0, 0, true},
		{[]string{"samurai"}, 131, 0, 441 - 369, false}, // 5 x 27, the 4 shared boxes once
	}
	var recs []*export.Record
	for i, c := range cases {
		gen, err := variant.NewGenerator(variant.Spec{Size: 9, Variants: c.variants}, variant.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := gen.Generate(rand.New(rand.NewPCG(9, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := Record(p, nil, 9, int64(i))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, &rec)
		pb, err := playBoard(&rec)
		if err != nil {
			t.Fatal(err)
		}
		geo := pb.Geometry
		kinds := map[string]int{}
		for _, k := range geo.Kinds {
			kinds[k]++
		}
		if w := map[bool]int{true: 9}[c.variants[0] == "windoku"]; kinds["window"] != w || (w > 0 && kinds["extra"] != 0) {
			t.Errorf("%v: house kinds %v, want %d windows (the four shaded and the five they imply) and no extra", c.variants, kinds, w)
		}
		if len(geo.Houses) != c.houses || len(geo.Kinds) != c.houses || len(geo.Shade) != c.shade || (geo.Sees != nil) != c.sees {
			t.Errorf("%v: %d houses, %d kinds, %d shaded, sees %v", c.variants, len(geo.Houses), len(geo.Kinds), len(geo.Shade), geo.Sees != nil)
		}
		if got := strings.Count(pb.Cells, "-"); got != c.unused {
			t.Errorf("%v: %d unused cells, want %d", c.variants, got, c.unused)
		}
		for i := 0; i < len(pb.Cells); i++ {
			ch := pb.Cells[i]
			switch {
			case ch == '-':
				if geo.Region[i] != -1 {
					t.Fatalf("%v: unused cell %d has region %d", c.variants, i, geo.Region[i])
				}
			case ch >= 'a' && ch <= 'z':
				if rec.Puzzle[i] != '.' || rec.Solution[i] != "123456789"[ch-'a'] {
					t.Fatalf("%v: cell %d is %c, puzzle %c, solution %c", c.variants, i, ch, rec.Puzzle[i], rec.Solution[i])
				}
			default:
				if rec.Puzzle[i] != ch || geo.Region[i] < 0 {
					t.Fatalf("%v: cell %d is %c, puzzle %c", c.variants, i, ch, rec.Puzzle[i])
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := export.WriteHTML(&buf, recs, export.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	export.RegisterKind(export.RecordKind{Name: "noplay-test", Check: func(*export.Record) error { return nil }})
	alien := &export.Record{ID: "k1", Kind: "noplay-test", Size: 9, Puzzle: strings.Repeat(".", 81)}
	if err := export.WriteHTML(&buf, append(recs, alien), export.HTMLOptions{}); err == nil || !strings.Contains(err.Error(), "cannot show") {
		t.Errorf("a record of a kind without a play board: err %v", err)
	}
}

// TestPlayHints: a variant record's hints for the play page are its
// grader's path less the steps the page finds itself: each placement is
// the solution's digit, no removed candidate is the solution's, every
// house a step names is one of the play board's houses, and a subset
// step's cells and the cells it clears lie in its house; the
// non-consecutive techniques come with their names. A page written with
// hints wanted carries them.
func TestPlayHints(t *testing.T) {
	// Hard puzzles (SE 2.9-4.4): their paths need stored steps (subsets,
	// fish, wings, the non-consecutive techniques) but no chains.
	k, gr := variantKind(t)
	cases := [][]string{{"x"}, {"windoku"}, {"disjoint-groups"}, {"anti-knight"}, {"non-consecutive"}, {"jigsaw"}, {"anti-king"}}
	stored, nc, keep := 0, 0, 0
	for _, vs := range cases {
		m := newMaker(t, k, 5, Options{Spec: variant.Spec{Size: 9, Variants: vs}, Grade: gr, Tiers: map[string]bool{"hard": true}})
		rec := makeTier(t, k, gr, m, 5, "hard", 1, 30)[0]
		h, err := playHints(&rec)
		if err != nil {
			t.Fatal(err)
		}
		if h.OverBudget {
			continue
		}
		pb, err := playBoard(&rec)
		if err != nil {
			t.Fatal(err)
		}
		houses := pb.Geometry.Houses
		for k, st := range h.Steps {
			if playpage.FindsItself(st.Tech) != st.Keep {
				t.Errorf("%v hint %d: %s: Keep %v (a technique the page finds is stored only when marked Keep)", vs, k, st.Tech, st.Keep)
			}
			if st.Keep {
				// kept: locked candidates with a window or group
				extra := false
				for _, u := range st.Houses {
					if hk := pb.Geometry.Kinds[u]; hk != "row" && hk != "column" && hk != "box" && hk != "region" {
						extra = true
					}
				}
				if !extra {
					t.Errorf("%v hint %d: %s kept, but its houses %v are the page's to cross", vs, k, st.Tech, st.Houses)
				}
				keep++
			}
			for _, pl := range st.Places {
				if int(rec.Solution[pl.Cell]-'0') != pl.Digit {
					t.Errorf("%v hint %d (%s) places %d in cell %d, the solution has %c", vs, k, st.Tech, pl.Digit, pl.Cell, rec.Solution[pl.Cell])
				}
			}
			for _, e := range st.Elims {
				if int(rec.Solution[e.Cell]-'0') == e.Digit {
					t.Errorf("%v hint %d (%s) removes the solution's %d from cell %d", vs, k, st.Tech, e.Digit, e.Cell)
				}
			}
			for _, u := range st.Houses {
				if u < 0 || u >= len(houses) {
					t.Fatalf("%v hint %d (%s): house %d of %d", vs, k, st.Tech, u, len(houses))
				}
			}
			if strings.HasPrefix(st.Tech, "naked-") && len(st.Houses) == 1 {
				in := map[int]bool{}
				for _, c := range houses[st.Houses[0]] {
					in[c] = true
				}
				for _, c := range st.Cells {
					if !in[c] {
						t.Errorf("%v hint %d (%s): cell %d of the subset is not in its house %d", vs, k, st.Tech, c, st.Houses[0])
					}
				}
				for _, e := range st.Elims {
					if !in[e.Cell] {
						t.Errorf("%v hint %d (%s): clears cell %d outside its house %d", vs, k, st.Tech, e.Cell, st.Houses[0])
					}
				}
			}
			if _, ok := ncTechName[st.Tech]; ok {
				nc++
				if st.Name != ncTechName[st.Tech] {
					t.Errorf("%v hint %d: %s named %q", vs, k, st.Tech, st.Name)
				}
			}
			stored++
		}
		t.Logf("%v: %d stored steps, solved %v", vs, len(h.Steps), h.Solved)
	}
	if stored == 0 || nc == 0 || keep == 0 {
		t.Errorf("%d stored steps, %d non-consecutive ones, %d kept locked candidates: the cases test nothing", stored, nc, keep)
	}
}

// TestPlayNames: a page of variant puzzles is titled by the book's title
// for them in every language (book.variant.title), and the geometry lists
// the variants in the catalogue's order by the keys of their names in
// the page's words (kinds.variant_<key>, TestPlayVariantNames in export).
func TestPlayNames(t *testing.T) {
	gen, err := variant.NewGenerator(variant.Spec{Size: 9, Variants: []string{"x", "anti-knight"}}, variant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Generate(rand.New(rand.NewPCG(3, 1)))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Record(p, nil, 9, 0)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := playBoard(&rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := pb.Geometry.Variants; strings.Join(got, ",") != "x,anti_knight" {
		t.Errorf("geometry variants %v, want [x anti_knight] (the catalogue's order)", got)
	}
	for _, lang := range i18n.Languages() {
		tr, err := i18n.Lookup(lang)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := export.WriteHTML(&buf, []*export.Record{&rec}, export.HTMLOptions{Lang: lang}); err != nil {
			t.Fatal(err)
		}
		if title := tr.Text("book.variant.title"); !strings.Contains(buf.String(), "<title>"+html.EscapeString(title)) {
			t.Errorf("%s: the page is not titled %q", lang, title)
		}
	}
}

// TestPlayGeometryJSON: the play page's geometry object of a 4x4 X and a
// 4x4 anti-knight record is, byte for byte, the object docs/export.md
// ("Variants") and docs/records.md describe, written out by hand here:
// rows, columns, boxes, then the diagonals (kind "diagonal", shaded),
// each cell's box as its region, the anti-knight cells each cell sees
// (row-major, ascending), the variants by their words' keys, the
// candidates' 2x2 layout; no "sees" without anti-knight, no "nc", no
// "cages".
func TestPlayGeometryJSON(t *testing.T) {
	const houses = `"houses":[[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15],[0,4,8,12],[1,5,9,13],[2,6,10,14],[3,7,11,15],[0,1,4,5],[2,3,6,7],[8,9,12,13],[10,11,14,15]`
	const kinds = `"kinds":["row","row","row","row","column","column","column","column","box","box","box","box"`
	const region = `"region":[8,8,9,9,8,8,9,9,10,10,11,11,10,10,11,11]`
	for _, c := range []struct{ line, cells, want string }{
		{`{"v":1,"kind":"variant","size":4,"box":[2,2],"variants":["x"],"puzzle":"1..4............","solution":"1234341243212143"}`,
			"1bc4cdabdcbabadc",
			`{"w":4,"h":4,"n":4,` + houses + `,[0,5,10,15],[3,6,9,12]],` + kinds + `,"diagonal","diagonal"],` + region +
				`,"shade":[12,13],"variants":["x"],"mr":2,"mc":2}`},
		{`{"v":1,"kind":"variant","size":4,"box":[2,2],"variants":["anti-knight"],"puzzle":"..3.............","solution":"1234432134122143"}`,
			"ab3ddcbacdabbadc",
			`{"w":4,"h":4,"n":4,` + houses + `],` + kinds + `],` + region +
				`,"shade":[],"sees":[[6,9],[7,8,10],[4,9,11],[5,10],[2,10,13],[3,11,12,14],[0,8,13,15],[1,9,14],[1,6,14],[0,2,7,15],[1,3,4,12],[2,5,13],[5,10],[4,6,11],[5,7,8],[6,9]]` +
				`,"variants":["anti_knight"],"mr":2,"mc":2}`},
	} {
		var rec export.Record
		if err := export.DecodeRecord([]byte(c.line), &rec); err != nil {
			t.Fatal(err)
		}
		pb, err := playBoard(&rec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(pb.Geometry)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != c.want {
			t.Errorf("%s:\ngeometry %s\nwant     %s", c.line, got, c.want)
		}
		if pb.Cells != c.cells || pb.BoxRows != 2 || pb.BoxCols != 2 {
			t.Errorf("%s: cells %q box %dx%d, want %q 2x2", c.line, pb.Cells, pb.BoxRows, pb.BoxCols, c.cells)
		}
	}
}
