package export

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/grade"
)

// GradeStatus is the "status" of the grade output line r was read from
// (docs/records.md, "sudogen grade output lines"): "" for a corpus
// record, else why grade did not rate the puzzle in full:
// grade.StatusNoSolution, grade.StatusMultiple, "beyond", "above
// max-rating" or "over work budget". DecodeRecord sets it; no writer
// writes it, since a record is not a grade line.
func (r *Record) GradeStatus() string { return r.gradeStatus }

// CheckGradeStatus refuses a record read from a grade line whose status
// says its puzzle has no solution or more than one, with one line
// without a position (the caller knows the file and line): a puzzle
// without exactly one solution cannot be published, and the status says
// so without solving it again. The other statuses (the puzzle is unique,
// its grading stopped early) pass: such a line has its solution and its
// tier beyond.
func CheckGradeStatus(r *Record) error {
	switch r.gradeStatus {
	case grade.StatusNoSolution, grade.StatusMultiple:
		what := "no solution"
		if r.gradeStatus == grade.StatusMultiple {
			what = "more than one solution"
		}
		return fmt.Errorf("status %q: grade found %s, and a puzzle needs exactly one (drop the line, or fix the puzzle and grade it again)", r.gradeStatus, what)
	}
	return nil
}

// gradeStatusOf is the "status" member among a record's members beyond
// Record's fields, matched as encoding/json matches keys (without regard
// to case; of several, the last that is a string), or "".
func gradeStatusOf(extra []extraField) string {
	status := ""
	for _, e := range extra {
		if !strings.EqualFold(e.key, "status") {
			continue
		}
		var s *string
		if json.Unmarshal(e.raw, &s) == nil && s != nil {
			status = *s
		}
	}
	return status
}
