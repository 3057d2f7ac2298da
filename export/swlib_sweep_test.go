package export

import (
	"strings"
	"testing"
)

// TestSwlibCheckRecordKindWithoutCheck: a kind registered without a
// Check (RegisterBoard alone registers one) is refused by CheckRecord with
// a message saying so, not `kind "x": expected x, sudoku or slide`, which
// lists the record's own kind as the one expected.
func TestSwlibCheckRecordKindWithoutCheck(t *testing.T) {
	saved := kindsNow.Load()
	t.Cleanup(func() { kindsNow.Store(saved) })
	RegisterBoard("swlib-board-only", Board{})
	err := CheckRecord(&Record{Kind: "swlib-board-only", Size: 9, Puzzle: strings.Repeat(".", 81)})
	want := `kind "swlib-board-only" is registered without a check`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("CheckRecord = %v, want an error starting %q", err, want)
	}
	if err := CheckRecord(&Record{Kind: "swlib-unknown"}); err == nil || !strings.Contains(err.Error(), `kind "swlib-unknown": expected `) {
		t.Errorf("CheckRecord of an unknown kind = %v, want the expected kinds", err)
	}
}
