package main

// The play page names a killer's own techniques in the player's
// language and explains them in its glossary (they stayed English, with
// no glossary entry, until 2026-12-07).

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/sudoku"
)

// playKillerTechniqueNames plays a French page of a 6x6 killer whose
// grader starts with a killer technique: the hint's title at level 2 is
// the technique's French name, and the glossary lists the killer
// techniques in French among the classic ones by rating (the last cell of
// a cage between the full house and the hidden single). A classic page's
// glossary lists no killer technique.
func playKillerTechniqueNames(t *testing.T, b *playBrowser) {
	fr := i18n.Get("fr")
	var pz *killer.Puzzle
	var sol []int8
	var first killer.Step
	for seed := uint64(1); pz == nil; seed++ {
		if seed > 50 {
			t.Fatal("no 6x6 killer of seeds 1-50 starts with a killer technique")
		}
		p, s, _, err := killer.Generate(rand.New(rand.NewPCG(seed, 7)), killer.Options{Shape: sudoku.Shape6})
		if err != nil {
			t.Fatal(err)
		}
		st := killer.Grade(p).Steps
		if len(st) > 0 && fr.Has("killer_techniques."+st[0].Technique+".name") {
			pz, sol, first = p, s, st[0]
		}
	}
	r, _ := killerRecord(t, pz, sol, "killer-fr")
	o, err := playOptions("", "fr") // as export --format html --lang fr sets them
	if err != nil {
		t.Fatal(err)
	}
	page := writePlayPage(t, "killer-fr.html", []*export.Record{r}, o)
	p := b.tab(t)
	p.open(page, "#play="+r.ID)
	if h := p.hint(2); h.Title != fr.Text("killer_techniques."+first.Technique+".name") {
		t.Errorf("hint level 2 is titled %q, want the French name of %s, %q", h.Title, first.Technique, fr.Text("killer_techniques."+first.Technique+".name"))
	}
	glossary := func(page string) []string {
		p := b.tab(t)
		p.open(page, "#glossary")
		return eval[[]string](p, `[...document.querySelectorAll('#glossary dl.terms:last-of-type dt')].map(e => e.textContent)`)
	}
	got := glossary(page)
	want := []string{fr.Text("techniques.full-house.name"), fr.Text("killer_techniques.cage-single.name"), fr.Text("techniques.hidden-single.name"), fr.Text("killer_techniques.cage-combination.name")}
	if len(got) < 4 || !slices.Equal(got[:4], want) {
		t.Errorf("the glossary starts %q, want %q", got, want)
	}
	for _, n := range []string{"killer_techniques.cage-splitting.name", "killer_techniques.killer-pair.name"} {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, fr.Text(n)) }) {
			t.Errorf("the glossary %q lacks %q", got, fr.Text(n))
		}
	}
	classic := writePlayPage(t, "classic-fr.html", []*export.Record{leadBatchRecord(t, "--count", "1", "--seed", "3")}, o)
	for _, s := range glossary(classic) {
		if s == fr.Text("killer_techniques.cage-single.name") {
			t.Errorf("a classic page's glossary lists %q", s)
		}
	}
}
