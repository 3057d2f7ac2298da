package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3},
		{"count", "cuont", 2}, {"tier", "tiers", 1}, {"same", "same", 0},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (not symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	ids := []string{"x-wing", "xy-wing", "xyz-wing", "swordfish", "hidden-pair", "naked-pair", "x-cycle"}
	for _, c := range []struct{ word, want string }{
		{"xwing", "x-wing"},        // separators dropped
		{"X Wing", "x-wing"},       // case and spaces
		{"XY_Wing", "xy-wing"},     // underscore
		{"swordfsh", "swordfish"},  // one letter off
		{"sowrdfish", "swordfish"}, // two letters off
		{"hidden-pairs", "hidden-pair"},
		{"jellyfish", ""}, // nothing near
		{"xy", ""},        // too short for a guess: "xy" is 2 off x-wing... and shorter than the distance
		{"", ""},
		{"--", ""},
	} {
		if got := Nearest(c.word, ids); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}
