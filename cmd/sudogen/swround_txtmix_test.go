package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// swroundLines returns the lines of testdata/swround/kinds.jsonl whose
// kind (or variant list) is one of kinds ("sudoku", "killer", "x",
// "jigsaw"), and the txt line each must be exported as, taken from the
// record's fields alone (docs/export.md: the puzzle, a jigsaw's regions
// after a space; a killer's cage map, cages lettered in the order of
// their first cells, and sums).
func swroundLines(t *testing.T, kinds ...string) (corpus string, txt []string) {
	t.Helper()
	b, err := os.ReadFile("testdata/swround/kinds.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var rec struct {
			Kind     string   `json:"kind"`
			Puzzle   string   `json:"puzzle"`
			Variants []string `json:"variants"`
			Regions  string   `json:"regions"`
			Cages    []struct {
				Sum   int   `json:"sum"`
				Cells []int `json:"cells"`
			} `json:"cages"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		name := rec.Kind
		if rec.Kind == "variant" {
			name = strings.Join(rec.Variants, ",")
		}
		for _, k := range kinds {
			if k == name {
				corpus += l + "\n"
				line := rec.Puzzle
				if rec.Regions != "" {
					line += " " + rec.Regions
				}
				if rec.Cages != nil {
					// The cage map: cage i (in the order of their
					// first cells, as the record lists them) is
					// letter 'a'+i; then its sums.
					cells := []byte(rec.Puzzle)
					var sums []string
					for i, c := range rec.Cages {
						for _, cell := range c.Cells {
							cells[cell] = byte('a' + i)
						}
						sums = append(sums, fmt.Sprintf("%c=%d", 'a'+i, c.Sum))
					}
					line = string(cells) + " " + strings.Join(sums, ",")
				}
				txt = append(txt, line)
			}
		}
	}
	if len(txt) != len(kinds) {
		t.Fatalf("testdata/swround/kinds.jsonl: %d records of %v", len(txt), kinds)
	}
	return corpus, txt
}

// TestSwroundExportTxtMixedKinds: export --format txt (and se) of a
// corpus whose lines need different readings (classic and a variant, two
// variant lists, a variant and a killer) says so on stderr in one line,
// naming the kinds and jsonl; a corpus whose lines read back alike
// (one kind, or classic and killer, whose line names itself) gets no
// note. The txt bytes are the records' puzzles either way.
func TestSwroundExportTxtMixedKinds(t *testing.T) {
	for _, tc := range []struct {
		kinds []string
		note  string // "" for none
	}{
		{[]string{"sudoku"}, ""},
		{[]string{"x"}, ""},
		{[]string{"jigsaw"}, ""},
		{[]string{"sudoku", "killer"}, ""},
		{[]string{"sudoku", "x"}, "mixes txt lines of classic Sudoku (1) and variant x (1)"},
		{[]string{"x", "jigsaw"}, "mixes txt lines of variant x (1) and variant jigsaw (1)"},
		{[]string{"x", "killer"}, "mixes txt lines of variant x (1) and killer (1)"},
	} {
		t.Run(strings.Join(tc.kinds, "+"), func(t *testing.T) {
			corpus, want := swroundLines(t, tc.kinds...)
			out := filepath.Join(t.TempDir(), "out.txt")
			code, _, errOut := runCLI(t, corpus, "export", "-", "-o", out)
			if code != 0 {
				t.Fatalf("export: exit %d: %s", code, errOut)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if g := strings.Join(want, "\n") + "\n"; string(got) != g {
				t.Errorf("txt:\n%s\nwant:\n%s", got, g)
			}
			notes := strings.Count(errOut, "sudogen: note:")
			switch {
			case tc.note == "" && notes != 0:
				t.Errorf("a note for lines that read back alike: %s", errOut)
			case tc.note != "" && (notes != 1 || !strings.Contains(errOut, tc.note) || !strings.Contains(errOut, "--format jsonl keeps each puzzle's kind")):
				t.Errorf("stderr %q, expected one note with %q and jsonl", errOut, tc.note)
			}
		})
	}
	// se to stdout: the same note, naming stdout and se.
	corpus, _ := swroundLines(t, "sudoku", "x")
	code, _, errOut := runCLI(t, corpus, "export", "-", "--format", "se", "-o", "-")
	if code != 0 || !strings.Contains(errOut, "note: stdout mixes se lines of classic Sudoku (1) and variant x (1)") {
		t.Errorf("se to stdout: exit %d, stderr %q", code, errOut)
	}
}
