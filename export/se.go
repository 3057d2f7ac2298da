package export

import (
	"fmt"
	"math"
	"strconv"
)

// SE is the rating line researchers exchange Sudoku Explainer ratings in:
//
//	PUZZLE ED=ER/EP/ED
//
// the puzzle's cells ('.' empty), then the three SE ratings with one
// decimal: ER (rating), EP (ep), ED (ed), as Sudoku Explainer's serate
// writes them with --format="%g ED=%r/%p/%d" and as the enjoysudoku
// forum's lists give them. As serate does for a puzzle it could not rate,
// a rating the record lacks is written 0.0: an ungraded record, one whose
// grading was cut off (rating_at_least), one that is not unique. 20.0 is
// SE's value for a puzzle its techniques cannot finish. Sudoku records
// and the kinds rated on the SE scale (RecordKind.Rated: variant records,
// whose ratings follow SukakuExplainer's, whose serate writes the same
// line; a variant's puzzle as its txt line, a jigsaw's with its regions)
// have SE ratings; a killer's are on its own scale and refused.
var SE = &LineFormat{
	Name:    "se",
	Summary: "Sudoku Explainer rating lines: PUZZLE ED=ER/EP/ED (as serate and the forum's lists)",
	Header:  func(dst []byte) []byte { return dst },
	Append:  appendSE,
}

func appendSE(dst []byte, rec *Record) ([]byte, error) {
	if rec.Kind != "" && !isGrid(rec.Kind) && !kindOf(rec.Kind).Rated {
		err := fmt.Errorf("the se format holds Sudoku Explainer ratings, which %s puzzles do not have (%s: use jsonl, csv or txt)", rec.Kind, NotSE(rec.Kind))
		if rec.ID != "" {
			err = fmt.Errorf("record %s: %w", rec.ID, err)
		}
		return dst, err
	}
	dst, err := appendPuzzleLine(dst, rec)
	if err != nil {
		return dst, err
	}
	dst = append(dst, " ED="...)
	dst = appendSERating(dst, rec.Rating)
	dst = append(dst, '/')
	dst = appendSERating(dst, rec.EP)
	dst = append(dst, '/')
	dst = appendSERating(dst, rec.ED)
	return append(dst, '\n'), nil
}

// appendSERating writes a rating as serate does: rounded to the tenth
// ((int)((r + 0.05) * 10) tenths), always one decimal.
func appendSERating(dst []byte, r float64) []byte {
	if math.IsNaN(r) || r < 0 || r > 100 {
		r = 0
	}
	tenths := int(math.Floor((r + 0.05) * 10))
	dst = strconv.AppendInt(dst, int64(tenths/10), 10)
	return append(dst, '.', byte('0'+tenths%10))
}

// NotSE says why a kind's records have no SE rating, for a message that
// refuses them the se format: a kind whose difficulty is its number of
// moves (Moves: a sliding board's optimal length) has no rating at all;
// another is rated on its own scale ("theirs are on the killer scale").
func NotSE(kind string) string {
	if kindOf(kind).Moves != nil {
		return "their difficulty is their number of moves, not a rating"
	}
	return fmt.Sprintf("theirs are on the %s scale", kind)
}
