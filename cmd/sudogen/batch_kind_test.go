package main

import (
	"strings"
	"testing"
)

// TestClassicFlagsRefusedElsewhere: classic Sudoku's own batch flags
// (its grading, target and search flags, defined by the Sudoku kind) set
// on a run of another kind are refused in one line with exit 2, before
// anything is made; killer and the variants say it in their own words
// for the flags they list, the command says it for the rest.
func TestClassicFlagsRefusedElsewhere(t *testing.T) {
	kinds := map[string][]string{
		"slide":   {"--kind", "slide", "--size", "3"},
		"killer":  {"--kind", "killer", "--size", "6"},
		"variant": {"--variant", "x", "--size", "6", "--no-grade"},
	}
	cases := []struct {
		kind string
		flag []string
		want string
	}{
		{"slide", []string{"--climb", "2"}, "--climb is for --kind sudoku"},
		{"slide", []string{"--plateau", "1"}, "--plateau is for --kind sudoku"},
		{"slide", []string{"--requires", "x-wing"}, "--requires is for --kind sudoku"},
		{"slide", []string{"--hardest", "x-wing"}, "--hardest is for --kind sudoku"},
		{"slide", []string{"--search", "random"}, "--search is for --kind sudoku"},
		{"slide", []string{"--from", "x.jsonl"}, "--from is for --kind sudoku"},
		{"slide", []string{"--vicinity", "-1+1"}, "--vicinity is for --kind sudoku"},
		{"slide", []string{"--verify-steps"}, "--verify-steps is for --kind sudoku"},
		{"slide", []string{"--no-uniqueness"}, "--no-uniqueness is for --kind sudoku"},
		{"slide", []string{"--as-given"}, "--as-given is for --kind sudoku"},
		{"slide", []string{"--start", "tridagon"}, "--start is for --kind sudoku"},
		{"slide", []string{"--climb-score", "givens"}, "--climb-score is for --kind sudoku"},
		{"killer", []string{"--climb", "2"}, "--climb is for --kind sudoku"},
		{"killer", []string{"--plateau", "1"}, "--plateau is for --kind sudoku"},
		{"killer", []string{"--requires", "x-wing"}, "--kind killer does not take --requires"},
		// (A variant run takes --climb with --from since 2026-12-08.)
		{"variant", []string{"--climb", "2"}, "--climb goes on with a vicinity search, which a variant run makes from known puzzles: give --from FILE"},
		{"variant", []string{"--givens", "20-25"}, "--givens is not supported with --variant"},
	}
	for _, c := range cases {
		args := append(append([]string{"batch", "--count", "1", "--seed", "1", "--progress", "never"}, kinds[c.kind]...), c.flag...)
		code, out, errOut := runCLI(t, "", args...)
		if code != 2 || out != "" || strings.TrimSpace(errOut) != "sudogen: "+c.want {
			t.Errorf("%s %v: exit %d, stdout %d bytes, stderr %q; want exit 2, nothing on stdout, %q", c.kind, c.flag, code, len(out), errOut, c.want)
		}
	}
}
