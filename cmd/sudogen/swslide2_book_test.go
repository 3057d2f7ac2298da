package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSwslide2BookGoalBoard: a board already at the goal is written with
// "optimal":0 and no "solution" (docs/records.md; solve --kind slide
// --format jsonl writes it so), and the PDF book refused it: "no
// solution for the answer key", as if the moves were missing. Its key is
// now "0 moves."; a board that needs moves and has none is still
// refused.
func TestSwslide2BookGoalBoard(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, line string
		code       int
		err        string
	}{
		{"goal board", `{"v":1,"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,8,0],"goal":"blank-last","optimal":0,"move_piece":"blank"}`, 0, ""},
		{"goal 4x4 without optimal", `{"v":1,"kind":"slide","size":4,"tiles":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]}`, 0, ""},
		{"one move, no solution", `{"v":1,"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]}`, 1,
			"r.jsonl:1: no solution for the answer key"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := filepath.Join(dir, "r.jsonl")
			if err := os.WriteFile(in, []byte(tc.line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "book.pdf")
			os.Remove(out)
			code, _, errOut := runCLI(t, "", "export", in, "--solutions", "back", "-o", out)
			if code != tc.code || !strings.Contains(errOut, tc.err) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, tc.code, tc.err)
			}
			if st, err := os.Stat(out); tc.code == 0 && (err != nil || st.Size() == 0) {
				t.Fatalf("no book written: %v", err)
			}
		})
	}
}
