package export

import (
	"encoding/json"
	"math"
	"testing"
)

// encodeCases are records whose JSON exercises every field kind: empty
// and set optional fields, escapes, HTML characters, invalid UTF-8,
// U+2028, small and large floats.
func encodeCases() []Record {
	tr, fa := true, false
	n0, n52 := 0, 52
	return []Record{
		{},
		{ID: "s9-0000042", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: "..3.2.6..", Solution: "483921657", Givens: 32,
			Minimal: &tr, Symmetry: "none", Rating: 4.2, EP: 1.2, ED: 1.2, Tier: "hard", Hardest: "xy-wing",
			Techniques: map[string]int{"xy-wing": 1, "hidden-single": 31, "naked-pair": 2}, Level: "Hard", Score: 1204,
			Canonical: "..1", Seed: 1<<64 - 1, Index: 42},
		{ID: "slide4-1", Kind: "slide", Size: 4, Tiles: []int{1, 2, 0, -3}, Goal: "blank-last", Optimal: &n52, Moves: "blank",
			Solution: "RDLU", Length: &n0, LowerBound: &n52, Exact: &fa, Index: -7},
		{ID: "esc \"q\" \\ \n\r\t\b\f \x01 \x1f <a>&amp; \u2028 \u2029 \xff\xfe é 🧩", Kind: "k", Minimal: &fa,
			Rating: 1e-7, EP: 1e21, ED: -123456.789},
		{Rating: 0.1 + 0.2, EP: 5e-324, ED: math.MaxFloat64, Score: -1, Givens: -5},
	}
}

func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	for i, rec := range encodeCases() {
		want, err := json.Marshal(&rec)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendJSON(nil, &rec); string(got) != string(want) {
			t.Errorf("case %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

// FuzzAppendJSON: for any field values, AppendJSON writes what
// encoding/json writes.
func FuzzAppendJSON(f *testing.F) {
	for _, r := range encodeCases() {
		f.Add(r.ID, r.Puzzle, r.Tier, r.Rating, r.EP, r.Size, int64(r.Seed), r.Index)
	}
	f.Fuzz(func(t *testing.T, id, puzzle, tier string, rating, ep float64, size int, seed, index int64) {
		if math.IsNaN(rating) || math.IsInf(rating, 0) || math.IsNaN(ep) || math.IsInf(ep, 0) {
			return // JSON has no such numbers; AppendJSON writes null
		}
		rec := Record{ID: id, Kind: tier, Size: size, Puzzle: puzzle, Tier: tier, Rating: rating, EP: ep,
			Techniques: map[string]int{id: size, tier: 1}, Seed: uint64(seed), Index: index, Box: []int{size}}
		want, err := json.Marshal(&rec)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendJSON(nil, &rec); string(got) != string(want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
}

func BenchmarkAppendJSON(b *testing.B) {
	rec := encodeCases()[1]
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendJSON(buf[:0], &rec)
	}
}
