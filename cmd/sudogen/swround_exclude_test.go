package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/variantkind"
)

// swroundCanonicals returns the "canonical" field of every record of a
// JSONL file, read with encoding/json alone.
func swroundCanonicals(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var rec struct {
			Canonical string `json:"canonical"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil || rec.Canonical == "" {
			t.Fatalf("%s: line %q: no canonical (%v)", file, l, err)
		}
		keys = append(keys, rec.Canonical)
	}
	return keys
}

// TestSwroundExcludeReadsCanonKeys: the keys `canon` writes for variant
// puzzles (x:PUZZLE, windoku,x:PUZZLE, jigsaw:REGIONS:PUZZLE), which
// every per-line command reads back, are read by batch --exclude too: a
// run of the same seed never makes one of them again. Before, --exclude
// refused the first key ("puzzle has 83 characters, expected 81"). The
// truth is the keys themselves: no record of the second run has a
// canonical field equal to a line of the excluded file.
func TestSwroundExcludeReadsCanonKeys(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, count string // name: the key's variant list
		args        []string
	}{
		{"x", "3", []string{"--variant", "x"}},
		{"windoku,x", "3", []string{"--variant", "x,windoku"}},
		{"jigsaw", "3", []string{"--variant", "jigsaw", "--size", "6"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := filepath.Join(dir, tc.name+"-1.jsonl")
			base := append([]string{"batch", "--count", tc.count, "--seed", "7", "--no-grade"}, tc.args...)
			if code, _, errOut := runCLI(t, "", append(base, "-o", first)...); code != 0 {
				t.Fatalf("batch: exit %d: %s", code, errOut)
			}
			code, keys, errOut := runCLI(t, "", "canon", first)
			if code != 0 {
				t.Fatalf("canon: exit %d: %s", code, errOut)
			}
			if !strings.HasPrefix(keys, tc.name+":") {
				t.Fatalf("canon wrote %q, expected keys starting %q", keys, tc.name+":")
			}
			// A comment and a blank line as a user's saved file may have.
			excl := filepath.Join(dir, tc.name+".keys")
			if err := os.WriteFile(excl, []byte("# saved by canon\n\n"+keys), 0o644); err != nil {
				t.Fatal(err)
			}
			second := filepath.Join(dir, tc.name+"-2.jsonl")
			code, _, errOut = runCLI(t, "", append(base, "--exclude", excl, "-o", second)...)
			if code != 0 {
				t.Fatalf("batch --exclude %s: exit %d: %s", excl, code, errOut)
			}
			if want := "excluding " + tc.count + " puzzle"; !strings.Contains(errOut, want) || !strings.Contains(errOut, " of "+excl+" ("+tc.count+" new canonical form") {
				t.Errorf("load line: %q, expected %s puzzles excluded", errOut, tc.count)
			}
			excluded := map[string]bool{}
			for _, k := range strings.Fields(keys) {
				excluded[k] = true
			}
			made := swroundCanonicals(t, second)
			if n := len(made); n == 0 || len(made) != strings.Count(keys, "\n") {
				t.Fatalf("second run wrote %d records, want %s", n, tc.count)
			}
			for _, k := range made {
				if excluded[k] {
					t.Errorf("second run made %s, a puzzle of the excluded file", k)
				}
			}
		})
	}
}

// TestSwroundExcludeKeyLinesLoad: what --exclude's load makes of key
// lines, for the kinds a batch test would take too long to run: a
// Samurai key (369 cells put back in the 21x21 frame) excludes the
// record it is the key of (the record's own canonical field, which
// `canon` writes, is in the set), and a classic run skips variant keys
// as it skips variant records, saying so, instead of refusing them as
// 83-character Sudoku lines.
func TestSwroundExcludeKeyLinesLoad(t *testing.T) {
	b, err := os.ReadFile("testdata/swbook/samurai.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Canonical string `json:"canonical"`
	}
	if err := json.Unmarshal(b, &rec); err != nil || !strings.HasPrefix(rec.Canonical, "samurai:") {
		t.Fatalf("samurai record: canonical %q, %v", rec.Canonical, err)
	}
	x := "x:..............1..23...4..5......6..5.....4.7..8.39.4.....9...2...7.2.....4......."
	for _, tc := range []struct {
		name, kind, lines string
		has               string // a key the set must hold after the load
		msg               string // in the load line
	}{
		{"samurai", variantkind.Name, rec.Canonical + "\n", rec.Canonical, "excluding 1 puzzle of"},
		{"key and record", variantkind.Name, rec.Canonical + "\n" + string(b), rec.Canonical, "excluding 2 puzzles of"},
		{"classic run", export.KindSudoku, x + "\n", "", "skipped 1 line of another kind than sudoku"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "keys.txt")
			if err := os.WriteFile(file, []byte(tc.lines), 0o644); err != nil {
				t.Fatal(err)
			}
			o := &BatchDedupeOptions{Exclude: []string{file}}
			var msg bytes.Buffer
			if err := o.plan(&batch.Spec{Workers: 1}, &msg, false, tc.kind); err != nil {
				t.Fatalf("--exclude %s: %v", tc.lines, err)
			}
			if !strings.Contains(msg.String(), tc.msg) {
				t.Errorf("load line %q, expected %q in it", msg.String(), tc.msg)
			}
			if tc.has != "" && !o.set.Has(tc.has) {
				t.Errorf("the excluded set does not hold %s", tc.has)
			}
			if tc.has != "" && o.set.Len() != 1 {
				t.Errorf("the excluded set holds %d keys, want 1", o.set.Len())
			}
		})
	}
}

// TestSwroundExcludeOwnTxtLines: a jigsaw or Samurai run's --exclude
// reads the run's own txt lines (a jigsaw's PUZZLE REGIONS, a Samurai
// board's 441 cells with '#'), which are no classic Sudoku line, as the
// run's variant: a jigsaw run of the same seed as a --format jsonl,txt
// run, excluding its txt, makes none of its puzzles again (their
// canonical fields, read from its jsonl), and a Samurai txt line puts
// its record's canonical key in the set. Before, both were refused,
// "read it with --variant jigsaw" (or samurai), which the run had. A run
// of another variant still refuses them.
func TestSwroundExcludeOwnTxtLines(t *testing.T) {
	dir := t.TempDir()
	base := []string{"batch", "--variant", "jigsaw", "--size", "6", "--count", "3", "--seed", "7", "--no-grade"}
	if code, _, errOut := runCLI(t, "", append(base, "--format", "jsonl,txt", "-q", "-o", dir+"/first/")...); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, errOut)
	}
	excluded := map[string]bool{}
	for _, k := range swroundCanonicals(t, dir+"/first/puzzles.jsonl") {
		excluded[k] = true
	}
	second := filepath.Join(dir, "second.jsonl")
	code, _, errOut := runCLI(t, "", append(base, "--exclude", dir+"/first/puzzles.txt", "-o", second)...)
	if code != 0 || !strings.Contains(errOut, "excluding 3 puzzles of ") {
		t.Fatalf("batch --exclude puzzles.txt: exit %d: %s", code, errOut)
	}
	for _, k := range swroundCanonicals(t, second) {
		if excluded[k] {
			t.Errorf("second run made %s, a puzzle of the excluded txt", k)
		}
	}
	code, _, errOut = runCLI(t, "", "batch", "--variant", "x", "--size", "6", "--count", "1", "--no-grade", "--exclude", dir+"/first/puzzles.txt", "-o", filepath.Join(dir, "x.jsonl"))
	if code != 2 || !strings.Contains(errOut, "looks like a jigsaw puzzle line") {
		t.Errorf("an x run excluding jigsaw lines: exit %d, %q; want exit 2 naming the jigsaw line", code, errOut)
	}

	b, err := os.ReadFile("testdata/swbook/samurai.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct{ Puzzle, Canonical string }
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "samurai.txt")
	if err := os.WriteFile(file, []byte(rec.Puzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := &BatchDedupeOptions{Exclude: []string{file}}
	fs := pflag.NewFlagSet("batch", pflag.ContinueOnError)
	fs.StringSlice("variant", nil, "")
	o.addFlags(fs)
	if err := fs.Parse([]string{"--variant", "samurai"}); err != nil {
		t.Fatal(err)
	}
	var msg bytes.Buffer
	if err := o.plan(&batch.Spec{Workers: 1}, &msg, false, variantkind.Name); err != nil {
		t.Fatalf("--exclude of a Samurai txt line: %v", err)
	}
	if !o.set.Has(rec.Canonical) || o.set.Len() != 1 {
		t.Errorf("the excluded set (%d keys) does not hold the record's key %.40s...", o.set.Len(), rec.Canonical)
	}
}
