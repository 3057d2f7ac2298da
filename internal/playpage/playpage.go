// Package playpage holds what the play page (export's HTML) and the
// commands that feed it must agree on.
package playpage

// FindsItself reports whether the play page finds steps of this
// technique in the player's current position by itself (so they are not
// stored): the first eight rules of the grader's Sudoku Explainer profile
// (full house, hidden single, direct pointing and claiming, direct hidden
// pair, naked single, direct hidden triple, pointing, claiming), in its
// order, scan order and words.
func FindsItself(tech string) bool {
	switch tech {
	case "full-house", "hidden-single", "naked-single",
		"direct-pointing", "direct-claiming", "direct-hidden-pair", "direct-hidden-triple",
		"pointing", "claiming":
		return true
	}
	return false
}
