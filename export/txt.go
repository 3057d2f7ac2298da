package export

import (
	"fmt"
	"strconv"
)

// TXT is the plain puzzle-list format: one puzzle a line and nothing else.
// A Sudoku puzzle is its cells row by row, '.' for an empty cell (the
// record's puzzle field: 81 characters for 9x9, the form of QQWing's
// --one-line output and of the forum's lists); a sliding-puzzle board is
// its tiles separated by spaces, 0 the blank (the form of Korf's lists);
// a kind with its own line form (RecordKind.Line: a killer's one-line
// cage map and sums, a jigsaw's cells and regions) writes that. Every
// reader of sudogen reads Sudoku and killer lines back (a kind's text
// form through its RecordKind.PlainLine), solve --kind slide a slide
// line; a variant's line is read back by the commands that take
// --variant, with it. A variant's line does not name its variant, so a
// file mixing it with another kind's lines does not read back as written
// (the export command says so; docs/export.md).
var TXT = &LineFormat{
	Name:       "txt",
	Extensions: []string{".txt"},
	Summary:    "one puzzle a line: the cells with '.' for empty (as QQWing --one-line; a jigsaw's regions after them), a killer's cage map and sums, or a slide board's tiles",
	Header:     func(dst []byte) []byte { return dst },
	Append:     appendTXT,
}

func appendTXT(dst []byte, rec *Record) ([]byte, error) {
	dst, err := appendPuzzleLine(dst, rec)
	if err != nil {
		return dst, err
	}
	return append(dst, '\n'), nil
}

// appendPuzzleLine appends rec's puzzle as its kind writes it on one line
// (RecordKind.Line), else its "puzzle" field.
func appendPuzzleLine(dst []byte, rec *Record) ([]byte, error) {
	if line := kindOf(rec.Kind).Line; line != nil {
		return line(dst, rec)
	}
	if rec.Puzzle == "" {
		return dst, fmt.Errorf("%s: %s record without a puzzle", recordName(rec), rec.Kind)
	}
	return append(dst, rec.Puzzle...), nil
}

// appendTilesLine is a slide record's line (RecordKind.Line): its tiles.
func appendTilesLine(dst []byte, rec *Record) ([]byte, error) {
	if len(rec.Tiles) == 0 {
		return dst, fmt.Errorf("%s: slide record without tiles", recordName(rec))
	}
	return appendTiles(dst, rec.Tiles), nil
}

// appendTiles writes a board's tiles separated by spaces.
func appendTiles(dst []byte, tiles []int) []byte {
	for i, t := range tiles {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(t), 10)
	}
	return dst
}

// recordName names a record in messages: its id, else its index.
func recordName(rec *Record) string {
	if rec.ID != "" {
		return "record " + rec.ID
	}
	if !rec.Unseeded {
		return fmt.Sprintf("record of index %d", rec.Index)
	}
	return "record"
}
