// Package numfmt formats numbers the way the commands' summaries and
// messages print them.
package numfmt

import "fmt"

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
