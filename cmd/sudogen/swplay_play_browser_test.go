package main

// The swplay sweep's browser tests of the play page, played as a person
// does: one browser for all of them.

import (
	"path/filepath"
	"testing"
)

// TestSwplayPlayPage runs the sweep's play page tests in one headless
// chromium (each subtest a tab of its own).
func TestSwplayPlayPage(t *testing.T) {
	b := startPlayBrowser(t)
	kinds := filepath.Join("testdata", "swbook", "kinds.jsonl")
	t.Run("progress apart", func(t *testing.T) { swplayProgressApart(t, b) })
	t.Run("samurai house names", func(t *testing.T) { swplaySamuraiHouseNames(t, b, kinds) })
}
