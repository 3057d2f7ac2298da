package export

import (
	"fmt"
	"strconv"
)

// TXT is the plain puzzle-list format: one puzzle a line and nothing else.
// A Sudoku puzzle is its cells row by row, '.' for an empty cell (the
// record's puzzle field: 81 characters for 9x9, the form of QQWing's
// --one-line output and of the forum's lists); a sliding-puzzle board is
// its tiles separated by spaces, 0 the blank (the form of Korf's lists).
// Every reader of sudogen reads it back.
var TXT = &LineFormat{
	Name:       "txt",
	Extensions: []string{".txt"},
	Summary:    "one puzzle a line: the cells with '.' for empty (as QQWing --one-line), or a slide board's tiles",
	Header:     func(dst []byte) []byte { return dst },
	Append:     appendTXT,
}

func appendTXT(dst []byte, rec *Record) ([]byte, error) {
	switch {
	case isTiles(rec.Kind):
		if len(rec.Tiles) == 0 {
			return dst, fmt.Errorf("%s: slide record without tiles", recordName(rec))
		}
		dst = appendTiles(dst, rec.Tiles)
	case rec.Puzzle != "":
		dst = append(dst, rec.Puzzle...)
	default:
		return dst, fmt.Errorf("%s: %s record without a puzzle", recordName(rec), rec.Kind)
	}
	return append(dst, '\n'), nil
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
