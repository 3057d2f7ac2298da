// Package playpage holds what the play page (export's HTML) and the
// commands that feed it must agree on.
package playpage

import "github.com/sudogen/sudogen/grade"

// FindsItself reports whether the play page finds steps of this
// technique in the player's current position by itself (so they are not
// stored): the techniques whose descriptor says so (grade.Technique's
// PlayPage: the first eight rules of the grader's Sudoku Explainer
// profile, which the page's script runs in its order, scan order and
// words).
func FindsItself(tech string) bool {
	t, ok := grade.TechniqueByID(tech)
	return ok && t.PlayPage
}
