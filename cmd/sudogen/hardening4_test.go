package main

// Tests for the cosmetic leftovers of item 26 of the audit
// shared/audits/2026-12-02-hostile.md (issue 19, hardening II).

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rewriteRecords rewrites the JSONL file path, each record through edit
// (given its 1-based line).
func rewriteRecords(t *testing.T, path string, edit func(line int, r map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		edit(i+1, r)
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A book's text checks (an id under --ids, a tier) name the record by
// file and line, as every other bad record is named, and give advice that
// works: ids are drawn in Go Mono whatever --font says.
func TestBookTextErrorsNameLine(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "b.jsonl")
	if code, _, stderr := runCLI(t, "", "batch", "--count", "4", "--seed", "1", "--no-grade", "-q", "-o", corpus); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, stderr)
	}
	rewriteRecords(t, corpus, func(line int, r map[string]any) {
		switch line {
		case 2:
			r["id"] = "数独-2"
		case 4:
			r["tier"] = "数独"
		}
	})
	pdf := filepath.Join(dir, "b.pdf")
	for _, c := range []struct {
		name string
		args []string
		want string // the whole message, after "sudogen: FILE:"
		not  string // advice that would not help
	}{
		{"id", []string{"--ids"},
			`2: id: the id font (Go Mono) cannot draw "数" (U+6570), "独" (U+72EC): ids are printed in Go Mono whatever --font is given: ` +
				"give the record an id in Latin, Greek or Cyrillic letters, or leave the ids out (no --ids, or --no-ids after a preset that sets it)", "--font FILE"},
		{"id sorted", []string{"--ids", "--sort", "-id"}, `2: id: the id font (Go Mono) cannot draw "数"`, "--font FILE"},
		{"tier", nil, `4: tier: the book's fonts (Go Regular, Bold) cannot draw "数" (U+6570), "独" (U+72EC): give --font FILE.ttf`, ""},
		{"tier sorted", []string{"--sort", "id"}, `4: tier: the book's fonts (Go Regular, Bold) cannot draw "数"`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"export", corpus, "-q", "-o", pdf}, c.args...)
			code, _, stderr := runCLI(t, "", args...)
			if code != 1 || !strings.HasPrefix(stderr, "sudogen: "+corpus+":"+c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want exit 1 and sudogen: %s:%s", code, stderr, corpus, c.want)
			}
			if c.not != "" && strings.Contains(stderr, c.not) {
				t.Errorf("stderr %q gives advice that does not help (%q)", stderr, c.not)
			}
			if _, err := os.Stat(pdf); err == nil {
				t.Errorf("%s written", pdf)
			}
		})
	}
	// Records the book does not print are not refused for their text.
	for _, args := range [][]string{{"--ids", "--limit", "1"}, {"--ids", "--sort", "id", "--limit", "1"}} {
		if code, _, stderr := runCLI(t, "", append([]string{"export", corpus, "-q", "-o", pdf}, args...)...); code != 0 {
			t.Errorf("export %v: exit %d: %s", args, code, stderr)
		}
	}
}

// batch --exclude drops an excluded puzzle before grading it: a run of
// the same seed as its excluded corpus grades none of the corpus's
// puzzles again (the audit: 13 s for 2000), and counts every one of them
// as a duplicate, whatever tier it would have had.
func TestExcludeDropsBeforeGrading(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "ex.jsonl")
	if code, _, stderr := runCLI(t, "", "batch", "--count", "300", "--seed", "9", "--no-grade", "-q", "-o", corpus); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "out.jsonl")
	code, _, stderr := runCLI(t, "", "batch", "--count", "2", "--seed", "9", "--tier", "hard", "--exclude", corpus, "-o", out)
	if code != 0 {
		t.Fatalf("batch --exclude: exit %d: %s", code, stderr)
	}
	m := regexp.MustCompile(`([\d,]+) tried`).FindStringSubmatch(stderr)
	g := regexp.MustCompile(`targeting: ([\d,]+) puzzles generated, ([\d,]+) graded`).FindStringSubmatch(stderr)
	if m == nil || g == nil || !strings.Contains(stderr, "dropped 300 duplicate puzzles") {
		t.Fatalf("summary %q: want the tries, the targeting line and 300 duplicates", stderr)
	}
	num := func(s string) int { n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return n }
	tried, generated, graded := num(m[1]), num(g[1]), num(g[2])
	if generated != tried || graded > tried-300 {
		t.Errorf("%d tried, %d generated, %d graded: the 300 excluded were graded (%q)", tried, generated, graded, stderr)
	}
}

// A --format run that writes nothing (it gave up) leaves no folder it
// created for -o either (audit 2026-12-02 item 12: "no new file
// appears"), and says nothing of the folder being "as it was"; a folder
// that was there stays.
func TestFailedFormatRunLeavesNoFolder(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		formats, out string
		existed      bool
	}{
		{"jsonl,pdf", filepath.Join(dir, "new"), false},
		{"pdf", filepath.Join(dir, "one"), false},
		{"jsonl,xlsx", dir, true},
	} {
		code, _, stderr := runCLI(t, "", "batch", "--size", "4", "--count", "1000", "--max-attempts", "300", "--no-grade", "-q",
			"--format", c.formats, "-o", c.out+"/")
		if code != 1 || !strings.Contains(stderr, "gave up") || !strings.Contains(stderr, "nothing was written") {
			t.Fatalf("--format %s -o %s/: exit %d, %q; want a give-up", c.formats, c.out, code, stderr)
		}
		ents, err := os.ReadDir(dir)
		switch {
		case c.existed && (err != nil || len(ents) != 0):
			t.Errorf("--format %s -o %s/: the folder holds %v (%v), want it empty", c.formats, c.out, ents, err)
		case !c.existed && len(ents) != 0:
			t.Errorf("--format %s -o %s/: left %v in %s", c.formats, c.out, ents, dir)
		case !c.existed && strings.Contains(stderr, "is as it was"):
			t.Errorf("--format %s -o %s/: %q: the folder was not there", c.formats, c.out, stderr)
		}
	}
}
