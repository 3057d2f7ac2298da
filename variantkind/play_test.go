package variantkind

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
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
		geo := pb.Geometry.(playGeometry)
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
