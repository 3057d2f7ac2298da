package main

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/sudogen/sudogen/grade"
)

// TestPlayPageTechniques: the techniques the grader's descriptors mark
// PlayPage (the one list: the hints leave their steps out, see
// playPageFinds) are exactly those whose steps the play page's script
// makes by itself (its step('id', ...) calls in export/play/play.js).
func TestPlayPageTechniques(t *testing.T) {
	js, err := os.ReadFile("../../export/play/play.js")
	if err != nil {
		t.Fatal(err)
	}
	var script []string
	for _, call := range regexp.MustCompile(`step\(([^{]*)\{`).FindAllSubmatch(js, -1) {
		// the quoted technique ids among the call's first arguments
		// (other quoted words there, such as 'box', are not ids)
		for _, id := range regexp.MustCompile(`'([a-z]+(?:-[a-z]+)*)'`).FindAllSubmatch(call[1], -1) {
			if _, ok := grade.TechniqueByID(string(id[1])); ok && !slices.Contains(script, string(id[1])) {
				script = append(script, string(id[1]))
			}
		}
	}
	var marked []string
	for _, tech := range grade.Techniques() {
		if tech.PlayPage {
			marked = append(marked, tech.ID)
		}
		if playPageFinds(tech.ID) != tech.PlayPage {
			t.Errorf("%s: playPageFinds %v, descriptor PlayPage %v", tech.ID, !tech.PlayPage, tech.PlayPage)
		}
	}
	slices.Sort(script)
	slices.Sort(marked)
	if len(marked) == 0 || !slices.Equal(script, marked) {
		t.Errorf("play.js makes steps of %v; the descriptors mark PlayPage %v", script, marked)
	}
}
