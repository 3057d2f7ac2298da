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
// SE's value for a puzzle its techniques cannot finish. Only Sudoku
// records have SE ratings.
var SE = &LineFormat{
	Name:    "se",
	Summary: "Sudoku Explainer rating lines: PUZZLE ED=ER/EP/ED (as serate and the forum's lists)",
	Header:  func(dst []byte) []byte { return dst },
	Append:  appendSE,
}

func appendSE(dst []byte, rec *Record) ([]byte, error) {
	if rec.Kind != "" && !isGrid(rec.Kind) {
		return dst, fmt.Errorf("%s is a %s record: the se format holds Sudoku ratings only", recordName(rec), rec.Kind)
	}
	if rec.Puzzle == "" {
		return dst, fmt.Errorf("%s: sudoku record without a puzzle", recordName(rec))
	}
	dst = append(dst, rec.Puzzle...)
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
