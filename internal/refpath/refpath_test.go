package refpath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
)

func TestReadAndCompare(t *testing.T) {
	name := filepath.Join(t.TempDir(), "p.tsv")
	text := "# comment\nx\t" + strings.Repeat(".", 81) + "\t4.2\t3=5;10-2,11-4\n"
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	rows, err := Read(name, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Line != 2 || rows[0].Variants != "x" || rows[0].Rating != 4.2 || len(rows[0].Steps) != 2 {
		t.Fatalf("read %+v", rows)
	}
	same := []grade.Step{
		{Placements: []grade.Candidate{{Cell: 3, Digit: 5}}},
		{Eliminations: []grade.Candidate{{Cell: 11, Digit: 4}, {Cell: 10, Digit: 2}}},
	}
	if d := rows[0].Compare(same); d != "" {
		t.Errorf("equal path: %s", d)
	}
	for i, other := range [][]grade.Step{
		same[:1],
		{same[0], {Eliminations: []grade.Candidate{{Cell: 10, Digit: 2}}}},
		{{Placements: []grade.Candidate{{Cell: 3, Digit: 6}}}, same[1]},
		append(append([]grade.Step(nil), same...), same[0]),
	} {
		if rows[0].Compare(other) == "" {
			t.Errorf("path %d: no difference found", i)
		}
	}
	if _, err := Read(name, false); err == nil {
		t.Error("a row with a variant list read as three fields")
	}
}
