package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/sudogen/sudogen/batch"
)

// TestBatchKiller: batch --kind killer makes Killer Sudoku records with
// cages that cover the board, graded on the killer scale and filtered by
// tier; Killer-X with --variant x; the independent checker
// (internal/testdata/tools/killercheck.py, written from docs/records.md)
// passes them; flags killers do not take are refused.
func TestBatchKiller(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "k.jsonl")
	code, _, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--count", "4", "--seed", "2", "--tier", "easy", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, x, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--variant", "x", "--count", "2", "--seed", "3", "--progress", "never", "-q", "-o", "-")
	if code != 0 {
		t.Fatalf("killer-x: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)+x), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d records, want 6", len(lines))
	}
	for i, l := range lines {
		var r struct {
			Kind, Tier, Variant string
			Size                int
			Cages               []struct {
				Sum   int
				Cells []int
			}
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		covered := 0
		for _, c := range r.Cages {
			covered += len(c.Cells)
		}
		if r.Kind != "killer" || r.Size != 6 || covered != 36 {
			t.Errorf("record %d: kind %q size %d, cages cover %d cells", i+1, r.Kind, r.Size, covered)
		}
		if i < 4 && r.Tier != "easy" {
			t.Errorf("record %d: tier %q, want easy", i+1, r.Tier)
		}
		if i >= 4 && r.Variant != "x" {
			t.Errorf("record %d: variant %q, want x", i+1, r.Variant)
		}
	}
	for _, bad := range [][]string{{"--symmetry", "rot180"}, {"--cage-sizes", "5-2"}, {"--variant", "windoku"}, {"--size", "16"}} {
		if code, _, errOut := runCLI(t, "", append([]string{"batch", "--kind", "killer", "--count", "1"}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errOut)
		}
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed: the independent checker was not run")
	}
	check := exec.Command(py, "../../internal/testdata/tools/killercheck.py", out)
	if b, err := check.CombinedOutput(); err != nil || !strings.Contains(string(b), "4 passed, 0 failed") {
		t.Errorf("killercheck: %v: %s", err, b)
	}
}

// TestKillerResumeAfterCtrlC: a killer run stopped by SIGINT halfway and
// resumed ends byte-identical to the uninterrupted run; so does a copy of
// the interrupted run whose third record was changed by hand (a cage sum
// moved to another cage, so the solution no longer fits): that record is
// dropped and made again.
func TestKillerResumeAfterCtrlC(t *testing.T) {
	dir := t.TempDir()
	args := []string{"batch", "--kind", "killer", "--size", "6", "-n", "120", "-w", "1", "--seed", "11", "--progress", "never"}
	ref := filepath.Join(dir, "ref.jsonl")
	runProc(t, nil, append(args, "-q", "-o", ref)...)
	st, err := os.Stat(ref)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.jsonl")
	p, code := interruptRun(t, out, st.Size()/4, syscall.SIGINT, append(args, "--resume", "-o", out)...)
	if code != 130 {
		t.Fatalf("exit %d after SIGINT, want 130: %s", code, p.stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) < 4 || int64(len(data)) >= st.Size() {
		t.Fatalf("the interrupted run kept %d bytes of %d", len(data), st.Size())
	}
	// The copy: its run file first, so the output is the newer.
	bad := filepath.Join(dir, "bad.jsonl")
	run, err := os.ReadFile(batch.RunFilePath(out))
	if err != nil {
		t.Fatal(err)
	}
	lines[2] = moveCageSum(t, lines[2])
	if err := os.WriteFile(batch.RunFilePath(bad), run, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ out, kept string }{{out, "resumed: kept the "}, {bad, "resumed: kept the 2 records"}} {
		errOut := runProc(t, nil, append(args, "--resume", "-o", c.out)...)
		if !strings.Contains(errOut, c.kept) {
			t.Errorf("%s: resume said %q, want %q", c.out, errOut, c.kept)
		}
		sameFiles(t, "killer after Ctrl-C and resume", c.out, ref)
	}
	code, errOut := procCLI(t, append(args, "--resume", "--cage-sizes", "2-3", "-o", out)...)
	if code != 2 || !strings.Contains(errOut, "it was run without --cage-sizes, this run has --cage-sizes 2-3") {
		t.Errorf("resume with other cage sizes: exit %d: %s", code, errOut)
	}
}

// moveCageSum moves 1 from the first cage's sum to the second's in a
// killer record line: the cages stay valid, the solution no longer fits.
func moveCageSum(t *testing.T, line string) string {
	t.Helper()
	var rec map[string]any
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatal(err)
	}
	cages := rec["cages"].([]any)
	a, b := cages[0].(map[string]any), cages[1].(map[string]any)
	a["sum"] = a["sum"].(float64) + 1
	b["sum"] = b["sum"].(float64) - 1
	out, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return string(out) + "\n"
}

// TestKillerExclude: --exclude drops a killer whose canonical key is in
// the file, recognised through an isomorph (the board mirrored left to
// right and every digit d turned into 7-d, with the sums to match: the
// same 6x6 puzzle) that carries no "canonical" field; a classic puzzle
// line in the file is skipped.
func TestKillerExclude(t *testing.T) {
	dir := t.TempDir()
	args := []string{"batch", "--kind", "killer", "--size", "6", "--seed", "21", "--progress", "never"}
	code, plain, errOut := runCLI(t, "", append(args, "-n", "5", "-q", "-o", "-")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	recs := strings.Split(strings.TrimSpace(plain), "\n")
	var orig map[string]any
	if err := json.Unmarshal([]byte(recs[2]), &orig); err != nil {
		t.Fatal(err)
	}
	ex := filepath.Join(dir, "ex.jsonl")
	iso := mirrorComplement(t, orig, 6)
	if err := os.WriteFile(ex, []byte(iso+"\n1.....2.....3.....4.....5.....6.....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", append(args, "-n", "5", "--exclude", ex, "-o", "-")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var idx []int
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			Index     int
			Canonical string
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Canonical == orig["canonical"] {
			t.Errorf("index %d is the excluded killer", r.Index)
		}
		idx = append(idx, r.Index)
	}
	if fmt.Sprint(idx) != "[0 1 3 4 5]" {
		t.Errorf("indices %v, want [0 1 3 4 5] (index 2 excluded)", idx)
	}
	for _, want := range []string{"excluding 1 puzzle of " + ex + " (1 new canonical form)", "dropped 1 duplicate puzzle ("} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q: %s", want, errOut)
		}
	}
}

// mirrorComplement is a killer record of size n mirrored left to right,
// every digit d replaced by n+1-d and each cage's sum S by k(n+1)-S (k its
// cells), without its canonical, id, seed and index.
func mirrorComplement(t *testing.T, rec map[string]any, n int) string {
	t.Helper()
	mirror := func(c int) int { return c/n*n + n - 1 - c%n }
	flip := func(s string) string {
		b := []byte(s)
		out := make([]byte, len(b))
		for c := range b {
			v := b[mirror(c)]
			if v != '.' {
				v = byte('0' + n + 1 - int(v-'0'))
			}
			out[c] = v
		}
		return string(out)
	}
	iso := map[string]any{"kind": "killer", "size": rec["size"], "box": rec["box"], "puzzle": flip(rec["puzzle"].(string)), "solution": flip(rec["solution"].(string))}
	var cages []any
	for _, cg := range rec["cages"].([]any) {
		m := cg.(map[string]any)
		var cells []int
		for _, c := range m["cells"].([]any) {
			cells = append(cells, mirror(int(c.(float64))))
		}
		sort.Ints(cells)
		cages = append(cages, map[string]any{"sum": len(cells)*(n+1) - int(m["sum"].(float64)), "cells": cells})
	}
	iso["cages"] = cages
	b, err := json.Marshal(iso)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBatchKillerGivens: --givens N puts exactly N givens in every killer
// (the puzzle field's digits and the givens field agree), and the
// independent checker passes the records (givens that agree with the
// solution, one solution); a range or a count past the grid is refused.
func TestBatchKillerGivens(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.jsonl")
	code, _, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--givens", "3", "--count", "6", "--seed", "8", "--progress", "never", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "givens min 3 mean 3.0 max 3") {
		t.Errorf("summary without the givens: %s", errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r struct {
			Puzzle string
			Givens int
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if n := 36 - strings.Count(r.Puzzle, "."); n != 3 || r.Givens != 3 {
			t.Errorf("record %d: %d digits in %q, givens field %d; want 3", i+1, n, r.Puzzle, r.Givens)
		}
	}
	for _, bad := range []string{"2-5", "37", "-1", "x"} {
		if code, _, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--count", "1", "--givens", bad); code != 2 || !strings.Contains(errOut, "--givens") {
			t.Errorf("--givens %s: exit %d (%s), want 2 naming --givens", bad, code, errOut)
		}
	}
	killercheck(t, out, 6)
}

// killercheck runs the independent checker on a file of n killer
// records (skipped without python3).
func killercheck(t *testing.T, path string, n int) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed: the independent checker was not run")
	}
	b, err := exec.Command(py, "../../internal/testdata/tools/killercheck.py", path).CombinedOutput()
	if want := fmt.Sprintf("killercheck: %d passed, 0 failed", n); err != nil || !strings.Contains(string(b), want) {
		t.Errorf("killercheck %s: %v: %s (want %q)", path, err, b, want)
	}
}

// TestBatchKillerHideSums: --hide-sums 2 hides at most two sums a killer
// (a cage without "sum"), some at all, and the independent checker passes
// the records (one solution with only the no-repeat rule in those cages);
// a classic run refuses the flag.
func TestBatchKillerHideSums(t *testing.T) {
	out := filepath.Join(t.TempDir(), "h.jsonl")
	code, _, errOut := runCLI(t, "", "batch", "--kind", "killer", "--size", "6", "--hide-sums", "2", "--count", "6", "--seed", "5", "--progress", "never", "-q", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r struct{ Cages []map[string]any }
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		hidden := 0
		for _, cg := range r.Cages {
			if _, ok := cg["sum"]; !ok {
				hidden++
			}
		}
		if hidden > 2 {
			t.Errorf("record %d hides %d sums, asked for at most 2", i+1, hidden)
		}
		total += hidden
	}
	if total == 0 {
		t.Error("no sum hidden in 6 killers")
	}
	if code, _, errOut := runCLI(t, "", "batch", "--hide-sums", "1", "--count", "1"); code != 2 || !strings.Contains(errOut, "--hide-sums is for --kind killer") {
		t.Errorf("classic --hide-sums: exit %d: %s", code, errOut)
	}
	killercheck(t, out, 6)
}

// TestKillerGiveUpNamesTiersSeen: a killer run that gives up on its tier
// names the tiers it saw, as its advice ("ask for a tier seen here")
// assumes; it named none. One puzzle asked for is "1 ... puzzle".
func TestKillerGiveUpNamesTiersSeen(t *testing.T) {
	code, _, e := runCLI(t, "", "batch", "--kind", "killer", "--size", "4", "--count", "1", "--tier", "expert", "--seed", "1", "--max-attempts", "200", "-o", filepath.Join(t.TempDir(), "k.jsonl"))
	if code != 1 || !strings.Contains(e, "gave up: asked for 1 killer 4x4 puzzle of tier expert") ||
		!regexp.MustCompile(`; tiers seen: easy \d+ \([\d.]+%\)[^;]*; ask for a tier seen here`).MatchString(e) {
		t.Errorf("exit %d, stderr %q", code, e)
	}
}
