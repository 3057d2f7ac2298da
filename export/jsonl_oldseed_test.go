package export

import (
	"strings"
	"testing"
)

// TestOldSeedRewritten reads records written before format versions,
// whose seeds ran to 2^64-1, and writes them as format 1: a seed or index
// format 1 holds stays, one it cannot hold is left out with its partner,
// and every written record reads back and passes CheckRecord (a format-1
// record with a seed above 2^53-1 is refused).
func TestOldSeedRewritten(t *testing.T) {
	base := `{"kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + uniquePuzzle + `","solution":"` + uniqueSolution + `","givens":30`
	cases := []struct {
		name     string
		line     string
		wantSeed string // "" when the written record has no seed
	}{
		{"small seed", base + `,"seed":12,"index":3}`, `"seed":12,"index":3`},
		{"largest seed format 1 holds", base + `,"seed":9007199254740991,"index":0}`, `"seed":9007199254740991,"index":0`},
		{"seed 2^53", base + `,"seed":9007199254740992,"index":0}`, ""},
		{"seed 2^64-1", base + `,"seed":18446744073709551615,"index":5}`, ""},
		{"index 2^53", base + `,"seed":1,"index":9007199254740992}`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var old Record
			if err := DecodeRecord([]byte(tc.line), &old); err != nil {
				t.Fatalf("reading the old record: %v", err)
			}
			if err := CheckRecord(&old); err != nil {
				t.Fatalf("the old record is refused: %v", err)
			}
			out := string(AppendJSON(nil, &old))
			if tc.wantSeed != "" && !strings.Contains(out, tc.wantSeed) {
				t.Errorf("written %s, want it to keep %s", out, tc.wantSeed)
			}
			if tc.wantSeed == "" && (strings.Contains(out, `"seed"`) || strings.Contains(out, `"index"`)) {
				t.Errorf("written %s: format 1 cannot hold this seed and index", out)
			}
			var back Record
			if err := DecodeRecord([]byte(out), &back); err != nil {
				t.Fatalf("reading %s back: %v", out, err)
			}
			if err := CheckRecord(&back); err != nil {
				t.Errorf("the rewritten record %s is refused: %v", out, err)
			}
		})
	}
}
