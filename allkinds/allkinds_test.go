package allkinds

import (
	"slices"
	"testing"

	"github.com/sudogen/sudogen/export"
)

// TestEveryKindRegistered: importing this package registers the four
// kinds, and export.KindPackage names a package for each registered kind
// (so its "import _" message is never missing for a kind sudogen has).
func TestEveryKindRegistered(t *testing.T) {
	got := export.Kinds()
	for _, k := range []string{"sudoku", "slide", "killer", "variant"} {
		if !slices.Contains(got, k) {
			t.Errorf("kind %s not registered (kinds %v)", k, got)
		}
	}
	for _, k := range got {
		if export.KindPackage(k) == "" || export.NotRegistered(k) != "" {
			t.Errorf("kind %s: package %q, NotRegistered %q", k, export.KindPackage(k), export.NotRegistered(k))
		}
	}
}
