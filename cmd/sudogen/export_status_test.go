package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportRefusesNonUniqueGradeLines: a grade line whose status says
// the puzzle has no solution or more than one is refused by every
// format, naming file, line and status in one line, and nothing is
// written; a line of status above max-rating (a unique puzzle whose
// grading was cut off) is exported as a record, without status.
func TestExportRefusesNonUniqueGradeLines(t *testing.T) {
	dir := t.TempDir()
	// As grade writes them: r1c9 can hold no value (1-8 in its row, 9
	// in its column); two givens leave many solutions.
	none := `{"v":1,"kind":"sudoku","size":9,"box":[3,3],"puzzle":"12345678.........9` + strings.Repeat(".", 63) + `","givens":9,"status":"no solution"}`
	many := `{"v":1,"kind":"sudoku","size":9,"box":[3,3],"puzzle":"1` + strings.Repeat(".", 79) + `9","givens":2,"status":"multiple solutions"}`
	const unique = `{"v":1,"kind":"sudoku","size":9,"box":[3,3],"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79","solution":"534678912672195348198342567859761423426853791713924856961537284287419635345286179","givens":30`
	in := filepath.Join(dir, "g.jsonl")
	for _, c := range []struct{ line, status string }{{none, "no solution"}, {many, "multiple solutions"}} {
		os.WriteFile(in, []byte(unique+"}\n"+c.line+"\n"), 0o644)
		for _, f := range []string{"jsonl", "txt", "csv", "se", "html", "xlsx", "pdf"} {
			out := filepath.Join(dir, "out."+f)
			code, _, errOut := runCLI(t, "", "export", in, "--format", f, "-o", out)
			want := "g.jsonl:2: status \"" + c.status + "\": grade found"
			if code != 1 || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s, %s: exit %d, stderr %q; want exit 1 and one line with %q", c.status, f, code, errOut, want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s, %s: %s written", c.status, f, out)
			}
		}
	}
	os.WriteFile(in, []byte(unique+`,"tier":"beyond","rating_at_least":2.6,"status":"above max-rating","filled":40}`+"\n"), 0o644)
	code, out, errOut := runCLI(t, "", "export", in, "--format", "jsonl", "-o", "-")
	if code != 0 || strings.Contains(out, "status") || strings.Contains(out, "filled") || !strings.Contains(out, `"rating_at_least":2.6`) {
		t.Errorf("above max-rating: exit %d, %q %q; want the record without status and filled", code, out, errOut)
	}
}
