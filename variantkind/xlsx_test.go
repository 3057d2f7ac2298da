package variantkind

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/gridsheet"
	"github.com/sudogen/sudogen/variant"
)

// TestXLSXFields: a workbook of variant records, read back with excelize,
// carries each record's variants and jigsaw regions in Puzzles' "fields"
// column, equal to the record's own fields; it has no Cages sheet.
func TestXLSXFields(t *testing.T) {
	var recs []*export.Record
	for i, vs := range [][]string{{"x"}, {"jigsaw"}} {
		gen, err := variant.NewGenerator(variant.Spec{Size: 9, Variants: vs}, variant.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := gen.Generate(rand.New(rand.NewPCG(4, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := Record(p, nil, 9, int64(i))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, &rec)
	}
	f, err := gridsheet.Workbook(recs, export.XLSXOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if slices.Contains(f.GetSheetList(), "Cages") {
		t.Error("a workbook without killers has a Cages sheet")
	}
	rows, err := f.GetRows("Puzzles")
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], "fields")
	if col < 0 || len(rows) != len(recs)+1 {
		t.Fatalf("Puzzles: header %q, %d rows", rows[0], len(rows))
	}
	for i, r := range recs {
		want := FieldsOf(r)
		var got struct {
			Variants []string `json:"variants"`
			Regions  string   `json:"regions"`
		}
		if col >= len(rows[i+1]) {
			t.Fatalf("%s: no fields cell", r.ID)
		}
		if err := json.Unmarshal([]byte(rows[i+1][col]), &got); err != nil {
			t.Fatalf("%s: fields %q: %v", r.ID, rows[i+1][col], err)
		}
		if !slices.Equal(got.Variants, want.Variants) || got.Regions != want.Regions {
			t.Errorf("%s: fields %q, want variants %v regions %q", r.ID, rows[i+1][col], want.Variants, want.Regions)
		}
		if slices.Contains(want.Variants, "jigsaw") && len(got.Regions) != 81 {
			t.Errorf("%s: jigsaw regions %q, want 81 characters", r.ID, got.Regions)
		}
	}
}
