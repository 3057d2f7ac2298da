package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
)

// corpus writes n records: ratings, tiers, givens and techniques from a
// simple rule, so the expected summary can be worked out independently.
func corpus(n int) []byte {
	var b []byte
	yes := true
	for i := range n {
		r := export.Record{ID: fmt.Sprintf("s9-%07d", i), Kind: "sudoku", Size: 9, Box: []int{3, 3},
			Puzzle: strings.Repeat(".", 81), Givens: 20 + i%10, Minimal: &yes, Symmetry: []string{"none", "rot180"}[i%2],
			Techniques: map[string]int{"hidden-single": 10}, Level: "Easy", Score: 100, Seed: 1, Index: int64(i)}
		switch i % 4 {
		case 0, 1:
			r.Rating, r.Tier, r.Hardest = 1.2, "easy", "hidden-single"
		case 2:
			r.Rating, r.Tier, r.Hardest = 4.2, "hard", "xy-wing"
			r.Techniques["xy-wing"] = 1
		case 3:
			r.RatingAtLeast, r.Tier = 9.5, "beyond"
		}
		b = append(export.AppendJSON(b, &r), '\n')
	}
	return b
}

func TestReadCounts(t *testing.T) {
	in := string(corpus(400)) + "# a comment\n{broken\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" +
		`{"v":1,"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-last","optimal":1,"tier":"easy","seed":1,"index":0}` + "\n"
	s, err := Read(context.Background(), strings.NewReader(in), "c.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Records != 402 || s.Bad != 1 || !strings.Contains(s.BadLines[0], "c.jsonl:402:") {
		t.Fatalf("records %d bad %d %v", s.Records, s.Bad, s.BadLines)
	}
	if s.Kinds.Get("sudoku") != 401 || s.Kinds.Get("slide") != 1 || len(s.Groups) != 2 {
		t.Fatalf("kinds %v groups %d", s.Kinds.m, len(s.Groups))
	}
	g := s.Groups[0]
	if g.Label() != "sudoku 9x9" || g.Records != 401 || g.Rated != 300 || g.CutOff != 100 || g.Ungraded != 1 {
		t.Errorf("%s: records %d rated %d cut off %d ungraded %d", g.Label(), g.Records, g.Rated, g.CutOff, g.Ungraded)
	}
	if g.Tiers.Get("easy") != 200 || g.Tiers.Get("hard") != 100 || g.Tiers.Get("beyond") != 100 {
		t.Errorf("tiers %v", g.Tiers.m)
	}
	if got := strings.Join(g.TierOrder(), ","); got != "easy,hard,beyond" {
		t.Errorf("tier order %s", got)
	}
	if g.Rating.N[12] != 200 || g.Rating.N[42] != 100 || g.RatingAtLeast.N[95] != 100 {
		t.Errorf("rating histogram wrong")
	}
	if lo, hi := g.Rating.Range(); lo != 12 || hi != 42 || g.Rating.Quantile(0.5) != 12 || g.Rating.Quantile(0.9) != 42 {
		t.Errorf("rating range %d-%d", lo, hi)
	}
	// Givens: 20..29 each 40 times, plus the plain line's 17.
	if g.Givens.N[17] != 1 || g.Givens.N[25] != 40 || g.Givens.Count() != 401 {
		t.Errorf("givens histogram %v", g.Givens.N[15:31])
	}
	if g.Used.Get("hidden-single") != 400 || g.Used.Get("xy-wing") != 100 || g.Steps.Get("hidden-single") != 4000 || g.Hardest.Get("xy-wing") != 100 {
		t.Errorf("techniques used %v steps %v hardest %v", g.Used.m, g.Steps.m, g.Hardest.m)
	}
	if g.Symmetry.Get("none") != 200 || g.Minimal != 400 || g.Levels.Get("Easy") != 400 {
		t.Errorf("symmetry %v minimal %d levels %v", g.Symmetry.m, g.Minimal, g.Levels.m)
	}
	if len(g.Sample) != 300 {
		t.Errorf("sample of %d, want every rated record (300 < 2000)", len(g.Sample))
	}
	sl := s.Groups[1]
	if sl.Label() != "slide 3x3" || sl.Optimal.N[1] != 1 {
		t.Errorf("slide group %s", sl.Label())
	}
	// The JSON form holds the same counts.
	b, err := json.Marshal(s)
	if err != nil || !strings.Contains(string(b), `"tiers":{"beyond":100,"easy":200,"hard":100}`) {
		t.Errorf("json %v: %.300s", err, b)
	}
	var text bytes.Buffer
	WriteText(&text, s)
	for _, want := range []string{"c.jsonl: 402 records", "sudoku 9x9: 401 records", "easy 200 (49.9%), hard 100 (24.9%), beyond 100 (24.9%)", "min 1.2  p25 1.2  median 1.2", "slide 3x3: 1 record"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
}

// TestBounded: names past MaxNames are counted together and groups past
// MaxGroups are not described, so hostile input cannot grow memory.
func TestBounded(t *testing.T) {
	s := New("x", Options{MaxNames: 5, Sample: 3})
	for i := range 1000 {
		s.Add(&export.Record{Kind: "sudoku", Size: 9, Tier: fmt.Sprint("t", i), Rating: 2, Givens: 25, Techniques: map[string]int{fmt.Sprint("x", i): 1}})
		s.Add(&export.Record{Kind: fmt.Sprint("k", i), Size: i})
	}
	g := s.Groups[0]
	if g.Tiers.Len() != 5 || g.Tiers.Other != 995 || g.Used.Len() != 5 || len(g.tierRating) > 5 || len(g.Sample) != 3 {
		t.Errorf("tiers %d other %d used %d tier means %d sample %d", g.Tiers.Len(), g.Tiers.Other, g.Used.Len(), len(g.tierRating), len(g.Sample))
	}
	if len(s.Groups) != MaxGroups || s.OtherGroups != 2000-1000-MaxGroups+1 || s.Kinds.Len() != 5 {
		t.Errorf("groups %d, other %d, kinds %d", len(s.Groups), s.OtherGroups, s.Kinds.Len())
	}
}

// TestReservoirUniform: each record is in the sample with the same
// probability k/n (here 10 of 100, 2000 reproducible runs: expected 200
// per record; the bounds are 7 standard deviations).
func TestReservoirUniform(t *testing.T) {
	counts := make([]int, 100)
	for run := range 2000 {
		s := New("x", Options{Sample: 10, Seed: uint64(run)})
		for i := range 100 {
			s.Add(&export.Record{Kind: "sudoku", Size: 9, Rating: 2, Givens: i + 1})
		}
		for _, p := range s.Groups[0].Sample {
			counts[p.Givens-1]++
		}
	}
	for i, c := range counts {
		if c < 106 || c > 294 {
			t.Errorf("record %d sampled %d times of 2000, want about 200", i, c)
		}
	}
}

// TestHTML: one self-contained page: no script, nothing fetched, each
// plot well-formed SVG, one figure a plot.
func TestHTML(t *testing.T) {
	s, err := Read(context.Background(), bytes.NewReader(corpus(200)), `a<b>&"c".jsonl`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, s); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if strings.Contains(page, "<script") || regexp.MustCompile(`(src|href)=`).MatchString(page) || strings.Contains(page, "a<b>") {
		t.Error("the page loads something, runs a script or does not escape the name")
	}
	svgs := regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAllString(page, -1)
	if len(svgs) != 5 {
		t.Errorf("%d plots, want tiers, ratings, givens, scatter, techniques", len(svgs))
	}
	for _, svg := range svgs {
		d := xml.NewDecoder(strings.NewReader(svg))
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("plot is not well-formed: %v\n%.300s", err, svg)
			}
		}
	}
	for _, want := range []string{"Tiers", "Sudoku Explainer rating", "Givens", "Rating against givens", "Technique frequency", "Hidden Single (1.2)", "XY-Wing (4.2)"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func BenchmarkRead(b *testing.B) {
	data := corpus(20000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read(context.Background(), bytes.NewReader(data), "x", Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
