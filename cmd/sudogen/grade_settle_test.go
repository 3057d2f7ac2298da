package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/kind"
)

// gradeNotGraded are the fields a grade line of a puzzle without exactly
// one solution must not have (docs/records.md, "sudogen grade output
// lines").
var gradeNotGraded = []string{"solution", "minimal", "canonical", "rating", "rating_at_least", "ep", "ed", "tier", "hardest", "techniques", "level", "score", "hodoku"}

// settleFixture is one batch record of a kind, with what its checker is.
type settleFixture struct {
	name    string
	batch   []string // batch flags making the record (--count 1)
	checker string   // tools/ script: sudocheck.py, varcheck.py, killercheck.py
}

// settleEdit changes a batch record (decoded) the way a hand edit or a
// corrupted file does.
type settleEdit struct {
	name string
	edit func(r map[string]any)
	// graded: the edited puzzle still has exactly one solution.
	graded bool
}

// firstCell returns the index of the first cell of the puzzle string
// for which keep is true.
func firstCell(p string, keep func(c byte) bool) int {
	for i := range len(p) {
		if keep(p[i]) {
			return i
		}
	}
	return -1
}

var settleEdits = []settleEdit{
	{"given removed", func(r map[string]any) {
		p := r["puzzle"].(string)
		i := firstCell(p, func(c byte) bool { return c != '.' && c != '#' })
		r["puzzle"] = p[:i] + "." + p[i+1:]
	}, false},
	{"given added", func(r map[string]any) {
		p, s := r["puzzle"].(string), r["solution"].(string)
		i := firstCell(p, func(c byte) bool { return c == '.' })
		r["puzzle"] = p[:i] + s[i:i+1] + p[i+1:]
	}, true},
	{"solution 1<->2", func(r map[string]any) {
		r["solution"] = strings.NewReplacer("1", "2", "2", "1").Replace(r["solution"].(string))
	}, true},
	{"canonical corrupted", func(r map[string]any) {
		c := r["canonical"].(string)
		r["canonical"] = c[:len(c)-1] + map[bool]string{true: "2", false: "1"}[strings.HasSuffix(c, "1")]
	}, true},
	{"cage sum changed", func(r map[string]any) { // killer only: no solution
		cages := r["cages"].([]any)
		c := cages[0].(map[string]any)
		c["sum"] = c["sum"].(float64) + 1
	}, false},
}

// TestGradeSettlesRecordFields: grade never writes a field that is false
// of the puzzle, for every kind. A batch record is edited (a given
// removed or added, a wrong solution, a corrupted canonical key, a cage
// sum changed) and graded. The truth is independent of sudogen's code:
// the graded lines go through the independent checkers
// (internal/testdata/tools: solution, givens, uniqueness), the clue
// pattern's symmetry is checked by hand, and the rest holds by
// construction: a given removed from a minimal puzzle leaves several
// solutions, a cage sum raised on a killer whose cages all have sums
// leaves none (they add up to more than the grid holds); a given added
// from the solution leaves the puzzle unique but not minimal (that given
// can go); the solution stays batch's; an unchanged puzzle keeps
// batch's minimal and canonical key.
// A puzzle without exactly one solution must have no solution, grading,
// minimal or canonical field. On main before settleRecord every edit's
// stale fields came through.
func TestGradeSettlesRecordFields(t *testing.T) {
	fixtures := []settleFixture{
		{"sudoku", []string{"--seed", "3"}, "sudocheck.py"},
		{"sudoku rot180", []string{"--seed", "3", "--symmetry", "rot180", "--minimal"}, "sudocheck.py"},
		{"jigsaw", []string{"--seed", "3", "--variant", "jigsaw"}, "varcheck.py"},
		{"x rot180", []string{"--seed", "3", "--variant", "x", "--symmetry", "rot180", "--minimal"}, "varcheck.py"},
		{"samurai", []string{"--seed", "3", "--variant", "samurai"}, "varcheck.py"},
		{"killer", []string{"--seed", "3", "--kind", "killer"}, "killercheck.py"},
	}
	graded := map[string][]string{} // checker -> graded lines
	names := map[string][]string{}  // checker -> their cases
	for _, fx := range fixtures {
		code, out, errOut := runCLI(t, "", append([]string{"batch", "--count", "1", "-q"}, fx.batch...)...)
		if code != 0 {
			t.Fatalf("%s: batch: exit %d %s", fx.name, code, errOut)
		}
		line := strings.TrimSpace(out)
		for _, e := range settleEdits {
			isKiller := fx.checker == "killercheck.py"
			if cages := e.name == "cage sum changed"; cages != isKiller && (cages || strings.HasPrefix(e.name, "given")) {
				continue // a killer's clues are its cages (its batch records have no givens)
			}
			name := fx.name + "/" + e.name
			t.Run(name, func(t *testing.T) {
				var in map[string]any
				if err := json.Unmarshal([]byte(line), &in); err != nil {
					t.Fatal(err)
				}
				origCanon, origMin, origSol := in["canonical"], in["minimal"], in["solution"]
				if e.name == "given removed" && origMin != true {
					t.Fatalf("the fixture is not minimal: %s", line)
				}
				e.edit(in)
				b, _ := json.Marshal(in)
				code, recs, errOut := gradeLines(t, string(b)+"\n")
				if code != 0 || len(recs) != 1 {
					t.Fatalf("exit %d, %d lines: %s", code, len(recs), errOut)
				}
				r := recs[0]
				got, _ := json.Marshal(r)
				p := r["puzzle"].(string)
				if want := len(p) - strings.Count(p, ".") - strings.Count(p, "#"); int(toFloat(r["givens"])) != want {
					t.Errorf("givens %v, the puzzle has %d: %s", r["givens"], want, got)
				}
				if sym, ok := r["symmetry"].(string); ok && sym != "none" && !rot180(p, sym) {
					t.Errorf("symmetry %s, the pattern does not have it: %s", sym, got)
				}
				if !e.graded {
					if r["status"] != "multiple solutions" && r["status"] != "no solution" {
						t.Fatalf("status %v for a puzzle without exactly one solution: %s", r["status"], got)
					}
					for _, k := range gradeNotGraded {
						if _, ok := r[k]; ok {
							t.Errorf("%s kept on a %v line: %s", k, r["status"], got)
						}
					}
					return
				}
				if r["status"] != nil {
					t.Fatalf("status %v: %s", r["status"], got)
				}
				if r["solution"] != origSol {
					t.Errorf("solution %v, the puzzle's is %v (every edit keeps it)", r["solution"], origSol)
				}
				// A Samurai line costs the checker 2.5 s: its solution
				// is compared with batch's above (batch's Samurai records
				// go through the checker in variantkind's tests).
				if fx.name != "samurai" {
					graded[fx.checker] = append(graded[fx.checker], string(got))
					names[fx.checker] = append(names[fx.checker], name)
				}
				wantMin, wantCanon := origMin, origCanon
				if e.name == "given added" {
					wantMin = false
					var rec export.Record
					if err := json.Unmarshal(got, &rec); err != nil {
						t.Fatal(err)
					}
					k, _ := kind.Lookup(rec.Kind)
					kp, err := k.Parse(&rec)
					if err != nil {
						t.Fatal(err)
					}
					if wantCanon = kp.Canonical(); wantCanon == origCanon {
						t.Fatalf("a given added, the same key %v", origCanon)
					}
				}
				if m, ok := r["minimal"]; ok && m != wantMin {
					t.Errorf("minimal %v, want %v: %s", m, wantMin, got)
				}
				if fx.name == "samurai" && e.name == "canonical corrupted" {
					// Documented: an unedited Samurai record's key is
					// kept (recomputing it costs half a grading).
					wantCanon = in["canonical"]
				}
				if r["canonical"] != wantCanon {
					t.Errorf("canonical %v, want %v", r["canonical"], wantCanon)
				}
			})
		}
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is needed for the independent checkers")
	}
	tools := filepath.Dir(testdata.Checker(t)[1])
	for script, lines := range graded {
		f := filepath.Join(t.TempDir(), "graded.jsonl")
		if err := os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(py, filepath.Join(tools, script), f).CombinedOutput(); err != nil {
			t.Errorf("%s on the graded lines of %v: %v\n%s", script, names[script], err, out)
		}
	}
}

// rot180 reports whether the clue pattern of puzzle p (a square grid)
// has symmetry sym, which must be rot180 (the fixtures' only one): cell i
// given exactly when cell len-1-i is.
func rot180(p, sym string) bool {
	if sym != "rot180" {
		return false
	}
	for i := range len(p) {
		if (p[i] == '.') != (p[len(p)-1-i] == '.') {
			return false
		}
	}
	return true
}

// toFloat reads a JSON number of a decoded line (0 when absent).
func toFloat(v any) float64 {
	f, _ := v.(float64)
	return f
}

// TestGradeAsGivenCanonical: with --as-given the classic grader computes
// no canonical form, and grade passed the record's through unchecked (a
// corrupted key came out as read); now it is recomputed: batch's key.
func TestGradeAsGivenCanonical(t *testing.T) {
	code, out, errOut := runCLI(t, "", "batch", "--count", "1", "--seed", "3", "-q")
	if code != 0 {
		t.Fatalf("batch: exit %d %s", code, errOut)
	}
	var in map[string]any
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatal(err)
	}
	want := in["canonical"].(string)
	in["canonical"] = want[:len(want)-1] + "1"
	b, _ := json.Marshal(in)
	code, recs, errOut := gradeLines(t, string(b)+"\n", "--as-given")
	if code != 0 || len(recs) != 1 || recs[0]["canonical"] != want {
		t.Fatalf("exit %d %v %s: want canonical %s", code, recs, errOut, want)
	}
}
