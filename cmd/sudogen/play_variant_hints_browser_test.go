package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/playpage"
	"github.com/sudogen/sudogen/variantkind"
)

// playVariantHintTests: a player who asks for every hint to its last
// level and makes its move solves a variant puzzle (X, anti-knight,
// non-consecutive, jigsaw; windoku too with SUDOGEN_LONG=1; hard, so its path
// has stored steps beside the ones the page finds): every hint is true to
// the solution, the stored steps (the variant grader's, by its houses,
// sees and pair rule; locked candidates with a window or group, which the
// page does not cross) come up by their technique, and the puzzle ends
// solved, never "no further hint". Every single's level 2 is checked
// against the board's rules (whyBoard.check): it names only reasons the
// board has, and what it outlines rules out each other place for a
// reason it names; the variant's own rule comes up among them.
func playVariantHintTests(t *testing.T, b *playBrowser) {
	t.Run("variant hints to the end", func(t *testing.T) {
		t.Parallel()
		var recs []*export.Record
		// windoku's windows are extra houses as X's diagonals are, the
		// same path through the page's finders: its puzzle (83 hints,
		// about 9 CPU-s of chromium) is played with SUDOGEN_LONG=1
		variants := []string{"x", "anti-knight", "non-consecutive", "jigsaw"}
		if os.Getenv("SUDOGEN_LONG") != "" {
			variants = append(variants, "windoku")
		}
		for _, v := range variants {
			code, out, errOut := runCLI(t, "", "batch", "--variant", v, "--tier", "hard", "--count", "1", "--seed", "5", "--progress", "never", "-q", "-o", "-")
			if code != 0 {
				t.Fatalf("batch --variant %s: exit %d: %s", v, code, errOut)
			}
			var r export.Record
			if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &r); err != nil {
				t.Fatal(err)
			}
			recs = append(recs, &r)
		}
		page := writePlayPage(t, "variants.html", recs, export.HTMLOptions{Hints: playHints})
		en, err := i18n.Lookup("en")
		if err != nil {
			t.Fatal(err)
		}
		// Each puzzle is played in a tab of its own, in parallel (the
		// group returns when all are done); the stored techniques seen
		// are counted over them all.
		var mu sync.Mutex
		storedSeen := 0
		t.Run("group", func(t *testing.T) {
			for _, r := range recs {
				t.Run(r.ID, func(t *testing.T) {
					t.Parallel()
					kp, err := export.KindOf(r.Kind)
					if !err {
						t.Fatalf("kind %s not registered", r.Kind)
					}
					h, herr := kp.Hints(r)
					if herr != nil || !h.Solved || len(h.Steps) == 0 {
						t.Fatalf("%s: hints %+v, %v: want a solved path with stored steps", r.ID, h, herr)
					}
					want := map[string]bool{}
					for _, s := range h.Steps {
						want[s.Tech] = true
					}
					p := b.tab(t)
					p.open(page, "#play="+r.ID)
					// The puzzle's line names it by its variant, as the book's
					// section does (the name its rule sentence starts with).
					v := strings.TrimSuffix(r.ID, r.ID[strings.LastIndex(r.ID[:strings.LastIndex(r.ID, "-")], "-"):])
					wantName := export.RuleName(en.Text("book.variant.rule."+strings.ReplaceAll(v, "-", "_"))) + " 9×9"
					if sub := p.text("#play-sub"); !strings.HasPrefix(sub, wantName) {
						t.Errorf("%s: the puzzle's line reads %q, want it to start %q", r.ID, sub, wantName)
					}
					seen := map[string]bool{}
					hs := p.hintsToEnd(400, strings.Count(r.Puzzle, "."))
					board := newWhyBoard(t, r)
					named := map[string]int{}
					for k, h := range hs {
						if h.Level != 3 || h.Kind != "step" {
							t.Fatalf("%s hint %d: %+v, want a step at level 3", r.ID, k+1, h)
						}
						checkHintTrue(t, h, *r)
						for w := range board.check(t, h) {
							named[w]++
						}
						board.play(h)
						seen[h.Tech] = true
					}
					// the singles whose reason is the variant's own rule came
					// up and said so (the classic words named only the row,
					// column and box, and outlined no side neighbour)
					rule := map[string]string{"anti-knight": "knight", "non-consecutive": "nc", "jigsaw": "region", "x": "diagonal", "windoku": "window"}[v]
					if named[rule] == 0 {
						t.Errorf("%s: no single's words named %q (named: %v)", r.ID, rule, named)
					}
					t.Logf("%s: the singles' words named %v", r.ID, named)
					n := len(hs)
					p.waitSolved()
					// The page's own steps may take another way than the
					// grader's path (its scan crosses a jigsaw's regions in its
					// own order), so not every stored step need come up; those
					// of a technique the page never finds itself that did are
					// counted.
					for tech := range want {
						if seen[tech] && !playpage.FindsItself(tech) {
							mu.Lock()
							storedSeen++
							mu.Unlock()
						}
					}
					if strings.HasPrefix(r.ID, "non-consecutive") && !seen["nc-forcing-cell"] && !seen["locked-nc"] {
						t.Errorf("%s: no non-consecutive technique came up (seen %v, stored %v)", r.ID, seen, want)
					}
					t.Logf("%s: solved by %d hints; stored techniques %v, seen %v", r.ID, n, want, seen)
					p.shot("solved-" + r.ID)
				})
			}
		})
		if storedSeen < len(recs) {
			t.Errorf("%d stored techniques came up as hints in %d puzzles: the stored paths are hardly used", storedSeen, len(recs))
		}
	})
}

// whyBoard is a variant board as the rules say (the variant's geometry:
// its houses by kind, its knight's or king's move pairs, the
// non-consecutive rule) and the position of a player who follows the
// hints: the digits placed and the candidates earlier hints removed. It
// checks a single's words and outline (level 2) against it.
type whyBoard struct {
	n, w   int
	houses [][]int
	kinds  []string // the page's names: row, column, box, region, diagonal, window, group, extra
	sees   map[[2]int]string
	nc     bool
	vals   []int
	known  map[int]bool // cell*32+digit removed by an earlier hint
	has    map[string]bool
}

func newWhyBoard(t *testing.T, r *export.Record) *whyBoard {
	t.Helper()
	f := variantkind.FieldsOf(r)
	g, err := variantkind.Geometry(f.Variants, r.Size, f.Regions)
	if err != nil {
		t.Fatal(err)
	}
	d := g.Data()
	b := &whyBoard{n: g.N(), w: g.Cols(), houses: d.Houses, sees: map[[2]int]string{}, known: map[int]bool{}, has: map[string]bool{"hint": true}}
	for _, k := range d.HouseKinds {
		name := map[string]string{"row": "row", "column": "column", "box": "box", "region": "region", "diagonal": "diagonal", "window": "window", "hidden-window": "window", "disjoint-group": "group"}[k]
		if name == "" {
			name = "extra"
		}
		b.kinds = append(b.kinds, name)
		b.has[name] = true
	}
	for _, p := range d.Sees {
		dr, dc := abs(p[0]/b.w-p[1]/b.w), abs(p[0]%b.w-p[1]%b.w)
		move := "king"
		if dr+dc == 3 && dr > 0 && dc > 0 {
			move = "knight"
		}
		b.sees[[2]int{p[0], p[1]}], b.sees[[2]int{p[1], p[0]}] = move, move
		b.has[move] = true
	}
	b.nc = slices.Contains(f.Variants, "non-consecutive")
	b.has["nc"] = b.nc
	for i := range r.Puzzle {
		b.vals = append(b.vals, symbolOf(r.Puzzle[i]))
	}
	return b
}

func abs(x int) int { return max(x, -x) }

// whyPlace is a digit a single rules out of a cell.
type whyPlace struct{ cell, digit int }

// reasons are the rules by which digit v in cell k rules digit e out of
// cell j: the kinds of the houses they share, a knight's or king's move
// (both when v == e), a side neighbour one above or below (nc).
func (b *whyBoard) reasons(j, e, k int) []string {
	var out []string
	if v := b.vals[k]; v == e {
		for u, cells := range b.houses {
			if slices.Contains(cells, j) && slices.Contains(cells, k) {
				out = append(out, b.kinds[u])
			}
		}
		if m := b.sees[[2]int{j, k}]; m != "" {
			out = append(out, m)
		}
	} else if b.nc && abs(v-e) == 1 && abs(j/b.w-k/b.w)+abs(j%b.w-k%b.w) == 1 {
		out = append(out, "nc")
	}
	return out
}

// whyWords are the reasons an English single's words name, by the words
// they use once the houses' and cells' names ("box 8", "row 2, column
// 4") are taken out.
var (
	whyHouse = regexp.MustCompile(`^In (row|column|box|region|diagonal|window|group|extra house) (\d+),`)
	whyNames = regexp.MustCompile(`(row|column|box|region|diagonal|window|group|extra house) \d+`)
	whyWords = []struct {
		re   *regexp.Regexp
		name string
	}{
		{regexp.MustCompile(`\brow\b`), "row"}, {regexp.MustCompile(`\bcolumn\b`), "column"},
		{regexp.MustCompile(`\bbox\b`), "box"}, {regexp.MustCompile(`\bregion\b`), "region"},
		{regexp.MustCompile(`\bdiagonal\b`), "diagonal"}, {regexp.MustCompile(`\bwindow\b`), "window"},
		{regexp.MustCompile(`\bgroup\b`), "group"}, {regexp.MustCompile(`\bextra house\b`), "extra"},
		{regexp.MustCompile(`knight’s move`), "knight"}, {regexp.MustCompile(`king’s move`), "king"},
		{regexp.MustCompile(`\bcage\b`), "cage"}, {regexp.MustCompile(`beside it|neighbor`), "nc"},
		{regexp.MustCompile(`earlier hint`), "hint"},
	}
)

// check checks a hidden or naked single's level 2 against the rules: the
// reasons its words name are rules the board has; each place it rules
// out (for a hidden single, the digit from each other empty cell of its
// house; for a naked single, each other digit from its cell) is ruled
// out by an outlined digit by a reason the words name, or was removed by
// an earlier hint when the words say so; and each outlined digit rules
// out one of them by a reason the words name. It returns the reasons
// named.
func (b *whyBoard) check(t *testing.T, h hintState) map[string]bool {
	t.Helper()
	if h.Tech != "hidden-single" && h.Tech != "naked-single" {
		return nil
	}
	named := map[string]bool{}
	rest := whyNames.ReplaceAllString(h.Why, "")
	for _, w := range whyWords {
		if w.re.MatchString(rest) {
			named[w.name] = true
		}
	}
	for w := range named {
		if !b.has[w] {
			t.Errorf("%s at cell %d: %q names %s, a rule this board does not have", h.Tech, h.Cell, h.Why, w)
		}
	}
	var places []whyPlace
	if h.Tech == "naked-single" {
		for e := 1; e <= b.n; e++ {
			if e != h.Digit {
				places = append(places, whyPlace{h.Cell, e})
			}
		}
	} else {
		// the house its words name ("In box 8, ..."): the n-th of its kind
		m := whyHouse.FindStringSubmatch(h.Why)
		if m == nil {
			t.Errorf("hidden single at cell %d: %q names no house", h.Cell, h.Why)
			return named
		}
		kind, n := strings.Replace(m[1], "extra house", "extra", 1), 0
		for u, cells := range b.houses {
			if b.kinds[u] != kind {
				continue
			}
			if n++; fmt.Sprint(n) != m[2] {
				continue
			}
			if !slices.Contains(cells, h.Cell) {
				t.Errorf("hidden single at cell %d: %q names a house without the cell", h.Cell, h.Why)
			}
			for _, j := range cells {
				if j != h.Cell && b.vals[j] == 0 {
					places = append(places, whyPlace{j, h.Digit})
				}
			}
		}
	}
	if len(places) == 0 {
		t.Errorf("%s at cell %d: %q rules out no place", h.Tech, h.Cell, h.Why)
	}
	if !b.covered(places, h.WhyCells, named) {
		t.Errorf("%s at cell %d: %q with %v outlined leaves a place it rules out without a reason it names", h.Tech, h.Cell, h.Why, h.WhyCells)
	}
	for _, k := range h.WhyCells {
		used := false
		for _, pl := range places {
			for _, w := range b.reasons(pl.cell, pl.digit, k) {
				used = used || named[w]
			}
		}
		if !used {
			t.Errorf("%s at cell %d: %q outlines cell %d, which rules out none of its places by a reason it names", h.Tech, h.Cell, h.Why, k)
		}
	}
	return named
}

// covered says whether each place is ruled out by an outlined digit by
// a named reason, or by an earlier hint's elimination when "hint" is
// named.
func (b *whyBoard) covered(places []whyPlace, outlined []int, named map[string]bool) bool {
	for _, pl := range places {
		ok := named["hint"] && b.known[pl.cell*32+pl.digit]
		for _, k := range outlined {
			for _, w := range b.reasons(pl.cell, pl.digit, k) {
				ok = ok || named[w]
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// play makes a hint's move on the board: its digit placed, its
// eliminations known.
func (b *whyBoard) play(h hintState) {
	if h.Cell >= 0 && h.Digit > 0 {
		b.vals[h.Cell] = h.Digit
	}
	for _, c := range h.Elims {
		b.known[c] = true
	}
}
