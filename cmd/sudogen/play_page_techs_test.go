package main

import (
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
)

// TestPlayPageTechniques: the techniques the grader's descriptors mark
// PlayPage are exactly those the play page's script finds
// (export.PageFindsItself; export may not import grade, so this test
// keeps the two lists equal).
func TestPlayPageTechniques(t *testing.T) {
	n := 0
	for _, tech := range grade.Techniques() {
		if tech.PlayPage != export.PageFindsItself(tech.ID) {
			t.Errorf("%s: descriptor PlayPage %v, export.PageFindsItself %v", tech.ID, tech.PlayPage, !tech.PlayPage)
		}
		if tech.PlayPage {
			n++
		}
	}
	if n == 0 {
		t.Error("no technique is marked PlayPage")
	}
}
