package export

import (
	"bytes"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/slide"
	"github.com/sudogen/sudogen/sudoku"
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
		Solution: string(sol), MovePiece: "blank", Tier: tier}
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

// squash collapses runs of white space, so phrases wrapped across lines
// by the page layout still match.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestPDFSlideRules: the how-to-play page speaks of the kinds the book
// holds (a slide book does not mention Sudoku or its rating), and boards
// graded by a bounded search say "at most" on the page and in the key,
// never "fewest possible".
func TestPDFSlideRules(t *testing.T) {
	needTool(t, "pdftotext")
	exact := slideRec(t, 4, "ULULDRUL", "easy", true)
	bounded := slideRec(t, 5, "UULLUULDRURDDLDRUULLDDRR", "", false) // 24 moves, at least 22
	sudokus := makeRecords(t, sudoku.Shape9, 2)
	tests := []struct {
		name      string
		recs      []*Record
		want, not []string
		title     string
	}{
		{"exact slide", []*Record{exact},
			[]string{"Sliding puzzle", "goal picture", "fewest moves that solve it", "tiles to slide", "Goal, 4×4"},
			[]string{"Sudoku", "rating", "at most"}, "Sliding Puzzles"},
		{"bounded slide", []*Record{exact, bounded},
			[]string{"Sliding puzzle", "fewest moves that solve it", "“at most N moves (at least B)”", "may not be the shortest", "Goal, 4×4 Goal, 5×5"},
			[]string{"Sudoku", "rating"}, "Sliding Puzzles"},
		{"only bounded", []*Record{bounded},
			[]string{"Sliding puzzle", "bounded search"},
			[]string{"Sudoku", "fewest moves that solve it", "fewest possible"}, "Sliding Puzzles"},
		{"mixed", append([]*Record{exact}, sudokus...),
			[]string{"Sliding puzzle", "Sudoku: fill every empty cell", "Sudoku Explainer", "Goal, 4×4"},
			nil, "Sudoku and Sliding Puzzles"},
		{"sudoku", sudokus,
			[]string{"Sudoku: fill every empty cell", "Sudoku Explainer"},
			[]string{"Sliding", "Goal", "moves"}, "Sudoku"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".pdf")
			if _, err := WritePDFFiles(path, tc.recs, DefaultBookOptions()); err != nil {
				t.Fatal(err)
			}
			pages := pdfPages(t, path)
			// No title in the options: the book is named by its kinds.
			if got := squash(pages[0]); !strings.HasPrefix(got, tc.title+" ") {
				t.Errorf("title page %q, want title %q", got, tc.title)
			}
			rules := squash(pages[3])
			for _, w := range tc.want {
				if !strings.Contains(rules, w) {
					t.Errorf("rules page lacks %q:\n%s", w, rules)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(rules, n) {
					t.Errorf("rules page says %q:\n%s", n, rules)
				}
			}
			if len(tc.recs) == 1 && !strings.Contains(pages[2], "(1 sliding puzzle)") {
				t.Errorf("contents page: want \"(1 sliding puzzle)\":\n%s", pages[2])
			}
			all := squash(strings.Join(pages[4:], " "))
			for _, r := range tc.recs {
				if r != bounded {
					continue
				}
				for _, w := range []string{"at most 24 moves (at least 22)", "Found in 24 moves, at least 22"} {
					if !strings.Contains(all, w) {
						t.Errorf("bounded board: book lacks %q", w)
					}
				}
				if strings.Count(all, "fewest possible") != len(tc.recs)-1 {
					t.Errorf("%d boards say \"fewest possible\", want %d", strings.Count(all, "fewest possible"), len(tc.recs)-1)
				}
			}
		})
	}
}

// TestPDFSlideLargePrint: large print allows what the tiles really get
// (5x5 boards at 2 per page: tile numbers of 16 pt or more, measured with
// pdftotext -bbox) and refuses what they do not, naming the board.
func TestPDFSlideLargePrint(t *testing.T) {
	needTool(t, "pdftotext")
	recs := []*Record{
		slideRec(t, 5, "UULLUULDRURDDLDRUULLDDRR", "", false),
		slideRec(t, 5, "ULULDRUL", "", true),
		slideRec(t, 4, "LLLUURRDLURDRULLDD", "", true),
	}
	o := DefaultBookOptions()
	o.LargePrint, o.Page = true, "8.5x11"
	o.PerPage = 6
	err := WritePDF(&bytes.Buffer{}, recs, o)
	if err == nil || !strings.Contains(err.Error(), "5x5 slide board at 6 per page") {
		t.Fatalf("6 per page: %v, want a refusal naming the 5x5 slide board", err)
	}
	o.PerPage = 2
	path := filepath.Join(t.TempDir(), "lp.pdf")
	if _, err := WritePDFFiles(path, recs, o); err != nil {
		t.Fatal(err)
	}
	first := planTest(t, recs, o).firstPuzzlePage() // after the how-to pages
	out := run(t, "pdftotext", "-f", strconv.Itoa(first), "-l", strconv.Itoa(first+1), "-bbox", path, "-")
	re := regexp.MustCompile(`yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([0-9]+)</word>`)
	n := 0
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		y0, _ := strconv.ParseFloat(m[1], 64)
		y1, _ := strconv.ParseFloat(m[2], 64)
		if y0 > 740 { // the page number
			continue
		}
		v, _ := strconv.Atoi(m[3])
		if y1-y0 < 12 || v > 24 { // the goal picture's small tiles; move counts in captions
			continue
		}
		if y1-y0 < 16 {
			t.Errorf("tile %s is %.1f pt high", m[3], y1-y0)
		}
		n++
	}
	if n < 24+24+15 {
		t.Fatalf("found %d tile numbers on pages %d-%d, want at least %d", n, first, first+1, 24+24+15)
	}
}

// TestPDFSlideLabelUnderBoard: the first board of a section sits left of
// its goal picture; its label (number at the left, id at the right) spans
// the board, centered under it like the caption, not under the slot.
func TestPDFSlideLabelUnderBoard(t *testing.T) {
	needTool(t, "pdftotext")
	r := slideRec(t, 4, "LLLUURRDLURDRULLDD", "easy", true) // 18 moves: no tile is 18
	o := DefaultBookOptions()
	o.PerPage, o.IDs = 1, true
	path := filepath.Join(t.TempDir(), "one.pdf")
	if _, err := WritePDFFiles(path, []*Record{r}, o); err != nil {
		t.Fatal(err)
	}
	out := run(t, "pdftotext", "-f", "5", "-l", "5", "-bbox", path, "-")
	re := regexp.MustCompile(`xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)</word>`)
	type word struct{ x0, x1, y1 float64 }
	words := map[string][]word{}
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		x0, _ := strconv.ParseFloat(m[1], 64)
		x1, _ := strconv.ParseFloat(m[2], 64)
		y1, _ := strconv.ParseFloat(m[3], 64)
		words[m[4]] = append(words[m[4]], word{x0, x1, y1})
	}
	one := func(s string) word {
		if len(words[s]) != 1 {
			t.Fatalf("word %q found %d times on page 5:\n%s", s, len(words[s]), out)
		}
		return words[s][0]
	}
	id, cap0, cap1 := one(r.ID), one("18"), one("possible)")
	// The label's number: the "1" on the id's line (the bottoms of their
	// boxes differ by the descents of 16 pt and 6.5 pt text).
	num := word{x0: -1}
	for _, w := range words["1"] {
		if math.Abs(w.y1-id.y1) < 4 {
			num = w
		}
	}
	if num.x0 < 0 {
		t.Fatalf("no puzzle number beside the id:\n%s", out)
	}
	caption, label := (cap0.x0+cap1.x1)/2, (num.x0+id.x1)/2
	if math.Abs(caption-label) > 2 {
		t.Errorf("caption centered at x=%.1f, label at x=%.1f", caption, label)
	}
}
