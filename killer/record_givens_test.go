package killer

import (
	"strings"
	"testing"
)

// TestMarshalLineGivens: a record line has "givens" exactly when the
// puzzle has givens, as the commands write killer records
// (docs/records.md): no "givens":0 on a killer without givens.
func TestMarshalLineGivens(t *testing.T) {
	for _, c := range []struct {
		givens int
		puzzle string
		want   string // "" for no givens field
	}{
		{0, strings.Repeat(".", 16), ""},
		{2, "2..." + "...." + "...." + "...2", `"givens":2`},
	} {
		rec := Record{V: 1, Kind: "killer", Size: 4, Box: [2]int{2, 2}, Puzzle: c.puzzle, Solution: "2314142332414132", Givens: c.givens}
		b, err := rec.MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		has := strings.Contains(string(b), `"givens"`)
		if c.want == "" && has || c.want != "" && !strings.Contains(string(b), c.want) {
			t.Errorf("givens %d: %s", c.givens, b)
		}
	}
}
