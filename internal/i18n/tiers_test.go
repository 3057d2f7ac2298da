package i18n_test

import (
	"slices"
	"sort"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/tiers"
	"github.com/sudogen/sudogen/killer"
	"github.com/sudogen/sudogen/kind"
	_ "github.com/sudogen/sudogen/variantkind" // registers the variant kind
)

// TestEveryTierTranslated walks every tier name the code can write into
// a record (each registered kind's tiers at every board size the slide
// tables know, the killer table, the sudoku table of configs/tiers.yaml,
// the slide tables read from it, and "beyond") and fails for a language
// without book.tier.NAME: a book or play page would print the English id,
// capitalised, as it does a user's own tier ("Fiendish" in a French
// book).
func TestEveryTierTranslated(t *testing.T) {
	names := map[string]string{} // tier -> where it comes from
	add := func(from string, tiers ...string) {
		for _, n := range tiers {
			if _, ok := names[n]; !ok {
				names[n] = from
			}
		}
	}
	slides, err := generate.LoadSlideTiers("")
	if err != nil {
		t.Fatal(err)
	}
	sizes := []int{0}
	for w, ts := range slides {
		sizes = append(sizes, w)
		for _, st := range ts {
			add("configs/tiers.yaml slide", st.Name)
		}
	}
	for w := range generate.DefaultSlideTiers() {
		sizes = append(sizes, w)
	}
	sort.Ints(sizes)
	for _, k := range kind.All() {
		for _, n := range sizes {
			add("kind "+k.Name()+" Tiers", k.Tiers(n)...)
		}
	}
	for _, kt := range killer.KillerTiers {
		add("killer.KillerTiers", kt.Name)
	}
	add("killer.TierOf", killer.TierOf(0, false))
	add("configs/tiers.yaml sudoku", grade.DefaultTiers().Names()...)
	for _, want := range []string{"killer", "variant", "slide", "sudoku"} {
		if _, err := kind.Lookup(want); err != nil {
			t.Fatalf("kind %s not registered: %v", want, err)
		}
	}
	for _, must := range []string{"easy", "extreme", "fiendish", "nightmare", "beyond"} {
		if _, ok := names[must]; !ok {
			t.Fatalf("tier %q not among the names walked %v", must, names)
		}
	}
	// Every built-in tier has its place in the built-in order, which
	// books, workbooks and statistics sort by: a tier missing there sorts
	// after every known one, as a user's own tier does (the killer table's
	// fiendish came after nightmare).
	for n, from := range names {
		if !slices.Contains(tiers.Order, n) {
			t.Errorf("tier %s (a tier of %s) is not in internal/tiers.Order", n, from)
		}
	}
	for _, lang := range i18n.Languages() {
		tab := i18n.Get(lang)
		for n, from := range names {
			if !tab.Has("book.tier." + n) {
				t.Errorf("%s: no book.tier.%s (a tier of %s)", lang, n, from)
			}
		}
	}
}
