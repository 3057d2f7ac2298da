package killer

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestSwlibGenerateUnknownTier: Generate refuses a tier name that is not
// one of KillerTiers (a typo made an unsteered puzzle, silently), and
// still takes "" and "beyond", which steer not, and every tier's name.
func TestSwlibGenerateUnknownTier(t *testing.T) {
	for _, tier := range []string{"Hard", "exprt", "any"} {
		_, _, _, err := Generate(rand.New(rand.NewPCG(1, 1)), Options{Shape: sudoku.Shape4, Tier: tier})
		if err == nil || !strings.Contains(err.Error(), `killer: tier "`+tier+`": expected "", beyond or one of easy, medium,`) {
			t.Errorf("Generate(tier %q) = %v, want an unknown-tier error", tier, err)
		}
	}
	for _, tier := range []string{"", "beyond", "easy"} {
		if _, _, _, err := Generate(rand.New(rand.NewPCG(1, 1)), Options{Shape: sudoku.Shape4, Tier: tier}); err != nil {
			t.Errorf("Generate(tier %q): %v", tier, err)
		}
	}
}
