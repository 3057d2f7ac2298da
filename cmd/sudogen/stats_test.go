package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestStatsCommand: stats of a batch corpus gives its tiers as the batch
// summary counted them, writes the HTML report, reads stdin, and fails
// (exit 1) on lines that are not records, after reporting the rest.
func TestStatsCommand(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.jsonl")
	code, _, errOut := runCLI(t, "", "batch", "-n", "40", "--seed", "6", "-o", corpus)
	if code != 0 {
		t.Fatal(errOut)
	}
	// The batch summary's tier counts: "tiers: easy 9 (22.5%), ...".
	tierLine := errOut[strings.Index(errOut, "tiers: ")+len("tiers: "):]
	tierLine = strings.TrimSpace(strings.Split(tierLine, "\n")[0])
	report := filepath.Join(dir, "r.html")
	code, out, errOut := runCLI(t, "", "stats", corpus, "--html", report)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "c.jsonl: 40 records; sudoku 40") || !strings.Contains(out, "sudoku 9x9: 40 records") {
		t.Errorf("stats output:\n%s", out)
	}
	for _, part := range strings.Split(tierLine, ", ") {
		name, count, _ := strings.Cut(part, " ")
		count, _, _ = strings.Cut(count, " ")
		if !strings.Contains(out, name+" "+count+" (") {
			t.Errorf("batch says %s %s; stats says:\n%s", name, count, out)
		}
	}
	page, err := os.ReadFile(report)
	if err != nil || !strings.Contains(string(page), "<svg") {
		t.Errorf("report: %v", err)
	}

	data, _ := os.ReadFile(corpus)
	code, out, _ = runCLI(t, string(data), "stats", "-", "--format", "json")
	var s struct {
		Records int64
		Groups  []struct{ Rated int64 }
	}
	if code != 0 || json.Unmarshal([]byte(out), &s) != nil || s.Records != 40 || s.Groups[0].Rated != 40 {
		t.Errorf("json from stdin: exit %d %+v", code, s)
	}

	// Several files are one corpus, read in order: the counts of the
	// file read twice, from a file and stdin, and a bad line named in its
	// own file; a missing file fails before anything is read, and stdin
	// is read once.
	code, out, _ = runCLI(t, string(data), "stats", corpus, "-", "--format", "json")
	if code != 0 || json.Unmarshal([]byte(out), &s) != nil || s.Records != 80 || s.Groups[0].Rated != 80 {
		t.Errorf("json of a file and stdin: exit %d %+v", code, s)
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("# a comment\nhello\n"), 0o644)
	code, out, errOut = runCLI(t, "", "stats", corpus, bad)
	if code != 1 || !strings.Contains(out, corpus+", "+bad+": 40 records") || !strings.Contains(out, "\n1 line is not a record; the first: "+bad+":2:") || !strings.Contains(errOut, "1 line of "+corpus+", "+bad+" is not a record: "+bad+":2:") {
		t.Errorf("two files, a bad line in the second: exit %d, %s\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "", "stats", corpus, filepath.Join(dir, "missing.jsonl"))
	if code != 1 || out != "" || !strings.Contains(errOut, "missing.jsonl") {
		t.Errorf("a missing second file: exit %d, %q, %q", code, errOut, out)
	}
	if code, _, errOut = runCLI(t, string(data), "stats", "-", "-"); code != 2 || !strings.Contains(errOut, "can be read once") {
		t.Errorf("stdin twice: exit %d, %q", code, errOut)
	}
	code, out, _ = runCLI(t, "", "stats", corpus, corpus, corpus, corpus, corpus)
	if code != 0 || !strings.Contains(out, corpus+", "+corpus+", "+corpus+" and 2 more files: 200 records") {
		t.Errorf("five files: exit %d, %q", code, out)
	}

	code, out, errOut = runCLI(t, string(data)+"{bad\n", "stats", "-")
	if code != 1 || !strings.Contains(errOut, "1 line of stdin is not a record: ") || !strings.Contains(errOut, "stdin:41") || !strings.Contains(out, "40 records") {
		t.Errorf("bad line: exit %d, %s\n%s", code, errOut, out)
	}
	// Text that is no puzzle is lines that are not records, not records
	// of a "sudoku 0x0" group (stats of a README exited 0).
	// JSON that is no object says so (audit A1 item 6).
	for _, c := range []struct {
		in    string
		bad   int
		first string
	}{
		{"hello world\nfoo\n", 2, "puzzle has "},
		{"[1,2]\n\"str\"\n", 2, "a JSON array: not a record (a JSON object) nor a puzzle line"},
		{`{"puzzle":"12"}` + "\n" + string(data), 1, "puzzle has "},
	} {
		in := c.in
		code, out, errOut = runCLI(t, in, "stats", "-")
		want := fmt.Sprintf("%d lines of stdin are not records (the first: stdin:1: %s", c.bad, c.first)
		if c.bad == 1 {
			want = "1 line of stdin is not a record: stdin:1: " + c.first
		}
		if code != 1 || !strings.Contains(errOut, want) || strings.Contains(out, "0x0") {
			t.Errorf("stats of %q: exit %d, %s\n%s", in[:10], code, errOut, out)
		}
	}
	if code, _, _ := runCLI(t, "", "stats", corpus, "--sample", "0"); code != 2 {
		t.Errorf("--sample 0: exit %d", code)
	}
	if code, _, errOut := runCLI(t, "", "stats", corpus, "--html", filepath.Join(dir, "no", "r.html")); code != 1 || errOut == "" {
		t.Errorf("report in a missing folder: exit %d %s", code, errOut)
	}
	// "--html -" is refused: it wrote a file named "-" ("-" is stdout
	// everywhere else, and stdout has the text summary).
	t.Chdir(dir)
	if code, _, errOut := runCLI(t, string(data), "stats", "-", "--html", "-"); code != 2 || errOut != "sudogen: --html -: the report is a file: give its name (stdout has the text summary)\n" {
		t.Errorf("--html -: exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Errorf("--html - wrote a file named -")
	}
}

// TestStatsVarieties: stats keeps puzzles of one kind but other rules
// apart (a group per variant list, Killer-X apart from Killer), each with
// its own counts, labelled by its variety; the groups come in the kinds'
// book order.
func TestStatsVarieties(t *testing.T) {
	var corpus strings.Builder
	want := map[string]int{}
	for _, run := range []struct {
		label string
		args  []string
	}{
		{"variant x 6x6", []string{"--variant", "x", "--size", "6", "--count", "3"}},
		{"variant anti-king 6x6", []string{"--variant", "anti-king", "--size", "6", "--count", "2"}},
		{"variant x 4x4", []string{"--variant", "x", "--size", "4", "--count", "1"}},
		{"killer 6x6", []string{"--kind", "killer", "--size", "6", "--tier", "easy", "--count", "2"}},
		{"killer x 6x6", []string{"--kind", "killer", "--variant", "x", "--size", "6", "--count", "1"}},
		{"slide 3x3", []string{"--kind", "slide", "--size", "3", "--count", "2"}},
		{"sudoku 6x6", []string{"--box", "2x3", "--count", "2"}},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"batch", "--seed", "4", "--progress", "never", "-q", "-o", "-"}, run.args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", run.label, code, errOut)
		}
		corpus.WriteString(out)
		want[run.label] += strings.Count(out, "\n")
	}
	code, out, errOut := runCLI(t, corpus.String(), "stats", "-", "--format", "json")
	if code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	var s struct {
		Groups []struct {
			Kind, Variety string
			Size          int
			Records       int
		}
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	var kinds []string
	for _, g := range s.Groups {
		if len(kinds) == 0 || kinds[len(kinds)-1] != g.Kind {
			kinds = append(kinds, g.Kind)
		}
		label := g.Kind
		if g.Variety != "" {
			label += " " + g.Variety
		}
		got[fmt.Sprintf("%s %dx%d", label, g.Size, g.Size)] += g.Records
	}
	if len(got) != len(want) {
		t.Errorf("groups %v, want %v", got, want)
	}
	for l, n := range want {
		if got[l] != n {
			t.Errorf("group %s: %d records, want %d (groups %v)", l, got[l], n, got)
		}
	}
	// The groups come kind by kind in a book's order of sections
	// (Sudoku, sliding puzzles, Killer, the variants), not in the
	// corpus's order or by name.
	if want := []string{"sudoku", "slide", "killer", "variant"}; !slices.Equal(kinds, want) {
		t.Errorf("groups in the kind order %v, want %v", kinds, want)
	}
	code, out, _ = runCLI(t, corpus.String(), "stats", "-")
	if code != 0 || !strings.Contains(out, "\nvariant anti-king 6x6: 2 records\n") || !strings.Contains(out, "\nkiller x 6x6: 1 record\n") {
		t.Errorf("stats text: exit %d\n%s", code, out)
	}
}
