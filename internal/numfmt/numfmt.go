// Package numfmt formats numbers the way the commands' summaries and
// messages print them.
package numfmt

import (
	"fmt"
	"strconv"
	"strings"
)

// Percent formats a fraction as a percentage with enough digits to show a
// small rate ("0.02%"), and "0%" for none.
func Percent(f float64) string {
	switch {
	case f == 0:
		return "0%"
	case f >= 0.1:
		return fmt.Sprintf("%.1f%%", 100*f)
	case f >= 0.001:
		return fmt.Sprintf("%.2f%%", 100*f)
	default:
		return fmt.Sprintf("%.2g%%", 100*f)
	}
}

// OrList joins words the way a message lists choices: "a", "a or b",
// "a, b or c" ("" for none).
func OrList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// AndList joins words the way a sentence lists them: "a", "a and b",
// "a, b and c" ("" for none).
func AndList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Count is n, with thousands separators (Int), and the noun, plural
// unless n is 1: "1 puzzle", "0 puzzles", "10,000 puzzles". The noun is
// the singular of a regular English noun (the plural adds an "s").
func Count[N ~int | ~int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return Int(n) + " " + noun + "s"
}

// Int writes n with a comma between thousands, as a person reads a
// count: 10,000 and 1,234,567 (999 and -1,000 too).
func Int[N ~int | ~int64](n N) string {
	s := strconv.FormatInt(int64(n), 10)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	b := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return sign + string(b)
}

// Rate words a rate per second as the summaries print it: "(560/s)"'s
// "560/s", one decimal below 10/s ("1.5/s"), per hour below 0.1/s
// ("12/h"), whole numbers with thousands separators as Int writes counts
// ("15,000/s").
func Rate(r float64) string {
	unit := "/s"
	if r < 0.095 {
		r, unit = r*3600, "/h"
	}
	if r < 9.95 {
		return strconv.FormatFloat(r, 'f', 1, 64) + unit
	}
	s := strconv.FormatFloat(r, 'f', 0, 64)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		s = Int(n) // (+Inf and the like stay as they are)
	}
	return s + unit
}
