// Package numfmt formats numbers the way the commands' summaries and
// messages print them.
package numfmt

import (
	"fmt"
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

// Count is n and the noun, plural unless n is 1: "1 puzzle", "0 puzzles",
// "3 puzzles". The noun is the singular of a regular English noun (the
// plural adds an "s").
func Count[N ~int | ~int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
