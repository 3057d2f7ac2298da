package variantkind

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/variant"
)

// varcheck runs internal/testdata/tools/varcheck.py (written from
// docs/records.md, not from this code) on the records; it reports the
// script's exit code and output.
func varcheck(t *testing.T, recs []export.Record, args ...string) (int, string) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	var buf bytes.Buffer
	for i := range recs {
		buf.Write(export.AppendJSON(nil, &recs[i]))
		buf.WriteByte('\n')
	}
	file := filepath.Join(t.TempDir(), "v.jsonl")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, append([]string{filepath.Join("..", "internal", "testdata", "tools", "varcheck.py"), file}, args...)...)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

// TestIndependentChecker: generated records of every variant pass the
// independent checker (with --minimal those that say "minimal": true:
// all of them under SUDOGEN_LONG=1), and broken records fail it.
func TestIndependentChecker(t *testing.T) {
	var all []export.Record
	for _, tc := range []struct {
		spec  variant.Spec
		count int64
		sym   string // variant.Options.Symmetry
	}{
		{variant.Spec{Size: 9, Variants: []string{"x"}}, 4, ""},
		{variant.Spec{Size: 9, Variants: []string{"windoku"}}, 4, ""},
		{variant.Spec{Size: 9, Variants: []string{"jigsaw"}}, 3, ""},
		{variant.Spec{Size: 9, Variants: []string{"anti-knight"}}, 3, ""},
		{variant.Spec{Size: 9, Variants: []string{"anti-king"}}, 2, ""},
		{variant.Spec{Size: 9, Variants: []string{"asterisk"}}, 1, ""},
		{variant.Spec{Size: 9, Variants: []string{"center-dot", "girandola"}}, 1, ""},
		{variant.Spec{Size: 6, Variants: []string{"disjoint-groups"}}, 2, ""},
		// rot180: its 10 givens take the checker's search 0.6 s; the
		// 8-given puzzle without symmetry took it 5 s.
		{variant.Spec{Size: 9, Variants: []string{"anti-knight", "x"}}, 1, "rot180"},
		{variant.Spec{Size: 6, Variants: []string{"non-consecutive"}}, 3, ""},
		{variant.Spec{Size: 6, Variants: []string{"jigsaw"}}, 2, ""},
		{variant.Spec{Size: 8, Variants: []string{"x"}}, 2, ""},
		{variant.Spec{Size: 9, Variants: []string{"samurai"}}, 1, ""},
	} {
		all = append(all, run(t, tc.spec, variant.Options{Symmetry: tc.sym}, tc.count, nil)...)
	}
	if code, out := varcheck(t, all); code != 0 {
		t.Fatalf("checker refuses generated records (exit %d):\n%s", code, out)
	}
	// Minimality (one more proof per given, in Python) of the records
	// that say "minimal": true: by default the 9x9 X and 6x6 ones only,
	// every one in the long run. (A symmetric dig's record says false:
	// a given of an orbit can go alone.)
	long := os.Getenv("SUDOGEN_LONG") != ""
	var small []export.Record
	for _, r := range all {
		if r.Minimal == nil || !*r.Minimal {
			continue
		}
		if long || r.Size == 6 || strings.Join(FieldsOf(&r).Variants, ",") == "x" {
			small = append(small, r)
		}
	}
	if code, out := varcheck(t, small, "--minimal"); code != 0 {
		t.Fatalf("checker --minimal refuses generated records (exit %d):\n%s", code, out)
	}
	// Each broken record alone must fail.
	x := all[0]
	swap := func(s string, i, j int) string {
		b := []byte(s)
		b[i], b[j] = b[j], b[i]
		return string(b)
	}
	firstEmpty := strings.IndexByte(x.Puzzle, '.')
	firstGiven := strings.IndexAny(x.Puzzle, "123456789")
	windoku := all[4]
	cases := []struct {
		name string
		edit func(r *export.Record)
	}{
		{"solution with two cells swapped", func(r *export.Record) { r.Solution = swap(r.Solution, 0, 1) }},
		{"a given removed (two solutions or givens wrong)", func(r *export.Record) {
			r.Puzzle = r.Puzzle[:firstGiven] + "." + r.Puzzle[firstGiven+1:]
			r.Givens--
		}},
		{"givens miscounted", func(r *export.Record) { r.Givens++ }},
		{"a given disagreeing with the solution", func(r *export.Record) {
			v := r.Solution[firstEmpty]
			w := byte('1')
			if v == '1' {
				w = '2'
			}
			r.Puzzle = r.Puzzle[:firstEmpty] + string(w) + r.Puzzle[firstEmpty+1:]
			r.Givens++
		}},
		{"variants not sorted", func(r *export.Record) { r.Fields = &Fields{Variants: []string{"x", "anti-knight"}} }},
	}
	// A windoku record read as classic-with-x breaks the diagonals.
	cases = append(cases, struct {
		name string
		edit func(r *export.Record)
	}{"windoku record relabelled x", func(r *export.Record) {
		*r = windoku
		r.Fields = &Fields{Variants: []string{"x"}}
	}})
	// One run of the checker for them all (it checks each line on its
	// own and names every bad one, "FILE:LINE: why"; a Python start
	// each cost 0.4 s): every line must be named.
	var broken []export.Record
	for _, tc := range cases {
		r := x
		tc.edit(&r)
		broken = append(broken, r)
	}
	code, out := varcheck(t, broken)
	if code != 1 {
		t.Errorf("broken records: checker exit %d, want 1:\n%s", code, out)
	}
	for i, tc := range cases {
		if !strings.Contains(out, fmt.Sprintf(".jsonl:%d: ", i+1)) {
			t.Errorf("%s (line %d): the checker does not refuse it:\n%s", tc.name, i+1, out)
		}
	}
	if want := fmt.Sprintf("%d variant records checked, %d bad", len(cases), len(cases)); !strings.Contains(out, want) {
		t.Errorf("checker says %q, want %q", out, want)
	}
}
