package main

import (
	"testing"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/playpage"
)

// TestPlayPageTechniques: the techniques the grader's descriptors mark
// PlayPage are exactly those the play page's script finds
// (playpage.FindsItself; export may not import grade, so this test
// keeps the two lists equal).
func TestPlayPageTechniques(t *testing.T) {
	n := 0
	for _, tech := range grade.Techniques() {
		if tech.PlayPage != playpage.FindsItself(tech.ID) {
			t.Errorf("%s: descriptor PlayPage %v, playpage.FindsItself %v", tech.ID, tech.PlayPage, !tech.PlayPage)
		}
		if tech.PlayPage {
			n++
		}
	}
	if n == 0 {
		t.Error("no technique is marked PlayPage")
	}
}
