package variantkind

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/schematest"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

type memSink struct{ recs []export.Record }

func (m *memSink) Write(r *export.Record) error { m.recs = append(m.recs, *r); return nil }
func (m *memSink) Close() error                 { return nil }

// run makes count records of spec through the registered kind and
// batch.Run, graded with grade's options (nil: not graded).
func run(t *testing.T, spec variant.Spec, gen variant.Options, count int64, grade *kind.GradeOptions) []export.Record {
	t.Helper()
	k, err := kind.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Spec: spec, Generate: gen}
	if grade != nil {
		if o.Grade, err = k.Grader(*grade); err != nil {
			t.Fatal(err)
		}
	}
	mk, err := k.Makers(kind.Spec{Seed: 7, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	sink := &memSink{}
	if _, err := batch.Run(context.Background(), batch.Options{Count: count, Workers: 2, Seed: 7, NewMaker: mk}, sink); err != nil {
		t.Fatal(err)
	}
	return sink.recs
}

// TestRecordsRoundTrip makes records of every variant, writes and reads
// them back through export's codec, and checks each against the
// variant's naive constraints (Geometry.Check on the solution, every
// given kept) and a fresh solution count.
func TestRecordsRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		spec variant.Spec
		gen  variant.Options
		max  float64 // GradeOptions.MaxRating
	}{
		{"x", variant.Spec{Size: 9, Variants: []string{"x"}}, variant.Options{}, 0},
		{"windoku rot180", variant.Spec{Size: 9, Variants: []string{"windoku"}}, variant.Options{Symmetry: "rot180"}, 0},
		{"jigsaw", variant.Spec{Size: 9, Variants: []string{"jigsaw"}}, variant.Options{}, 0},
		// Every anti-knight,x puzzle here needs forcing chains (2-5 CPU-s
		// each to grade in full): graded up to 6.0 they come out as the
		// capped record (tier beyond, rating_at_least), which round-trips too.
		{"anti-knight,x", variant.Spec{Size: 9, Variants: []string{"anti-knight", "x"}}, variant.Options{}, 6.0},
		{"non-consecutive 6", variant.Spec{Size: 6, Variants: []string{"non-consecutive"}}, variant.Options{}, 0},
		{"disjoint-groups 6", variant.Spec{Size: 6, Variants: []string{"disjoint-groups"}}, variant.Options{}, 0},
		{"samurai", variant.Spec{Size: 9, Variants: []string{"samurai"}}, variant.Options{}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			count := int64(3)
			if IsSamurai(tc.spec.Variants) {
				count = 1 // about 5 CPU-s a graded Samurai
			}
			recs := run(t, tc.spec, tc.gen, count, &kind.GradeOptions{MaxRating: tc.max})
			for _, r := range recs {
				line := export.AppendJSON(nil, &r)
				if err := schematest.Validate("record.schema.json", line); err != nil {
					t.Fatalf("schema refuses %s: %v", line, err)
				}
				var back export.Record
				if err := export.DecodeRecord(line, &back); err != nil {
					t.Fatalf("decode %s: %v", line, err)
				}
				f := FieldsOf(&back)
				if f == nil || strings.Join(f.Variants, ",") != strings.Join(FieldsOf(&r).Variants, ",") || f.Regions != FieldsOf(&r).Regions || f.HoDoKu != HoDoKuNote {
					t.Fatalf("fields lost: %s", line)
				}
				if err := export.CheckRecord(&back); err != nil {
					t.Fatalf("check %s: %v", line, err)
				}
				k, _ := kind.Lookup(back.Kind)
				p, err := k.Parse(&back)
				if err != nil {
					t.Fatal(err)
				}
				n, sol, err := p.Solve(5)
				if err != nil || n != 1 || sol != back.Solution {
					t.Fatalf("solve: %d solutions, %q, %v; record solution %q", n, sol, err, back.Solution)
				}
				if p.Canonical() != back.Canonical {
					t.Fatalf("canonical of the parsed record differs from the generated one")
				}
				if back.Tier == "" {
					t.Fatalf("no tier: %s", line)
				}
				if tc.max > 0 && (back.Tier != "beyond" || back.RatingAtLeast <= tc.max || back.Rating != 0) {
					t.Fatalf("graded up to %.1f: not a capped record: %s", tc.max, line)
				}
			}
		})
	}
}

// TestParseRefuses: bad records get one clear error each.
func TestParseRefuses(t *testing.T) {
	x := &Fields{Variants: []string{"x"}}
	diag := strings.Repeat(".", 81)
	twoOnDiag := "1" + diag[1:10] + "1" + diag[11:] // r1c1 and r2c2 both 1: a diagonal repeat
	cases := []struct {
		name string
		rec  export.Record
		want string
	}{
		{"no variants", export.Record{Kind: Name, Size: 9, Puzzle: diag}, "no \"variants\""},
		{"unknown variant", export.Record{Kind: Name, Size: 9, Puzzle: diag, Fields: &Fields{Variants: []string{"zigzag"}}}, "zigzag"},
		{"unsorted", export.Record{Kind: Name, Size: 9, Puzzle: diag, Fields: &Fields{Variants: []string{"x", "anti-knight"}}}, "sorted"},
		{"diagonal repeat", export.Record{Kind: Name, Size: 9, Puzzle: twoOnDiag, Fields: x}, "twice"},
		{"short", export.Record{Kind: Name, Size: 9, Puzzle: diag[:80], Fields: x}, "80 characters"},
		{"wrong box", export.Record{Kind: Name, Size: 9, Box: []int{9, 1}, Puzzle: diag, Fields: x}, "box"},
		{"jigsaw without regions", export.Record{Kind: Name, Size: 9, Puzzle: diag, Fields: &Fields{Variants: []string{"jigsaw"}}}, "regions"},
		{"samurai digit on unused", export.Record{Kind: Name, Size: 9, Puzzle: "1" + strings.Repeat(".", 440), Fields: &Fields{Variants: []string{"samurai"}}}, ""},
		{"samurai no hash", export.Record{Kind: Name, Size: 9, Puzzle: strings.Repeat(".", 441), Fields: &Fields{Variants: []string{"samurai"}}}, "unused"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Kind{}.Parse(&tc.rec)
			if tc.want == "" {
				if err == nil {
					t.Fatal("accepted")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %q", err, tc.want)
			}
		})
	}
}

// TestDedupeIsomorphs: a puzzle and its images under elements of the
// variant's group (rotations and reflections of the square, which every
// variant below keeps, plus a relabelling of the values) get one key;
// two different generated puzzles keep different keys.
func TestDedupeIsomorphs(t *testing.T) {
	for _, tc := range []struct {
		vs   []string
		size int
	}{{[]string{"x"}, 9}, {[]string{"windoku"}, 9}, {[]string{"anti-knight"}, 9}, {[]string{"non-consecutive"}, 6}, {[]string{"jigsaw"}, 9}, {[]string{"samurai"}, 9}, {[]string{"disjoint-groups"}, 6}} {
		vs := tc.vs
		t.Run(strings.Join(vs, ","), func(t *testing.T) {
			recs := run(t, variant.Spec{Size: tc.size, Variants: vs}, variant.Options{}, 2, nil)
			if recs[0].Canonical == recs[1].Canonical {
				t.Fatalf("two generated puzzles share a key")
			}
			rng := rand.New(rand.NewPCG(3, 4))
			for _, r := range recs {
				p, err := Kind{}.Parse(&r)
				if err != nil {
					t.Fatal(err)
				}
				pz := p.(*Puzzle)
				g := pz.Geometry
				rows, cols := g.Rows(), g.Cols()
				trs := []func(r, c int) (int, int){
					func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c }, // rot180
					func(r, c int) (int, int) { return r, cols - 1 - c },            // mirror
					func(r, c int) (int, int) { return rows - 1 - r, c },            // flip
				}
				if g.BoxRows == g.BoxCols { // square boxes (or none): transposition too
					trs = append(trs, func(r, c int) (int, int) { return c, r })
				}
				for _, tr := range trs {
					cells := make([]uint8, len(pz.Cells))
					regions := []byte(g.Regions)
					for i, v := range pz.Cells {
						r2, c2 := tr(i/cols, i%cols)
						cells[r2*cols+c2] = v
						if g.Regions != "" {
							regions[r2*cols+c2] = g.Regions[i]
						}
					}
					// relabel: reversal keeps non-consecutive; a random
					// permutation for the others.
					perm := rng.Perm(g.N())
					for i, v := range cells {
						if v == 0 {
							continue
						}
						if vs[0] == "non-consecutive" {
							cells[i] = uint8(g.N()) + 1 - v
						} else {
							cells[i] = uint8(perm[v-1] + 1)
						}
					}
					ng, err := Geometry(vs, tc.size, string(regions))
					if err != nil {
						t.Fatal(err)
					}
					key, err := canonical(ng, cells)
					if err != nil {
						t.Fatal(err)
					}
					if key != r.Canonical {
						t.Fatalf("isomorph keyed apart:\n%s\n%s", key, r.Canonical)
					}
				}
			}
		})
	}
}
