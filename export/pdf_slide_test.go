package export

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/slide"
)

// slideRec builds a slide record by scrambling the goal with walk; the
// solution undoes the walk (reversed, each move inverted).
func slideRec(t *testing.T, w int, walk, tier string, optimal bool) *Record {
	t.Helper()
	b, err := slide.Goal(w).Apply(walk)
	if err != nil {
		t.Fatal(err)
	}
	sol := make([]byte, len(walk))
	for i := range walk {
		sol[len(walk)-1-i] = byte(slide.Move(walk[i]).Inverse())
	}
	r := &Record{ID: "slide-" + walk, Kind: "slide", Size: w, Tiles: b.Ints(), Goal: "blank-last",
		Solution: string(sol), Moves: "blank", Tier: tier}
	n := len(walk)
	if optimal {
		r.Optimal = &n
	} else {
		lb, ex := n-2, false
		r.Length, r.LowerBound, r.Exact = &n, &lb, &ex
	}
	return r
}

func TestPDFSlide(t *testing.T) {
	recs := []*Record{
		slideRec(t, 4, "ULULDRUL", "easy", true),
		slideRec(t, 4, "LLLUURRDLURDRULLDD", "easy", true),
		slideRec(t, 3, "UULLDRDRUULDLURDDR", "hard", true),
		slideRec(t, 5, strings.Repeat("ULDR", 1)+"UULLUULDRURDDLDRUULLDDRR", "", false),
		slideRec(t, 4, strings.Repeat("ULURDLDR", 8), "expert", true),
	}
	for _, per := range []int{1, 4, 6} {
		o := DefaultBookOptions()
		o.PerPage = per
		o.Title = "Sliding puzzles"
		var buf bytes.Buffer
		if err := WritePDF(&buf, recs, o); err != nil {
			t.Fatalf("per-page %d: %v", per, err)
		}
		if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) || buf.Len() < 2000 {
			t.Fatalf("per-page %d: not a PDF (%d bytes)", per, buf.Len())
		}
	}
}

func TestPDFSlideBadRecords(t *testing.T) {
	good := slideRec(t, 4, "ULUL", "", true)
	tests := []struct {
		name string
		edit func(r *Record)
		want string
	}{
		{"unsolvable", func(r *Record) { r.Tiles[0], r.Tiles[1] = r.Tiles[1], r.Tiles[0] }, "unsolvable"},
		{"repeated tile", func(r *Record) { r.Tiles[0] = r.Tiles[1] }, "repeated tile"},
		{"wrong count", func(r *Record) { r.Tiles = r.Tiles[:15] }, "wrong tile count"},
		{"bad solution", func(r *Record) { r.Solution = "DR" }, "does not reach the goal"},
		{"off board", func(r *Record) { r.Solution = "RRRRR" }, "leaves the board"},
		{"no solution", func(r *Record) { r.Solution = "" }, "no solution for the answer key"},
		{"size 6", func(r *Record) { r.Size = 6 }, "size 6 not supported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := *good
			r.Tiles = append([]int(nil), good.Tiles...)
			tc.edit(&r)
			var buf bytes.Buffer
			err := WritePDF(&buf, []*Record{&r}, DefaultBookOptions())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
}
