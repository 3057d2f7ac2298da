package export

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"unicode/utf8"
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
		{ID: "slide4-1", Kind: "slide", Size: 4, Tiles: []int{1, 2, 0, -3}, Goal: "blank-last", Optimal: &n52, MovePiece: "blank",
			Solution: "RDLU", Length: &n0, LowerBound: &n52, Exact: &fa, Index: -7},
		{ID: "esc \"q\" \\ \n\r\t\b\f \x01 \x1f <a>&amp; \u2028 \u2029 \xff\xfe é 🧩", Kind: "k", Minimal: &fa,
			Rating: 1e-7, EP: 1e21, ED: -123456.789},
		{Rating: 0.1 + 0.2, EP: 5e-324, ED: math.MaxFloat64, Score: -1, Givens: -5},
	}
}

// refFloat is a rating as the format writes it: encoding/json's number,
// with ".0" after a whole one.
type refFloat float64

func (f refFloat) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(float64(f))
	if err == nil && !bytes.ContainsAny(b, ".eE") {
		b = append(b, ".0"...)
	}
	return b, err
}

// refRecord is the record format spelt out for encoding/json: the
// reference AppendJSON is checked against.
type refRecord struct {
	V             int            `json:"v"`
	ID            string         `json:"id,omitempty"`
	Kind          string         `json:"kind"`
	Size          int            `json:"size"`
	Box           []int          `json:"box,omitempty"`
	Puzzle        string         `json:"puzzle,omitempty"`
	Solution      string         `json:"solution,omitempty"`
	Givens        int            `json:"givens,omitempty"`
	Minimal       *bool          `json:"minimal,omitempty"`
	Symmetry      string         `json:"symmetry,omitempty"`
	Rating        refFloat       `json:"rating,omitempty"`
	RatingAtLeast refFloat       `json:"rating_at_least,omitempty"`
	EP            refFloat       `json:"ep,omitempty"`
	ED            refFloat       `json:"ed,omitempty"`
	Tier          string         `json:"tier,omitempty"`
	Hardest       string         `json:"hardest,omitempty"`
	Techniques    map[string]int `json:"techniques,omitempty"`
	Level         string         `json:"level,omitempty"`
	Score         int            `json:"score,omitempty"`
	Tiles         []int          `json:"tiles,omitempty"`
	Goal          string         `json:"goal,omitempty"`
	Optimal       *int           `json:"optimal,omitempty"`
	MovePiece     string         `json:"move_piece,omitempty"`
	Length        *int           `json:"length,omitempty"`
	LowerBound    *int           `json:"lower_bound,omitempty"`
	Exact         *bool          `json:"exact,omitempty"`
	Canonical     string         `json:"canonical,omitempty"`
	Seed          *uint64        `json:"seed,omitempty"`
	Index         *int64         `json:"index,omitempty"`
}

func refJSON(t testing.TB, r *Record) []byte {
	ref := refRecord{FormatVersion, r.ID, r.Kind, r.Size, r.Box, r.Puzzle, r.Solution, r.Givens, r.Minimal, r.Symmetry,
		refFloat(r.Rating), refFloat(r.RatingAtLeast), refFloat(r.EP), refFloat(r.ED), r.Tier, r.Hardest, r.Techniques, r.Level, r.Score,
		r.Tiles, r.Goal, r.Optimal, r.MovePiece, r.Length, r.LowerBound, r.Exact, r.Canonical, nil, nil}
	if !r.Unseeded && r.Seed <= MaxSeed && r.Index >= 0 && r.Index <= MaxSeed {
		ref.Seed, ref.Index = &r.Seed, &r.Index
	}
	b, err := json.Marshal(&ref)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	for i, rec := range encodeCases() {
		want := refJSON(t, &rec)
		if got := AppendJSON(nil, &rec); string(got) != string(want) {
			t.Errorf("case %d:\n got %s\nwant %s", i, got, want)
		}
		if got, err := json.Marshal(rec); err != nil || string(got) != string(want) {
			t.Errorf("case %d: json.Marshal (MarshalJSON) %s, %v\nwant %s", i, got, err, want)
		}
	}
}

// TestAppendJSONGolden pins the bytes of the documented example records
// (docs/records.md): "v" first, ratings as floats, no seed when unseeded.
func TestAppendJSONGolden(t *testing.T) {
	yes := true
	opt := 1
	cases := []struct {
		rec  Record
		want string
	}{
		{Record{ID: "s9-0000001", Kind: "sudoku", Size: 9, Box: []int{3, 3}, Puzzle: "1.", Givens: 1, Minimal: &yes, Symmetry: "none",
			Rating: 2, EP: 1.2, ED: 20, Tier: "easy", Hardest: "x", Techniques: map[string]int{"x": 1}, Level: "Easy", Score: 4, Canonical: "1.", Seed: 1, Index: 1},
			`{"v":1,"id":"s9-0000001","kind":"sudoku","size":9,"box":[3,3],"puzzle":"1.","givens":1,"minimal":true,"symmetry":"none","rating":2.0,"ep":1.2,"ed":20.0,"tier":"easy","hardest":"x","techniques":{"x":1},"level":"Easy","score":4,"canonical":"1.","seed":1,"index":1}`},
		{Record{ID: "slide3-0000000", Kind: "slide", Size: 3, Tiles: []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, Goal: "blank-last", Optimal: &opt, Solution: "R", MovePiece: "blank", Tier: "easy", Seed: MaxSeed},
			`{"v":1,"id":"slide3-0000000","kind":"slide","size":3,"solution":"R","tier":"easy","tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-last","optimal":1,"move_piece":"blank","seed":9007199254740991,"index":0}`},
		{Record{Kind: "sudoku", Size: 4, Puzzle: "1...", RatingAtLeast: 10, Unseeded: true},
			`{"v":1,"kind":"sudoku","size":4,"puzzle":"1...","rating_at_least":10.0}`},
	}
	for _, c := range cases {
		if got := AppendJSON(nil, &c.rec); string(got) != c.want {
			t.Errorf("\n got %s\nwant %s", got, c.want)
		}
	}
}

// FuzzAppendJSON: for any field values, AppendJSON writes what the
// reference encoding writes, and it reads back as the same record.
func FuzzAppendJSON(f *testing.F) {
	for _, r := range encodeCases() {
		f.Add(r.ID, r.Puzzle, r.Tier, r.Rating, r.EP, r.Size, int64(r.Seed), r.Index)
	}
	f.Fuzz(func(t *testing.T, id, puzzle, tier string, rating, ep float64, size int, seed, index int64) {
		if math.IsNaN(rating) || math.IsInf(rating, 0) || math.IsNaN(ep) || math.IsInf(ep, 0) {
			return // JSON has no such numbers; AppendJSON writes null
		}
		rec := Record{ID: id, Kind: tier, Size: size, Puzzle: puzzle, Tier: tier, Rating: rating, EP: ep,
			Techniques: map[string]int{id: size, tier: 1}, Seed: uint64(seed), Index: index, Box: []int{size}, Unseeded: seed == 7}
		want := refJSON(t, &rec)
		got := AppendJSON(nil, &rec)
		if string(got) != string(want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
		if !utf8.ValidString(id) || !utf8.ValidString(puzzle) || !utf8.ValidString(tier) {
			return // written as \ufffd: reads back different, as with encoding/json
		}
		var back Record
		if err := DecodeRecord(got, &back); err != nil {
			t.Fatal(err)
		}
		rec.Version = FormatVersion
		if rec.Seed > MaxSeed || rec.Index < 0 || rec.Index > MaxSeed {
			rec.Unseeded = true // format 1 cannot hold them: left out
		}
		if rec.Unseeded {
			rec.Seed, rec.Index = 0, 0
		}
		if !reflect.DeepEqual(back, rec) {
			t.Fatalf("read back\n got %+v\nwant %+v", back, rec)
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
