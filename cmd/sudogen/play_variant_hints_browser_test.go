package main

import (
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/playpage"
)

// playVariantHintTests: a player who asks for every hint to its last
// level and makes its move solves a variant puzzle (X, anti-knight,
// non-consecutive, jigsaw; windoku too with SUDOGEN_LONG=1; hard, so its path
// has stored steps beside the ones the page finds): every hint is true to
// the solution, the stored steps (the variant grader's, by its houses,
// sees and pair rule; locked candidates with a window or group, which the
// page does not cross) come up by their technique, and the puzzle ends
// solved, never "no further hint".
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
					for k, h := range hs {
						if h.Level != 3 || h.Kind != "step" {
							t.Fatalf("%s hint %d: %+v, want a step at level 3", r.ID, k+1, h)
						}
						checkHintTrue(t, h, *r)
						seen[h.Tech] = true
					}
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
