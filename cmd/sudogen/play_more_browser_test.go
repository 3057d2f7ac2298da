package main

import "testing"

// TestPlayPageMore runs the play page's browser tests that are not
// TestPlayPage's in one headless chromium, each in tabs of its own and
// side by side (they each started a browser and ran one after another:
// about 25 s of the suite's, 2026-12-07): the swplay and swplay2 sweeps',
// a killer's technique names in French, Windoku's implied windows in
// Help. scripts/gotest.py runs it in the browser job with TestPlayPage.
func TestPlayPageMore(t *testing.T) {
	b := startPlayBrowser(t)
	for _, c := range []struct {
		name string
		run  func(*testing.T, *playBrowser)
	}{
		{"swplay", swplayPlayPage},
		{"swplay2", swplay2PlayPage},
		{"swslide3", swslide3PlayPage},
		{"killer technique names", playKillerTechniqueNames},
		{"windoku implied help", playWindokuImpliedHelp},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.run(t, b)
		})
	}
}
