package variant

import (
	"errors"
	"os"
	"testing"
)

// TestSatisfiable: rules that admit no grid are proved so (anti-king and
// non-consecutive on 4x4, as docs/variants.md says; with SUDOGEN_LONG=1
// also 9x9 windoku with non-consecutive, a 5 s proof), boards with
// grids pass, jigsaw specs without regions are not searched, and an
// invalid spec gives its own error.
func TestSatisfiable(t *testing.T) {
	cases := []struct {
		spec Spec
		none bool
	}{
		{Spec{Size: 4, Variants: []string{AntiKing}}, true},
		{Spec{Size: 4, Variants: []string{NonConsecutive}}, true},
		{Spec{Size: 4, Variants: []string{X}}, false},
		{Spec{Size: 9, Variants: []string{NonConsecutive}}, false},
		{Spec{Size: 12, Variants: []string{AntiKnight}}, false},
		{Spec{Size: 9, Variants: []string{Windoku, AntiKing}}, false},
		{Spec{Variants: []string{SamuraiName}}, false},
		{Spec{Size: 9, Variants: []string{Jigsaw}}, false},
	}
	if os.Getenv("SUDOGEN_LONG") != "" {
		cases = append(cases, struct {
			spec Spec
			none bool
		}{Spec{Size: 9, Variants: []string{Windoku, NonConsecutive}}, true})
	}
	for _, c := range cases {
		err := Satisfiable(c.spec)
		if got := errors.Is(err, ErrNoSolution); got != c.none || (err != nil && !got) {
			t.Errorf("%d %v: %v, want no grid %v", c.spec.Size, c.spec.Variants, err, c.none)
		}
	}
	if err := Satisfiable(Spec{Size: 6, Variants: []string{Windoku}}); err == nil || errors.Is(err, ErrNoSolution) {
		t.Errorf("windoku 6x6: %v, want the spec's error", err)
	}
}
