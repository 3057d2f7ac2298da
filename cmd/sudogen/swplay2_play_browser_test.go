package main

// The swplay2 sweep's browser tests of the play page, played as a person
// does: one browser for all of them.

import (
	"path/filepath"
	"testing"
)

// swplay2PlayPage runs the sweep's play page tests in b (each subtest a
// tab of its own; TestPlayPageMore).
func swplay2PlayPage(t *testing.T, b *playBrowser) {
	killer := filepath.Join("testdata", "swplay2", "killer.jsonl")
	kinds := filepath.Join("testdata", "swbook", "kinds.jsonl")
	t.Run("hint places two", func(t *testing.T) { swplay2HintPlacesTwo(t, b, killer) })
	t.Run("list words whole", func(t *testing.T) { swplay2ListWords(t, b, kinds) })
	t.Run("samurai boxes", func(t *testing.T) { swplay2SamuraiBoxes(t, b, kinds) })
	t.Run("windoku conflicts", func(t *testing.T) {
		swplay2WindokuConflicts(t, b, filepath.Join("testdata", "swplay2", "windoku.jsonl"))
	})
}
