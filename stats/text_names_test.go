package stats

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
)

// TestTextKindTechniqueNames: the text names the techniques of a kind
// with its own ladder (TechniqueName, as killer's does) by their names,
// as the HTML report does, equal counts in the order of the names; an id
// the ladder does not know stays as it is, and a classic group keeps
// its ids. Until 2026-12-07 the text printed a killer's ids
// ("innies-outies").
func TestTextKindTechniqueNames(t *testing.T) {
	ladder := map[string]string{"b-hard": "A hard step", "a-easy": "Easy step"}
	export.RegisterKind(export.RecordKind{Name: "textladder", Order: 9, Check: func(*export.Record) error { return nil },
		TechniqueName: func(id string) (string, float64, bool) {
			name, ok := ladder[id]
			return name, 1, ok
		}})
	in := `{"v":1,"id":"o1","kind":"textladder","size":9,"rating":4.5,"tier":"hard","hardest":"b-hard","techniques":{"b-hard":1,"a-easy":2,"zz-unknown":1},"seed":1,"index":0}` + "\n" +
		`{"v":1,"id":"o2","kind":"textladder","size":9,"rating":1.1,"tier":"easy","hardest":"a-easy","techniques":{"a-easy":2},"seed":1,"index":1}` + "\n" +
		`{"v":1,"id":"s1","kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + strings.Repeat(".", 81) + `","rating":1.2,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":3},"seed":1,"index":0}` + "\n"
	text := report(t, in, WriteText)
	for _, want := range []string{
		"  hardest     A hard step 1 (50.0%), Easy step 1 (50.0%)\n",
		"  uses        Easy step 2 (100.0%), A hard step 1 (50.0%), zz-unknown 1 (50.0%)\n",
		"  hardest     hidden-single 1 (100.0%)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}
