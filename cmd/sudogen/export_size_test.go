package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportPDFRefusesSizeFirst: a sudoku larger than a book prints
// (25x25) is refused by its size before the record is checked, which
// would spend seconds proving a real 25x25 puzzle unique. The record
// here would fail that check (one given, a wrong solution): its size is
// what must be named, in one line, in the PDF; the other formats are
// not limited to 16x16 and check it as before.
func TestExportPDFRefusesSizeFirst(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "big.jsonl")
	rec := `{"id":"a","kind":"sudoku","size":25,"box":[5,5],"puzzle":"1` + strings.Repeat(".", 624) + `","solution":"` + strings.Repeat("1", 625) + `"}`
	os.WriteFile(in, []byte(rec+"\n"), 0o644)
	for _, c := range []struct{ format, want string }{
		{"pdf", "big.jsonl:1: size 25: PDF books print sudoku up to 16x16"},
		{"xlsx", "big.jsonl:1: puzzle has more than one solution"},
	} {
		code, _, errOut := runCLI(t, "", "export", in, "--format", c.format, "-o", filepath.Join(dir, "out."+c.format))
		if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and one line with %q", c.format, code, errOut, c.want)
		}
	}
}
