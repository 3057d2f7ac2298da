package variantkind

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/variant"
)

// TestExplainSummaryStops: explain's last line says why a run ended as
// grade does. A run out of its forcing-chain work budget (which grade
// writes as beyond, with no rating) said "Stuck ... the rest needs
// techniques the grader does not run" and gave an SE rating; it says the
// budget ran out and the rating is a lower bound. A run the techniques
// cannot finish is still "Stuck", a finished one "Solved".
func TestExplainSummaryStops(t *testing.T) {
	g, err := variant.Build(variant.Spec{Size: 9, Variants: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name       string
		res        grade.Result
		want, dont string
	}{
		{"over budget", grade.Result{ER: 10.1, EP: 1.2, ED: 1.2, NSteps: 148, Filled: 56, Capped: true, OverBudget: true},
			"Stopped after 148 steps with 56 of 81 cells filled: the forcing-chain work budget for this board ran out; the SE rating is at least 10.1", "Stuck"},
		{"capped", grade.Result{ER: 6.6, NSteps: 20, Filled: 40, Capped: true},
			"the next step rates above the cap; the SE rating is at least 6.6", "Stuck"},
		{"stuck", grade.Result{ER: 20, NSteps: 3, Filled: 30},
			"Stuck after 3 steps with 30 of 81 cells filled", "Stopped"},
		{"solved", grade.Result{ER: 1.2, EP: 1.2, ED: 1.2, NSteps: 51, Filled: 81, Solved: true, Hardest: "hidden-single"},
			"Solved in 51 steps; hardest step: Hidden Single; SE rating 1.2", "Stuck"},
	} {
		got := explainSummary(&c.res, g)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.dont) {
			t.Errorf("%s: %q, want %q and no %q", c.name, got, c.want, c.dont)
		}
	}
}
