package killer

import (
	"bytes"
	"strings"
)

// TextLine reports whether b, a plain line (not a JSON record, blank or
// a comment), holds a killer in one of ParseText's one-line forms rather
// than a Sudoku grid. A grid line may go on with a rating or a comment
// after its puzzle (grade --format se writes "PUZZLE ED=2.0/1.2/1.2"), so
// the test is what a grid line never holds: its first word holds "bd="
// (a SudokuWiki link or value) or ":k:" (SumoCue's form), the line
// before any '#' is a bare bd value or one word in the arrow form, or a
// word before any '#' is a cage's sum: a one-character label, '=', then a whole number or
// '?' ("a=15", "k=?").
func TextLine(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] == '{' || b[0] == '#' {
		return false
	}
	if bytes.IndexAny(b, "=:,<>^v") < 0 {
		// Every killer form holds one of these; most grid lines none
		// (the readers ask this of every plain line).
		return false
	}
	first := b
	if i := bytes.IndexAny(b, " \t"); i >= 0 {
		first = b[:i]
	}
	if bytes.Contains(first, []byte("bd=")) || bytes.Contains(first, []byte(":k:")) {
		return true
	}
	if i := bytes.IndexByte(b, '#'); i >= 0 {
		b = bytes.TrimSpace(b[:i]) // a comment ends the line in every form
	}
	t := string(b)
	if sudokuWikiShape(t) || arrowShape(t) {
		return true
	}
	for _, w := range strings.FieldsFunc(string(b), func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == ';'
	}) {
		if sumWord(w) {
			return true
		}
	}
	return false
}

// sumWord reports whether w is a cage's sum in the cage map form: one
// label character, '=', then digits or '?'.
func sumWord(w string) bool {
	if len(w) < 3 || w[1] != '=' || w[0] == '=' {
		return false
	}
	return w[2:] == "?" || allDigits(w[2:])
}
