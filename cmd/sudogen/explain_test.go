package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

const explainPuzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

func TestExplainCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"full path se", []string{"explain", explainPuzzle}, 0, []string{"1. ", "Solved in", "SE rating"}},
		{"full path hodoku", []string{"explain", "--profile", "hodoku", explainPuzzle}, 0, []string{"Solved in", "HoDoKu score"}},
		{"next hint", []string{"explain", "--next", explainPuzzle}, 0, []string{": r"}},
		// a bad puzzle is bad input, exit 1 as solve's (audit A1 item 10)
		{"bad symbol", []string{"explain", strings.Repeat("x", 81)}, 1, nil},
		{"bad profile", []string{"explain", "--profile", "nope", explainPuzzle}, 2, nil},
		{"two solutions", []string{"explain", strings.Repeat(".", 81)}, 1, nil},
		{"no solution", []string{"explain", "11" + strings.Repeat(".", 79)}, 1, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if tc.code == 0 && tc.args[1] == "--next" && strings.Count(strings.TrimSpace(out), "\n") != 0 {
				t.Errorf("--next printed more than one line:\n%s", out)
			}
		})
	}
}

func TestExplainStdin(t *testing.T) {
	code, out, errOut := runCLI(t, "# a comment\n"+explainPuzzle+" trailing\n", "explain", "--next", "-")
	if code != 0 || out == "" {
		t.Fatalf("exit %d, out %q, stderr %q", code, out, errOut)
	}
}

func TestTechniquesCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "techniques")
	if code != 0 || !strings.Contains(out, "x-wing") || !strings.Contains(out, "3.2") || !strings.Contains(out, "140") {
		t.Fatalf("techniques: exit %d\n%s", code, out)
	}
	// the ON column: what HoDoKu uses by default
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "x-wing", "kraken-fish-1":
			want := map[string]string{"x-wing": "yes", "kraken-fish-1": "off"}[f[0]]
			if !slices.Contains(f, want) {
				t.Errorf("techniques: %s should say %q: %s", f[0], want, l)
			}
		}
	}
	code, out, _ = runCLI(t, "", "techniques", "--format", "json")
	if code != 0 || !strings.Contains(out, `"id":"xy-wing"`) {
		t.Fatalf("techniques json: exit %d\n%s", code, out)
	}
	if !regexp.MustCompile(`"id":"kraken-fish-1".*"hodoku_default":false`).MatchString(out) || !regexp.MustCompile(`"id":"x-wing".*"hodoku_default":true`).MatchString(out) {
		t.Errorf("techniques json: hodoku_default missing or wrong\n%s", out)
	}
}

func TestReglibCommand(t *testing.T) {
	lib := testdata.Path(t, "reglib/reglib-dev.txt")
	code, out, errOut := runCLI(t, "", "reglib", lib)
	if code != 0 {
		t.Fatalf("exit %d; stderr %q\n%s", code, errOut, out)
	}
	last := strings.TrimSpace(out[strings.LastIndex(strings.TrimSpace(out), "\n")+1:])
	if !strings.HasSuffix(last, "skipped") || !strings.Contains(last, " 0 failed") {
		t.Fatalf("last line %q", last)
	}
	// a malformed case names its line
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("# header\n:0000:1:123:::::\n"), 0o644)
	code, _, errOut = runCLI(t, "", "reglib", bad)
	if code != 1 || errOut != "sudogen: "+bad+":2: grid has 3 cells, expected 81\n" {
		t.Fatalf("bad file: exit %d, stderr %q", code, errOut)
	}
	// a file with no case (empty, comments only) checked nothing: exit 1
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, []byte("# header\n\n"), 0o644)
	code, _, errOut = runCLI(t, "", "reglib", empty)
	if code != 1 || errOut != "sudogen: "+empty+": no regression cases found (expected :code:digits:grid:deleted:eliminations:placements:extra lines)\n" {
		t.Fatalf("empty file: exit %d, stderr %q", code, errOut)
	}
}

// TestExplainJigsawArgumentWithoutRegions: explain --variant jigsaw with
// the puzzle on the command line and no regions says that the regions
// are the second argument (exit 2, a wrong number of arguments); it said
// "puzzle: ... expected PUZZLE REGIONS (the regions string after the
// puzzle)", a line's form, with exit 1.
func TestExplainJigsawArgumentWithoutRegions(t *testing.T) {
	const p = "2........6..3.1....1............4..3"
	code, out, e := runCLI(t, "", "explain", "--variant", "jigsaw", "--next", p)
	if code != 2 || out != "" || !strings.HasPrefix(e, "sudogen: explain: --variant jigsaw: expected the puzzle, then its regions as a second argument") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, e)
	}
	code, out, e = runCLI(t, "", "explain", "--variant", "jigsaw", "--next", p, "111224551244551224531244536666333366")
	if code != 0 || !strings.Contains(out, "Hidden Single") {
		t.Errorf("with regions: exit %d, stdout %q, stderr %q", code, out, e)
	}
}
