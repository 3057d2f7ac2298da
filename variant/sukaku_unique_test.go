package variant

import "testing"

// TestSukakuUniquenessRatings rates generated variant puzzles whose solve
// path takes a BUG (testdata/sukaku-unique-se121.tsv; X, windoku,
// disjoint groups, asterisk, center dot, girandola and anti-king, alone
// and combined) and the two windoku puzzles of sukaku-se121.tsv whose
// anchor path takes a BUG type 1 and a unique rectangle type 3 with a
// hidden pair, and wants every rating equal to SukakuExplainer's: on
// variants its BUG and unique loop type 3 are lkSudoku's
// (grade/bug_search.go, grade.ulType3).
func TestSukakuUniquenessRatings(t *testing.T) {
	rows := readSukaku(t, "sukaku-unique-se121.tsv")
	for _, r := range readSukaku(t, "sukaku-se121.tsv") {
		if r.variant == Windoku && (r.puzzle == "...4.......6.....1...7.2..3.2..7..5.6..3.......9..43.......89...4.6.............." ||
			r.puzzle == "6.7..4........2.........6...3...5..1..1.............2..92..7....8.....93.....9..5") {
			rows = append(rows, r)
		}
	}
	checkSukakuRows(t, rows, 66)
}
