package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestSwgenRefusedUpFront: generation options no puzzle can have are
// refused before anything is made, in one line with exit 2 naming what
// is allowed. A 6x6, 8x8 or 12x12 jigsaw's regions are drawn from its
// non-square boxes (docs/variants.md, "Jigsaw regions string"), so a
// rot90, diagonal or antidiagonal clue pattern is out of reach (before:
// exit 1 at puzzle 0); a killer run keeps one tier, so a list of tiers
// is refused as a list (before: "the killer tiers are easy, medium,
// hard, ...", which named the tiers asked for).
func TestSwgenRefusedUpFront(t *testing.T) {
	cases := []struct {
		args []string
		want []string // substrings of the one line
	}{
		{[]string{"--variant", "jigsaw", "--size", "6", "--symmetry", "rot90"}, []string{"--symmetry rot90", "2x3 boxes", "none, rot180, mirror, flip"}},
		{[]string{"--variant", "jigsaw", "--size", "8", "--symmetry", "diagonal"}, []string{"--symmetry diagonal", "2x4 boxes"}},
		{[]string{"--variant", "jigsaw", "--size", "12", "--symmetry", "antidiagonal"}, []string{"--symmetry antidiagonal", "3x4 boxes"}},
		{[]string{"--variant", "jigsaw,x", "--size", "6", "--symmetry", "rot90"}, []string{"--symmetry rot90", "--variant jigsaw,x"}},
		{[]string{"--kind", "killer", "--size", "6", "--tier", "easy,medium"}, []string{"--tier easy,medium", "keeps one tier"}},
	}
	for _, c := range cases {
		args := append([]string{"batch", "--count", "2", "--seed", "1", "--progress", "never", "-o", t.TempDir() + "/out.jsonl"}, c.args...)
		code, out, errOut := runCLI(t, "", args...)
		line := strings.TrimSpace(errOut)
		ok := code == 2 && out == "" && !strings.Contains(line, "\n") && strings.HasPrefix(line, "sudogen: ")
		for _, w := range c.want {
			ok = ok && strings.Contains(line, w)
		}
		if !ok {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestSwgenJigsawSymmetryKept: the symmetries a jigsaw's box layout has
// are still made, and the clue pattern of every record has the symmetry
// it claims (checked here on the givens, cell by cell).
func TestSwgenJigsawSymmetryKept(t *testing.T) {
	images := map[string]func(n, r, c int) (int, int){
		"rot180": func(n, r, c int) (int, int) { return n - 1 - r, n - 1 - c },
		"mirror": func(n, r, c int) (int, int) { return r, n - 1 - c },
		"rot90":  func(n, r, c int) (int, int) { return c, n - 1 - r },
	}
	for _, c := range []struct {
		size, sym string
	}{{"6", "rot180"}, {"8", "mirror"}, {"9", "rot90"}} {
		code, out, errOut := runCLI(t, "", "batch", "--variant", "jigsaw", "--size", c.size, "--symmetry", c.sym,
			"--count", "2", "--seed", "1", "--no-grade", "--progress", "never", "-q", "-o", "-")
		if code != 0 {
			t.Fatalf("jigsaw %s %s: exit %d, %s", c.size, c.sym, code, errOut)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var rec struct {
				Size     int    `json:"size"`
				Puzzle   string `json:"puzzle"`
				Symmetry string `json:"symmetry"`
			}
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("jigsaw %s %s: %v in %q", c.size, c.sym, err, line)
			}
			n := rec.Size
			if rec.Symmetry != c.sym || len(rec.Puzzle) != n*n {
				t.Fatalf("jigsaw %s %s: record says symmetry %q, puzzle of %d cells", c.size, c.sym, rec.Symmetry, len(rec.Puzzle))
			}
			for i := range rec.Puzzle {
				r2, c2 := images[c.sym](n, i/n, i%n)
				if (rec.Puzzle[i] == '.') != (rec.Puzzle[r2*n+c2] == '.') {
					t.Fatalf("jigsaw %s %s: cell %d and its image %d differ in %s", c.size, c.sym, i, r2*n+c2, rec.Puzzle)
				}
			}
		}
	}
}

// TestSwgenExcludeSaysSkipped: a --variant run excludes variant records
// only, so an --exclude file of plain puzzle lines excludes nothing; the
// load line says how many lines it skipped and why (before: "excluding
// 0 puzzles of FILE (0 new canonical forms)" and nothing else). A file
// of the run's own kind is said as before.
func TestSwgenExcludeSaysSkipped(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "", "batch", "--variant", "x", "--size", "6", "--no-grade", "--count", "3", "--seed", "1", "--progress", "never", "-q", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var plain []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct{ Puzzle string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		plain = append(plain, rec.Puzzle)
	}
	files := map[string]string{
		"plain.txt": strings.Join(plain, "\n") + "\n",
		"own.jsonl": out,
	}
	want := map[string]string{
		"plain.txt": "; skipped 3 lines of another kind than variant: plain puzzle lines are classic Sudoku\n",
		"own.jsonl": "excluding 3 puzzles of " + dir + "/own.jsonl (3 new canonical forms) in ",
	}
	for name, text := range files {
		path := dir + "/" + name
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runCLI(t, "", "batch", "--variant", "x", "--size", "6", "--no-grade", "--count", "1", "--seed", "2", "--progress", "never", "--exclude", path, "-o", dir+"/out.jsonl")
		if code != 0 || !strings.Contains(errOut, want[name]) {
			t.Errorf("--exclude %s: exit %d, stderr %q; want exit 0 and %q", name, code, errOut, want[name])
		}
	}
}

// TestSwgenKillerTierSpaces: a killer run's --tier drops the spaces
// around its name, as a classic or variant run's does: " easy" makes
// easy killers (before: refused, "the killer tiers are easy, ...").
func TestSwgenKillerTierSpaces(t *testing.T) {
	code, out, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "4", "--tier", " easy ", "--count", "2", "--seed", "1", "--progress", "never", "-q", "-o", "-")
	if code != 0 {
		t.Fatalf("--tier \" easy \": exit %d, stderr %q; want exit 0", code, errOut)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Tier   string  `json:"tier"`
			Rating float64 `json:"rating"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		// The killer tier table (docs/grading.md, "Killer tiers"): easy
		// is a rating up to 1.8.
		if rec.Tier != "easy" || rec.Rating > 1.8 {
			t.Errorf("record of tier %q, rating %.1f; want easy, at most 1.8", rec.Tier, rec.Rating)
		}
	}
}
