package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// swslide2Readers are the commands that read slide records, each with
// the arguments that make it read FILE (the {} placeholder) and write
// what it writes out of the way.
func swslide2Readers(dir string) [][]string {
	return [][]string{
		{"solve", "{}"},
		{"solve", "--kind", "slide", "{}"},
		{"canon", "{}"},
		{"stats", "{}"},
		{"merge", "-o", "-", "{}"},
		{"grade", "{}"},
		{"export", "--format", "txt", "-o", "-", "{}"},
		{"export", "--format", "pdf", "-o", filepath.Join(dir, "book.pdf"), "{}"},
	}
}

// TestSwslide2ReadersAgree: a slide record without "size" whose tile
// count is no board's (8 or 10 tiles) was told "wrong tile count: 10
// tiles, expected 16 for 4x4" by canon, stats, merge, export and solve
// (a 4x4 the record never claimed to be), and `wrong tile count: 10
// tiles and no "size", expected 9, 16 or 25 tiles` by solve --kind
// slide. merge (and the book and workbook checks) also said `goal
// "blank-first": only "blank-last" is supported` without what that goal
// is, and "wrong tile count: 0 tiles, expected 9 for 3x3" of a record
// without "tiles". Every reader now gives the same line for each, one
// that says what the record lacks and what would do.
func TestSwslide2ReadersAgree(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, line, want string }{
		{"8 tiles", `{"v":1,"kind":"slide","tiles":[1,2,3,4,5,6,7,0]}`,
			`r.jsonl:1: wrong tile count: 8 tiles and no "size", expected 9, 16 or 25 tiles (3x3, 4x4, 5x5)`},
		{"10 tiles", `{"v":1,"kind":"slide","tiles":[1,2,3,4,5,6,7,0,8,9]}`,
			`r.jsonl:1: wrong tile count: 10 tiles and no "size", expected 9, 16 or 25 tiles (3x3, 4x4, 5x5)`},
		{"no tiles", `{"v":1,"kind":"slide","size":3}`, `r.jsonl:1: slide record has no "tiles"`},
		{"blank-first", `{"v":1,"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-first"}`,
			`r.jsonl:1: goal "blank-first": only "blank-last" (1, 2, ... then the blank in the last cell) is supported`},
	}
	for _, tc := range tests {
		f := filepath.Join(dir, "r.jsonl")
		if err := os.WriteFile(f, []byte(tc.line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range swslide2Readers(dir) {
			for i := range args {
				if args[i] == "{}" {
					args[i] = f
				}
			}
			t.Run(tc.name+"/"+strings.Join(args[:2], " "), func(t *testing.T) {
				code, _, errOut := runCLI(t, "", args...)
				if code != 1 || !strings.Contains(errOut, tc.want) {
					t.Fatalf("%v: exit %d, stderr %q; want exit 1 and %q", args, code, errOut, tc.want)
				}
			})
		}
	}
}
