package main

// The swplay sweep's browser tests of the play page, played as a person
// does: one browser for all of them.

import (
	"path/filepath"
	"testing"
)

// swplayPlayPage runs the sweep's play page tests in b (each subtest a
// tab of its own; TestPlayPageMore).
func swplayPlayPage(t *testing.T, b *playBrowser) {
	kinds := filepath.Join("testdata", "swbook", "kinds.jsonl")
	t.Run("progress apart", func(t *testing.T) { swplayProgressApart(t, b) })
	t.Run("samurai house names", func(t *testing.T) { swplaySamuraiHouseNames(t, b, kinds) })
}
