package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// variantRecord is what the per-line tests read of a variant record.
type variantRecord struct {
	Puzzle, Solution, Canonical, Regions, Tier, HoDoKu string
	Variants                                           []string
	Rating, EP, ED                                     float64
}

// makeVariants runs batch --variant v (with the flags extra) and returns
// the file and its records.
func makeVariants(t *testing.T, v string, count string, grade bool, extra ...string) (string, []variantRecord) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "v.jsonl")
	args := append([]string{"batch", "--variant", v, "--count", count, "--seed", "7", "--progress", "never", "-q", "-o", out}, extra...)
	if !grade {
		args = append(args, "--no-grade")
	}
	if code, _, errOut := runCLI(t, "", args...); code != 0 {
		t.Fatalf("batch --variant %s: exit %d: %s", v, code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var recs []variantRecord
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r variantRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	return out, recs
}

// rotate turns a square puzzle string of side n a quarter turn clockwise.
func rotate(p string, n int) string {
	b := make([]byte, len(p))
	for r := range n {
		for c := range n {
			b[r*n+c] = p[(n-1-c)*n+r]
		}
	}
	return string(b)
}

// relabel swaps digits 1 and 2 (and 3 and 9) of a puzzle string.
func relabel(p string) string {
	return strings.NewReplacer("1", "2", "2", "1", "3", "9", "9", "3").Replace(p)
}

// outLines runs the CLI and returns its stdout lines, failing on exit.
func outLines(t *testing.T, stdin string, want int, args ...string) []string {
	t.Helper()
	code, out, errOut := runCLI(t, stdin, args...)
	if code != want {
		t.Fatalf("%v: exit %d, want %d: %s", args, code, want, errOut)
	}
	return strings.Split(strings.TrimRight(out, "\n"), "\n")
}

// TestPerLineVariant: solve, canon, grade and explain read variant
// puzzles through the kind plug: records of kind variant as they are,
// plain lines with --variant (jigsaw lines with their regions, as export
// --format txt writes them). The
// solutions are the generator's, the canonical keys the records', the same
// for an isomorph under the variant's group (a quarter turn keeps X's
// diagonals and windoku's windows; a relabelling) and different without
// the variant's houses; grading gives the batch run's ratings.
func TestPerLineVariant(t *testing.T) {
	variants := []string{"x", "windoku", "jigsaw", "anti-knight,x"}
	if raceEnabled {
		// Under the race detector (10-20x slower) grading the
		// combination's sparse puzzle took 20 minutes; its lines go
		// through the same per-line pool as the single variants', which
		// stay. The plain test run keeps the combination.
		variants = variants[:3]
	}
	for _, v := range variants {
		t.Run(v, func(t *testing.T) {
			count := "3"
			if raceEnabled {
				count = "2" // two lines still cross the pool's workers
			}
			var extra []string
			if strings.Contains(v, ",") {
				// A combination's minimal puzzles mostly need nested
				// chains (2 s a grading, four here): one medium puzzle
				// dug by peers (1 s to make, milliseconds to grade) is
				// enough for the plumbing.
				count, extra = "1", []string{"--tier", "medium", "--dig-order", "peers"}
			}
			file, recs := makeVariants(t, v, count, true, extra...)
			var plain, iso []string
			for _, r := range recs {
				line := r.Puzzle
				if r.Regions != "" {
					line += " " + r.Regions
				}
				plain = append(plain, line)
				if v != "jigsaw" {
					iso = append(iso, relabel(rotate(r.Puzzle, 9)))
				}
			}
			stdin := strings.Join(plain, "\n") + "\n"
			// export --format txt writes those lines (a jigsaw's with its
			// regions), so a txt corpus reads back with --variant.
			if got := outLines(t, "", 0, "export", file, "--format", "txt", "-o", "-", "-q"); strings.Join(got, "\n") != strings.Join(plain, "\n") {
				t.Errorf("export --format txt:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(plain, "\n"))
			}
			for _, got := range [][]string{outLines(t, "", 0, "solve", file), outLines(t, stdin, 0, "solve", "--variant", v)} {
				for i, r := range recs {
					if got[i] != r.Solution {
						t.Errorf("solve line %d: %q, want %q", i+1, got[i], r.Solution)
					}
				}
			}
			for _, got := range [][]string{outLines(t, "", 0, "canon", file), outLines(t, stdin, 0, "canon", "--variant", v)} {
				for i, r := range recs {
					if got[i] != r.Canonical {
						t.Errorf("canon line %d: %q, want %q", i+1, got[i], r.Canonical)
					}
				}
			}
			if iso != nil {
				got := outLines(t, strings.Join(iso, "\n")+"\n", 0, "canon", "--variant", v)
				for i, r := range recs {
					if got[i] != r.Canonical {
						t.Errorf("canon of a rotated, relabelled isomorph %d: %q, want %q", i+1, got[i], r.Canonical)
					}
				}
				both := stdin + strings.Join(iso, "\n") + "\n"
				code, out, errOut := runCLI(t, both, "canon", "--unique", "--original", "--variant", v)
				if code != 0 || strings.Count(out, "\n") != len(recs) || !regexp.MustCompile(`[\d,]+ distinct, [1-9][\d,]* duplicates? dropped`).MatchString(errOut) {
					t.Errorf("canon --unique over puzzles and isomorphs: exit %d, %d lines, want %d: %s", code, strings.Count(out, "\n"), len(recs), errOut)
				}
				// Without the variant the isomorph is a different (and
				// classic-ambiguous) puzzle: solve says so.
				if got := outLines(t, iso[0]+"\n", 0, "solve", "--count"); got[0] == "1" {
					t.Errorf("solve without --variant: an X/windoku minimal puzzle counted 1 classic solution")
				}
			}
			for _, got := range [][]string{outLines(t, "", 0, "grade", file), outLines(t, stdin, 0, "grade", "--variant", v)} {
				for i, r := range recs {
					var g variantRecord
					if err := json.Unmarshal([]byte(got[i]), &g); err != nil {
						t.Fatal(err)
					}
					if g.EP != r.EP || g.ED != r.ED || g.Tier != r.Tier || g.HoDoKu != "classic-only" || strings.Join(g.Variants, ",") != strings.Join(r.Variants, ",") {
						t.Errorf("grade line %d: ep %v ed %v tier %q hodoku %q variants %v; batch said ep %v ed %v tier %q", i+1, g.EP, g.ED, g.Tier, g.HoDoKu, g.Variants, r.EP, r.ED, r.Tier)
					}
				}
			}
			args := []string{"explain", "--variant", v, recs[0].Puzzle}
			if recs[0].Regions != "" {
				args = append(args, recs[0].Regions)
			}
			ex := strings.Join(outLines(t, "", 0, args...), "\n")
			if !(strings.Contains(ex, "Solved in") || strings.Contains(ex, "Stuck after") || strings.Contains(ex, "Stopped after")) || (!strings.Contains(ex, "Stuck after 0 steps") && !strings.Contains(ex, "1. ")) {
				t.Errorf("explain --variant %s:\n%s", v, ex)
			}
		})
	}
}

// TestPerLineVariantErrors: a bad variant name is a usage error; a bad
// line is reported with its file and line and the run goes on (exit 1).
func TestPerLineVariantErrors(t *testing.T) {
	for _, cmd := range []string{"solve", "canon", "grade", "explain"} {
		if code, _, errOut := runCLI(t, "", cmd, "--variant", "nosuch", "1"); code != 2 || !strings.Contains(errOut, "nosuch") {
			t.Errorf("%s --variant nosuch: exit %d: %s", cmd, code, errOut)
		}
	}
	file, recs := makeVariants(t, "x", "1", false)
	cases := []struct {
		name, stdin string
		args        []string
		msg         string
	}{
		{"jigsaw line without regions", recs[0].Puzzle + "\n", []string{"solve", "--variant", "jigsaw"}, "stdin:1: --variant jigsaw: expected PUZZLE REGIONS"},
		{"givens break the variant", "12" + strings.Repeat(".", 7) + ".1" + strings.Repeat(".", 70) + "\n", []string{"solve", "--variant", "x"}, "stdin:1: puzzle: "},
		{"record of another variant", "", []string{"canon", "--variant", "windoku", file}, "record is variant x, --variant says windoku"},
		{"wrong length", "123\n", []string{"grade", "--variant", "x"}, "stdin:1: length 3 is not a grid: expected 16, 36, 64, 81 or 144 cells for x"},
		{"wrong length for the variants", strings.Repeat(".", 16) + "\n", []string{"grade", "--variant", "windoku,x"}, "stdin:1: length 16 is not a grid: expected 81 cells for windoku,x"},
		{"a cell short", strings.Repeat(".", 80) + "\n", []string{"grade", "--variant", "x"}, "stdin:1: puzzle: 80 characters, expected 81"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, c.stdin, c.args...)
		if code != 1 || !strings.Contains(errOut, c.msg) {
			t.Errorf("%s: exit %d, stderr %q, want exit 1 and %q (stdout %q)", c.name, code, errOut, c.msg, out)
		}
	}
	if code, _, errOut := runCLI(t, "", "grade", "--variant", "x", "--as-given", file); code != 2 {
		t.Errorf("grade --variant --as-given: exit %d (%s), want 2", code, errOut)
	}
}

// TestCorpusVariant: the corpus commands (merge, stats, export) read
// plain lines with --variant as that variant's puzzles, as the per-line
// commands do: merge writes variant records with the batch run's
// canonical keys and solutions (isomorphs under the variant's group
// dropped), stats counts a variant group, export makes a book of them
// (their solutions found for the key); a line that is no puzzle of the
// variant is named by file and line.
func TestCorpusVariant(t *testing.T) {
	for _, v := range []string{"x", "jigsaw"} {
		t.Run(v, func(t *testing.T) {
			file, recs := makeVariants(t, v, "3", false)
			lines := outLines(t, "", 0, "export", file, "--format", "txt", "-o", "-", "-q")
			stdin := strings.Join(lines, "\n") + "\n"
			if v == "x" {
				// an isomorph (a quarter turn, digits relabelled) of the
				// first: the same X-Sudoku, dropped
				stdin += relabel(rotate(recs[0].Puzzle, 9)) + "\n"
			}
			out := outLines(t, stdin, 0, "merge", "--variant", v, "-", "-o", "-", "-q")
			if len(out) != len(recs) {
				t.Fatalf("merge --variant %s: %d records, want %d:\n%s", v, len(out), len(recs), strings.Join(out, "\n"))
			}
			for i, l := range out {
				var r variantRecord
				var kind struct{ Kind string }
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatal(err)
				}
				json.Unmarshal([]byte(l), &kind)
				if kind.Kind != "variant" || strings.Join(r.Variants, ",") != v || r.Canonical != recs[i].Canonical || r.Solution != recs[i].Solution || r.Regions != recs[i].Regions {
					t.Errorf("merge --variant %s, record %d: %s\nwant canonical %s, solution %s", v, i+1, l, recs[i].Canonical, recs[i].Solution)
				}
			}
			if v == "x" {
				// A sudoku record read as X is a new X puzzle: not the
				// classic record's rating, tier or canonical key.
				js := `{"kind":"sudoku","id":"c1","puzzle":"` + recs[1].Puzzle + `","rating":9.9,"tier":"nightmare","canonical":"bogus"}` + "\n"
				got := outLines(t, js, 0, "merge", "--variant", v, "-", "-o", "-", "-q")
				var r map[string]any
				if err := json.Unmarshal([]byte(got[0]), &r); err != nil {
					t.Fatal(err)
				}
				if r["kind"] != "variant" || r["id"] != "c1" || r["canonical"] != recs[1].Canonical || r["rating"] != nil || r["tier"] != nil || r["solution"] != recs[1].Solution {
					t.Errorf("merge --variant x of a sudoku record: %s", got[0])
				}
				// grade re-rates it, and keeps none of the classic
				// record's fields that are not the variant's
				g := outLines(t, js, 0, "grade", "--variant", v, "-")
				if strings.Contains(g[0], "bogus") || !strings.Contains(g[0], `"kind":"variant"`) {
					t.Errorf("grade --variant x of a sudoku record: %s", g[0])
				}
			}
			st := strings.Join(outLines(t, stdin, 0, "stats", "--variant", v, "-"), "\n")
			if !strings.Contains(st, "variant "+v+" 9x9: ") || strings.Contains(st, "sudoku") {
				t.Errorf("stats --variant %s:\n%s", v, st)
			}
			book := filepath.Join(t.TempDir(), "v.pdf")
			if code, _, errOut := runCLI(t, stdin, "export", "--variant", v, "-", "-o", book, "-q"); code != 0 {
				t.Errorf("export --variant %s to a book: exit %d: %s", v, code, errOut)
			}
			for _, args := range [][]string{{"merge", "-", "-o", "-"}, {"export", "-", "-o", "-", "--format", "csv"}} {
				code, _, errOut := runCLI(t, "# a comment\n"+strings.Repeat("1", 81)+"\n", append(args, "--variant", v)...)
				if code != 1 || !strings.Contains(errOut, "stdin:2:") {
					t.Errorf("%s --variant %s of a full grid of 1s: exit %d: %s", args[0], v, code, errOut)
				}
			}
		})
	}
}

// TestVariantSELines: grade --format se and export --format se write a
// variant's SE rating line as SukakuExplainer's serate does (PUZZLE
// ED=ER/EP/ED, the puzzle as its txt line: a jigsaw's with its regions),
// which solve --variant reads back; a killer, rated on its own scale, is
// refused by file and line and writes nothing, where it wrote nothing
// and exited 0 before.
func TestVariantSELines(t *testing.T) {
	for _, v := range []string{"x", "jigsaw"} {
		file, recs := makeVariants(t, v, "2", true)
		for _, args := range [][]string{{"grade", "--format", "se", file}, {"export", file, "--format", "se", "-o", "-"}} {
			got := outLines(t, "", 0, args...)
			if len(got) != len(recs) {
				t.Fatalf("%v: %d lines for %d records", args, len(got), len(recs))
			}
			for i, l := range got {
				want := recs[i].Puzzle
				if recs[i].Regions != "" {
					want += " " + recs[i].Regions
				}
				want += fmt.Sprintf(" ED=%.1f/%.1f/%.1f", recs[i].Rating, recs[i].EP, recs[i].ED)
				if l != want {
					t.Errorf("%v line %d: %q, want %q", args, i+1, l, want)
				}
			}
			sols := outLines(t, strings.Join(got, "\n")+"\n", 0, "solve", "--variant", v)
			for i, s := range sols {
				if s != recs[i].Solution {
					t.Errorf("%v read back by solve --variant %s, line %d: %q, want %q", args, v, i+1, s, recs[i].Solution)
				}
			}
		}
	}
	killers := easyKillers(t, "2", "3")
	code, out, errOut := runCLI(t, killers, "grade", "--format", "se", "-")
	if code != 1 || out != "" || !strings.Contains(errOut, "stdin:1: ") || !strings.Contains(errOut, "the se format holds Sudoku Explainer ratings, which killer puzzles do not have") {
		t.Errorf("grade --format se of killers: exit %d, stdout %q: %s", code, out, errOut)
	}
}
