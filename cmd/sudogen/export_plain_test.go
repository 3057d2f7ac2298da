package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportPlainLinesUnseeded: a plain puzzle line exported as a record
// carries no seed and no index (no run made it: docs/records.md, format
// 1), as merge and grade write it; a record's own seed and index stay.
func TestExportPlainLinesUnseeded(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte("87......1.2..........249.5.........3.....697.1..59.4...14..87..2.......5...7...6.\n"+
		`{"v":1,"id":"r-1","kind":"sudoku","size":4,"box":[2,2],"puzzle":"1...........4..2","seed":7,"index":3}`+"\n"), 0o644)
	for _, format := range []string{"jsonl", "csv"} {
		code, out, errOut := runCLI(t, "", "export", in, "--format", format, "-o", "-", "-q")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		plain, rec := lines[len(lines)-2], lines[len(lines)-1]
		switch format {
		case "jsonl":
			if strings.Contains(plain, `"seed"`) || strings.Contains(plain, `"index"`) {
				t.Errorf("jsonl: the plain line's record has a seed or index: %s", plain)
			}
			if !strings.Contains(rec, `"seed":7,"index":3`) {
				t.Errorf("jsonl: the record lost its seed and index: %s", rec)
			}
		case "csv":
			head := strings.Split(lines[0], ",")
			at := func(row, col string) string {
				for i, h := range head {
					if h == col {
						return strings.Split(row, ",")[i]
					}
				}
				t.Fatalf("csv: no %s column in %s", col, lines[0])
				return ""
			}
			if s, i := at(plain, "seed"), at(plain, "index"); s != "" || i != "" {
				t.Errorf("csv: the plain line has seed %q, index %q, want both empty", s, i)
			}
			if s, i := at(rec, "seed"), at(rec, "index"); s != "7" || i != "3" {
				t.Errorf("csv: the record has seed %q, index %q, want 7 and 3", s, i)
			}
		}
	}
}
