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
