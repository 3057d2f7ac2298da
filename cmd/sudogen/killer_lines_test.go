package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestKillerTextLines: a killer exported as txt is its one-line cage map
// and sums (not its empty givens), and the per-line commands read that
// line back as the killer the record holds: the same solution, canonical
// key and rating.
func TestKillerTextLines(t *testing.T) {
	recs := easyKillers(t, "3", "5")
	code, txt, errOut := runCLI(t, recs, "export", "-", "--format", "txt", "-o", "-", "-q")
	if code != 0 {
		t.Fatalf("export txt: exit %d: %s", code, errOut)
	}
	var want []struct {
		Solution, Canonical string
		Rating              float64
	}
	for _, l := range strings.Split(strings.TrimSpace(recs), "\n") {
		var r struct {
			Solution, Canonical string
			Rating              float64
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		want = append(want, r)
	}
	lines := strings.Split(strings.TrimSpace(txt), "\n")
	if len(lines) != len(want) {
		t.Fatalf("txt: %d lines for %d records:\n%s", len(lines), len(want), txt)
	}
	for i, l := range lines {
		if strings.Trim(l, ".") == "" || !strings.Contains(l, "=") {
			t.Errorf("txt line %d is not a cage map with sums: %q", i+1, l)
		}
	}
	col := func(out string, f func(string) string) []string {
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			got = append(got, f(l))
		}
		return got
	}
	same := func(what string, got []string, w func(i int) string) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d lines, want %d: %q", what, len(got), len(want), got)
		}
		for i := range got {
			if got[i] != w(i) {
				t.Errorf("%s, line %d: %q, want %q", what, i+1, got[i], w(i))
			}
		}
	}
	code, out, errOut := runCLI(t, txt, "solve")
	if code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errOut)
	}
	same("solve", col(out, func(s string) string { return s }), func(i int) string { return want[i].Solution })
	code, out, errOut = runCLI(t, txt, "canon")
	if code != 0 {
		t.Fatalf("canon: exit %d: %s", code, errOut)
	}
	same("canon", col(out, func(s string) string { return s }), func(i int) string { return want[i].Canonical })
	code, out, errOut = runCLI(t, txt, "grade")
	if code != 0 {
		t.Fatalf("grade: exit %d: %s", code, errOut)
	}
	same("grade", col(out, func(s string) string {
		var r struct {
			Kind   string
			Rating float64
		}
		if err := json.Unmarshal([]byte(s), &r); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(r.Kind, " ", r.Rating)
	}), func(i int) string { return fmt.Sprint("killer ", want[i].Rating) })

	// The table shows the killer's line, and no EP/ED (killers have none).
	code, out, errOut = runCLI(t, txt, "grade", "--format", "table")
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(rows) != len(lines)+1 {
		t.Fatalf("grade --format table: exit %d: %s%s", code, out, errOut)
	}
	for i, row := range rows[1:] {
		if !strings.HasSuffix(row, "  "+lines[i]) || !strings.Contains(row, "    -    -  ") {
			t.Errorf("table row %d: %q", i+1, row)
		}
	}
}

// easyKillers makes count easy 6x6 killer records of seed as JSONL.
func easyKillers(t *testing.T, count, seed string) string {
	t.Helper()
	code, recs, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--count", count, "--seed", seed, "--tier", "easy", "--progress", "never", "-q", "-o", "-")
	if code != 0 {
		t.Fatalf("killer batch: exit %d: %s", code, errOut)
	}
	return recs
}

// TestKillerTextCorpus: the readers of corpora (merge, stats, export)
// read a killer's txt line as that killer, as the per-line commands do:
// merge writes the killer's record back (its cages, the solution its
// check finds, the canonical key the batch wrote), stats counts it as a
// killer, export draws it. A grid line followed by grade's SE rating
// ("ED=2.0/1.2/1.2", a word with '=') stays a Sudoku line everywhere.
func TestKillerTextCorpus(t *testing.T) {
	recs := easyKillers(t, "3", "7")
	code, txt, errOut := runCLI(t, recs, "export", "-", "--format", "txt", "-o", "-", "-q")
	if code != 0 {
		t.Fatalf("export txt: exit %d: %s", code, errOut)
	}
	type rec struct {
		Kind, Solution, Canonical string
		Cages                     []struct {
			Sum   int
			Cells []int
		}
	}
	parse := func(out string) []rec {
		t.Helper()
		var rs []rec
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var r rec
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("%v: %q", err, l)
			}
			rs = append(rs, r)
		}
		return rs
	}
	want := parse(recs)
	code, out, errOut := runCLI(t, txt, "merge", "-", "-o", "-", "-q")
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	got := parse(out)
	if len(got) != len(want) {
		t.Fatalf("merge: %d records, want %d:\n%s", len(got), len(want), out)
	}
	for i := range got {
		if got[i].Kind != "killer" || got[i].Solution != want[i].Solution || got[i].Canonical != want[i].Canonical ||
			fmt.Sprint(got[i].Cages) != fmt.Sprint(want[i].Cages) {
			t.Errorf("merge, record %d: %+v, want %+v", i+1, got[i], want[i])
		}
	}
	// merge's output is a killer corpus again: merged with the batch's
	// records, every one is a duplicate.
	code, _, errOut = runCLI(t, out+recs, "merge", "-", "-o", "-")
	if code != 0 || !strings.Contains(errOut, "3 kept, 3 duplicates dropped") {
		t.Errorf("merge of both: exit %d: %s", code, errOut)
	}
	code, out, errOut = runCLI(t, txt, "stats", "-")
	if code != 0 || !strings.Contains(out, "killer 6x6: 3 records") || strings.Contains(out, "sudoku") {
		t.Errorf("stats: exit %d: %s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, txt, "export", "-", "--format", "csv", "-o", "-", "-q")
	if code != 0 || strings.Count(out, "killer") != 3 {
		t.Errorf("export csv: exit %d: %s%s", code, out, errOut)
	}

	// A killer line with two solutions is refused where a record is
	// checked, by file and line.
	two := "aabb\ncdef\nghij\nkllm a=3 b=7 c=1 d=4 e=2 f=3 g=2 h=1 i=4 j=3 k=4 l=5 m=2\n"
	two = strings.ReplaceAll(two, "\n", " ")
	code, _, errOut = runCLI(t, two+"\n", "merge", "-", "-o", "-")
	if code != 1 || !strings.Contains(errOut, "stdin:1:") || !strings.Contains(errOut, "solution") {
		t.Errorf("merge of a killer line with two solutions: exit %d: %s", code, errOut)
	}

	const grid = "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"
	se := grid + " ED=2.0/1.2/1.2\n"
	for _, args := range [][]string{{"solve"}, {"stats", "-"}, {"merge", "-", "-o", "-"}} {
		code, out, errOut := runCLI(t, se, args...)
		if code != 0 || strings.Contains(out+errOut, "killer") {
			t.Errorf("%s of a grid line with its SE rating: exit %d: %s%s", args[0], code, out, errOut)
		}
	}
}
