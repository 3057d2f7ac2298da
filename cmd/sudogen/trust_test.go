package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
)

// trustRun is a finished --resume run: its output's lines and run file,
// from which a test makes what an interrupted run leaves.
type trustRun struct {
	args    []string // the batch flags, without -o
	lines   []string // the output, a line each with its newline
	runFile []byte
}

func makeTrustRun(t *testing.T, args ...string) trustRun {
	t.Helper()
	ref := filepath.Join(t.TempDir(), "ref.jsonl")
	all := append(append([]string{"batch", "--resume", "-w", "1"}, args...), "-o", ref)
	if code, _, e := runCLI(t, "", all...); code != 0 {
		t.Fatalf("%v: exit %d: %s", all, code, e)
	}
	full, _ := os.ReadFile(ref)
	rf, err := os.ReadFile(batch.RunFilePath(ref))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(full), "\n")
	return trustRun{args: args, lines: lines[:len(lines)-1], runFile: rf}
}

// edited is the run's first n lines with line 2 (the second) changed by
// edit, as the encoder writes it (so resume reads it as sudogen's).
func (r trustRun) edited(t *testing.T, n int, edit func(*export.Record)) string {
	t.Helper()
	var rec export.Record
	if err := export.DecodeRecord([]byte(strings.TrimSpace(r.lines[1])), &rec); err != nil {
		t.Fatal(err)
	}
	edit(&rec)
	lines := append([]string(nil), r.lines[:n]...)
	lines[1] = string(export.AppendJSON(nil, &rec)) + "\n"
	return strings.Join(lines, "")
}

// resume writes content as the interrupted run's output beside its run
// file, resumes the run and returns its stderr, failing unless it exits 0
// and ends with the uninterrupted run's output.
func (r trustRun) resume(t *testing.T, content string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "part.jsonl")
	os.WriteFile(out, []byte(content), 0o644)
	os.WriteFile(batch.RunFilePath(out), r.runFile, 0o644)
	all := append(append([]string{"batch", "--resume", "-w", "1"}, r.args...), "-o", out)
	code, _, e := runCLI(t, "", all...)
	if got, _ := os.ReadFile(out); code != 0 || string(got) != strings.Join(r.lines, "") {
		t.Fatalf("resume: exit %d, output equal %v: %s", code, string(got) == strings.Join(r.lines, ""), e)
	}
	return e
}

// The readers of a hostile record (trustCase.readers).
const (
	rdXLSX     = 1 << iota // export --format xlsx
	rdPDF                  // export --format pdf
	rdMerge                // merge
	rdMergeMin             // merge --check-minimal
	rdResume               // batch --resume
	rdAll      = rdXLSX | rdPDF | rdMerge | rdMergeMin | rdResume
)

// TestHostileGrading: a record whose grading fields (or "minimal") lie
// is refused by every reader that trusts them, with FILE:LINE and the
// reason, and --resume drops it with the lines after it and makes them
// again (its output is the uninterrupted run's). The readers that do not
// check a field (docs/records.md, "What readers accept") take it.
func TestHostileGrading(t *testing.T) {
	classic := makeTrustRun(t, "-n", "4", "--seed", "1")
	killer := makeTrustRun(t, "-n", "3", "--seed", "1", "--kind", "killer", "--size", "6")
	variant := makeTrustRun(t, "-n", "3", "--seed", "2", "--variant", "x", "--size", "6")
	noGrade := makeTrustRun(t, "-n", "3", "--seed", "1", "--size", "6", "--no-grade")
	// a run whose records need not be minimal: resume tests the field
	givens := makeTrustRun(t, "-n", "3", "--seed", "1", "--givens", "32")
	// A given added from the solution: the puzzle is no longer minimal.
	addGiven := func(r *export.Record) {
		i := strings.IndexByte(r.Puzzle, '.')
		r.Puzzle = r.Puzzle[:i] + r.Solution[i:i+1] + r.Puzzle[i+1:]
		r.Givens++
		r.Canonical, _ = export.CanonicalKey(r)
	}
	cases := []struct {
		name    string
		run     trustRun
		edit    func(*export.Record)
		want    string
		readers int
	}{
		{"negative count", classic, func(r *export.Record) { r.Techniques["hidden-single"] = -3 },
			`techniques: "hidden-single" counts -3 steps, expected a whole number >= 1`, rdAll},
		{"zero count", classic, func(r *export.Record) { r.Techniques["hidden-single"] = 0 },
			`techniques: "hidden-single" counts 0 steps`, rdAll},
		{"unknown technique", classic, func(r *export.Record) { r.Techniques["telepathy"] = 1 },
			`techniques: "telepathy" is not a technique of the SE/HoDoKu ladder`, rdAll},
		{"hardest not used", classic, func(r *export.Record) { r.Hardest = "x-wing" },
			`hardest "x-wing" is not among techniques, expected one of its ids`, rdAll},
		{"rating off the scale", classic, func(r *export.Record) { r.Rating, r.Tier = 99.5, "easy" },
			`rating 99.5 is off the sudoku scale, expected 1.0 to 20.0`, rdAll},
		{"rating two decimals", classic, func(r *export.Record) { r.Rating = 7.25 },
			`rating 7.25, expected one decimal`, rdAll},
		{"rating and rating_at_least", classic, func(r *export.Record) { r.RatingAtLeast = r.Rating },
			`rating 7.2 and rating_at_least 7.2, expected one of them`, rdAll},
		{"ed above ep", classic, func(r *export.Record) { r.ED = r.EP + 0.5 },
			`ed 1.7 is above ep 1.2, expected ed <= ep`, rdAll},
		{"ep above rating", classic, func(r *export.Record) { r.EP, r.ED = 8.0, 1.2 },
			`ep 8.0 is above rating 7.2, expected ep <= rating`, rdAll},
		{"level not HoDoKu's", classic, func(r *export.Record) { r.Level = "Insane" },
			`level "Insane", expected one of HoDoKu's`, rdAll},
		{"score without level", classic, func(r *export.Record) { r.Level = "" },
			`score 2192 without level, expected both`, rdAll},
		// The tier table of a run is known to the run alone (--tiers).
		{"tier not the table's", classic, func(r *export.Record) { r.Tier = "easy" },
			`tier "easy" but rating 7.2, expected "extreme" by the run's tier table`, rdResume},
		{"variant tier not the table's", variant, func(r *export.Record) { r.Tier = "nightmare" },
			`tier "nightmare" but rating`, rdResume},
		// Resume of a run that keeps minimal puzzles only takes it: the
		// puzzle passes every check (its canonical form recomputed by
		// the edit), and the run does not search its givens again.
		{"minimal not minimal", classic, addGiven,
			`minimal true, but a given can be removed keeping the solution unique: expected false`, rdXLSX | rdMergeMin},
		{"minimal claimed in a run that need not be minimal", givens, func(r *export.Record) { m := true; r.Minimal = &m },
			`minimal true, but a given can be removed keeping the solution unique: expected false`, rdXLSX | rdMergeMin | rdResume},
		{"minimal false on a minimal puzzle", classic, func(r *export.Record) { f := false; r.Minimal = &f },
			`minimal false, but no given can be removed`, rdXLSX | rdMergeMin | rdResume},
		{"minimal false on a non-minimal puzzle in a minimal run", classic, func(r *export.Record) {
			addGiven(r)
			f := false
			r.Minimal = &f
		}, `minimal is not true, expected true in a run that keeps minimal puzzles only`, rdResume},
		{"killer tier", killer, func(r *export.Record) { r.Tier = "nightmare" },
			`tier "nightmare" but rating`, rdAll},
		{"killer unknown technique", killer, func(r *export.Record) { r.Techniques["nishio"] = 2 },
			`techniques: "nishio" is not a technique of the killer ladder`, rdAll},
		{"killer ep", killer, func(r *export.Record) { r.EP = 1.2 },
			`ep or ed on a killer record`, rdAll},
		{"variant unknown technique", variant, func(r *export.Record) { r.Hardest = "telepathy"; r.Techniques["telepathy"] = 1 },
			`techniques: "telepathy" is not a technique of the variant ladder`, rdAll},
		{"variant givens", variant, func(r *export.Record) { r.Givens = 99 },
			`givens 99 but the puzzle has`, rdAll},
		{"killer givens", killer, func(r *export.Record) { r.Givens = 5 },
			`givens 5 but the puzzle has 0`, rdAll},
		{"variant negative count", variant, func(r *export.Record) { r.Techniques["hidden-single"] = -1 },
			`techniques: "hidden-single" counts -1 steps`, rdAll},
		{"graded record in a --no-grade run", noGrade, func(r *export.Record) { r.Tier = "easy" },
			`tier on a record of a --no-grade run, expected no grading fields`, rdResume},
	}
	// resume's reason where it is not the readers'
	resumeWant := map[string]string{
		"minimal false on a minimal puzzle": `minimal is not true, expected true in a run that keeps minimal puzzles only`,
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			content := c.run.edited(t, len(c.run.lines), c.edit)
			in := filepath.Join(t.TempDir(), "in.jsonl")
			os.WriteFile(in, []byte(content), 0o644)
			at := in + ":2: " + c.want
			for _, rd := range []struct {
				bit  int
				args []string
			}{
				{rdXLSX, []string{"export", in, "--format", "xlsx", "-o", in + ".xlsx"}},
				{rdPDF, []string{"export", in, "--format", "pdf", "-o", in + ".pdf"}},
				{rdMerge, []string{"merge", in, "-o", in + ".m.jsonl"}},
				{rdMergeMin, []string{"merge", "--check-minimal", in, "-o", in + ".m2.jsonl"}},
			} {
				code, _, e := runCLI(t, "", rd.args...)
				switch {
				case c.readers&rd.bit != 0 && (code != 1 || !strings.Contains(e, at)):
					t.Errorf("%s: exit %d, stderr %q, want exit 1 and %q", rd.args[0:2], code, e, at)
				case c.readers&rd.bit == 0 && code != 0:
					t.Errorf("%s: exit %d (%s), want it taken", rd.args[0:2], code, e)
				}
			}
			if c.name == "minimal not minimal" {
				return // resume keeps it (above): its output is not the run's
			}
			e := c.run.resume(t, content)
			want := "line 2 fails the check (" + c.want
			if w, ok := resumeWant[c.name]; ok {
				want = "line 2 fails the check (" + w
			}
			switch {
			case c.readers&rdResume != 0 && !strings.Contains(e, want):
				t.Errorf("resume: stderr %q, want %q", e, want)
			case c.readers&rdResume == 0 && strings.Contains(e, "fails the check"):
				t.Errorf("resume refused it: %q", e)
			}
		})
	}
}

// TestGradingNoFalsePositive: every record sudogen writes passes every
// reader that checks it: export to a workbook (which tests "minimal"),
// merge --check-minimal, and --resume of an interrupted run (which keeps
// every record: its tier under the run's table, --no-grade, minimal).
// One short run of each kind and mode the tests can make cheaply; the
// sweep over larger corpora is in the change's report.
func TestGradingNoFalsePositive(t *testing.T) {
	tiers := filepath.Join(t.TempDir(), "tiers.yaml")
	os.WriteFile(tiers, []byte("sudoku:\n  scale: se\n  beyond: impossible\n  tiers:\n    - {name: warmup, min: 0.0, max: 2.0}\n    - {name: tough, min: 2.1}\n"), 0o644)
	runs := [][]string{
		{"-n", "8", "--seed", "1"},
		{"-n", "6", "--seed", "2", "--profile", "hodoku"},
		{"-n", "6", "--seed", "3", "--tiers", tiers},
		{"-n", "6", "--seed", "4", "--size", "4"},
		{"-n", "6", "--seed", "5", "--size", "6", "--no-grade"},
		{"-n", "4", "--seed", "6", "--size", "6", "--symmetry", "rot180"},
		{"-n", "4", "--seed", "7", "--variant", "x", "--size", "6"},
		{"-n", "3", "--seed", "8", "--variant", "jigsaw", "--size", "6"},
		{"-n", "3", "--seed", "9", "--variant", "non-consecutive", "--size", "6", "--tiers", tiers},
		{"-n", "4", "--seed", "10", "--kind", "killer", "--size", "6"},
		{"-n", "3", "--seed", "11", "--kind", "killer", "--size", "6", "--hide-sums", "1"},
		{"-n", "4", "--seed", "12", "--kind", "slide", "--size", "3"},
	}
	for _, args := range runs {
		t.Run(strings.Join(args[4:], " "), func(t *testing.T) {
			r := makeTrustRun(t, args...)
			in := filepath.Join(t.TempDir(), "in.jsonl")
			os.WriteFile(in, []byte(strings.Join(r.lines, "")), 0o644)
			for _, rd := range [][]string{
				{"export", in, "--format", "xlsx", "-o", in + ".xlsx"},
				{"merge", "--check-minimal", in, "-o", in + ".m.jsonl"},
			} {
				if code, _, e := runCLI(t, "", rd...); code != 0 {
					t.Errorf("%s: exit %d: %s", rd[0:2], code, e)
				}
			}
			n := len(r.lines) - 1
			e := r.resume(t, strings.Join(r.lines[:n], ""))
			if want := "resumed: kept the " + strconv.Itoa(n) + " records"; !strings.Contains(e, want) || strings.Contains(e, "fails the check") {
				t.Errorf("resume: %q, want %q", e, want)
			}
		})
	}
	// grade's output lines, a plain puzzle's and one cut off by
	// --max-rating (rating_at_least, tier beyond).
	in := filepath.Join(t.TempDir(), "plain.txt")
	os.WriteFile(in, []byte(".47..19..5..2....3..83...4.8...........1...6......2.89.76...........42...2....31.\n"+
		"87......1.2..........249.5.........3.....697.1..59.4...14..87..2.......5...7...6.\n"), 0o644)
	for _, extra := range [][]string{nil, {"--max-rating", "2.0"}} {
		code, out, e := runCLI(t, "", append([]string{"grade", in}, extra...)...)
		if code != 0 {
			t.Fatalf("grade %v: exit %d: %s", extra, code, e)
		}
		g := in + ".graded.jsonl"
		os.WriteFile(g, []byte(out), 0o644)
		for _, rd := range [][]string{
			{"export", g, "--format", "xlsx", "-o", g + ".xlsx"},
			{"merge", g, "-o", g + ".m.jsonl"},
		} {
			if code, _, e := runCLI(t, "", rd...); code != 0 {
				t.Errorf("grade %v | %s: exit %d: %s", extra, rd[0:2], code, e)
			}
		}
	}
}

// TestGivensZeroRefused: "givens":0 on a puzzle with givens is a wrong
// count, refused by every reader that checks records, not taken for an
// absent field (export and merge kept it; merge wrote it on verbatim).
func TestGivensZeroRefused(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-n", "1", "--seed", "1", "--no-grade"},
		{"-n", "1", "--seed", "2", "--variant", "x", "--size", "6", "--no-grade"},
	} {
		src := filepath.Join(dir, "src.jsonl")
		if code, _, e := runCLI(t, "", append(append([]string{"batch"}, args...), "-q", "-o", src)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, e)
		}
		b, _ := os.ReadFile(src)
		m := regexp.MustCompile(`"givens":(\d+)`).FindSubmatch(b)
		if m == nil {
			t.Fatalf("%v: no givens in %s", args, b)
		}
		in := filepath.Join(dir, "in.jsonl")
		os.WriteFile(in, bytes.Replace(b, m[0], []byte(`"givens":0`), 1), 0o644)
		want := in + ":1: givens 0 but the puzzle has " + string(m[1])
		for _, rd := range [][]string{
			{"export", in, "--format", "xlsx", "-o", in + ".xlsx"},
			{"export", in, "--format", "pdf", "-o", in + ".pdf"},
			{"merge", in, "-o", in + ".m.jsonl"},
		} {
			if code, _, e := runCLI(t, "", rd...); code != 1 || !strings.Contains(e, want) {
				t.Errorf("%v %s: exit %d, stderr %q, want exit 1 and %q", args, rd[:3], code, e, want)
			}
		}
	}
}
