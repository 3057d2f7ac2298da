package export

import (
	"strings"
	"testing"
)

// TestGradeStatusRead: the "status" of a grade line is read by both
// decoders (the fast one, and encoding/json's for a key in another case
// or a record it hands over), and only no solution and multiple
// solutions are refused.
func TestGradeStatusRead(t *testing.T) {
	const p = `"kind":"sudoku","puzzle":"1...............................................................................9"`
	for _, c := range []struct {
		line, status string
		refused      bool
	}{
		{`{` + p + `}`, "", false},
		{`{` + p + `,"status":"multiple solutions"}`, "multiple solutions", true},
		{`{"status":"no solution",` + p + `}`, "no solution", true},
		{`{` + p + `,"STATUS":"no solution"}`, "no solution", true},
		{`{` + p + `,"status":"no solution","status":null}`, "no solution", true},
		{`{` + p + `,"status":"beyond","filled":40}`, "beyond", false},
		{`{` + p + `,"status":"above max-rating"}`, "above max-rating", false},
		{`{` + p + `,"status":"over work budget"}`, "over work budget", false},
		{`{` + p + `,"status":7}`, "", false},
		// encoding/json's path: a key that matches a field only in another case
		{`{"Kind":"sudoku","puzzle":"1...............................................................................9","status":"multiple solutions"}`, "multiple solutions", true},
		// a kind this program does not know keeps the member too
		{`{"kind":"kakuro","size":9,"status":"no solution"}`, "no solution", true},
	} {
		var rec Record
		if err := DecodeRecord([]byte(c.line), &rec); err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if got := rec.GradeStatus(); got != c.status {
			t.Errorf("%s: status %q, want %q", c.line, got, c.status)
		}
		err := CheckGradeStatus(&rec)
		if (err != nil) != c.refused {
			t.Errorf("%s: CheckGradeStatus %v, want refused %v", c.line, err, c.refused)
		}
		if err != nil && !strings.Contains(err.Error(), `status "`+c.status+`"`) {
			t.Errorf("%s: message %q does not name the status", c.line, err)
		}
	}
}

// TestCheckRecordTrustsStatus: CheckRecord refuses a grade line of
// status multiple solutions on its status alone, without solving it: the
// puzzle below has exactly one solution, which a solve would accept.
func TestCheckRecordTrustsStatus(t *testing.T) {
	line := `{"kind":"sudoku","puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79","status":"multiple solutions"}`
	var rec Record
	if err := DecodeRecord([]byte(line), &rec); err != nil {
		t.Fatal(err)
	}
	if err := CheckRecord(&rec); err == nil || !strings.Contains(err.Error(), "grade found more than one solution") {
		t.Errorf("CheckRecord: %v, want the status refused", err)
	}
}
