package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSwroundCSVRefusedClearly: a file --format csv wrote, given to a
// command that reads puzzles, is refused at its header row (file:1)
// with a line that says it is CSV and to write jsonl, by the corpus
// readers and the per-line commands, with and without --variant. Before,
// the header was read as a 6-character puzzle ("puzzle has 6
// characters, expected 16 for 4x4"; with --variant "length 6 is not a
// grid"). The header row is docs/export.md's column list.
func TestSwroundCSVRefusedClearly(t *testing.T) {
	header := "puzzle,solution,rating,tier,id,kind,size,box,givens,minimal,symmetry,rating_at_least,ep,ed,hardest,techniques,level,score,goal,optimal,move_piece,length,lower_bound,exact,canonical,seed,index,fields"
	row := ".49..7...3............8............4..6..81..........9......952.6....4....29...7.,249367815387451296615289347173692584496578123528134769734816952961725438852943671,,,,variant,9,3x3,18,,,,,,,,,,,,,,,,,,,\"{\"\"variants\"\":[\"\"x\"\"]}\""
	file := filepath.Join(t.TempDir(), "corpus.csv")
	if err := os.WriteFile(file, []byte(header+"\n"+row+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := file + ":1: the header row of a CSV file"
	for _, args := range [][]string{
		{"merge", file, "-o", "-"},
		{"export", file, "--format", "jsonl", "-o", "-"},
		{"stats", file},
		{"solve", file},
		{"canon", file},
		{"merge", "--variant", "x", file, "-o", "-"},
		{"solve", "--variant", "x", file},
		{"batch", "--count", "1", "--size", "4", "--no-grade", "--exclude", file, "-o", "-"},
	} {
		_, _, errOut := runCLI(t, "", args...)
		if !strings.Contains(errOut, want) || !strings.Contains(errOut, "--format jsonl") {
			t.Errorf("%s: stderr %q, expected %q and --format jsonl", strings.Join(args, " "), errOut, want)
		}
	}
}
