package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/killer"
)

// TestTechniquesExplain: `sudogen techniques ID...` explains each
// technique (name, family, its published ratings, the glossary's
// paragraph in --lang's language), and refuses what it cannot explain.
func TestTechniquesExplain(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want []string // each in the output (stdout, or stderr on a refusal)
	}{
		// Sudoku Explainer rates an X-Wing 3.2, HoDoKu scores it 140
		{[]string{"x-wing"}, 0, []string{"X-Wing (x-wing): fish\n  Sudoku Explainer 3.2; HoDoKu 140, hard, on by default.\n", "two rows"}},
		{[]string{"xy-wing", "--lang", "de"}, 0, []string{"(xy-wing): wings\n", "Sudoku Explainer 4.2", i18n.Get("de").Text("techniques.xy-wing.name")}},
		{[]string{"cage-combination"}, 0, []string{"(cage-combination): killer ladder\n"}},
		{[]string{"unique-rectangle"}, 0, []string{"assumes the puzzle has one solution"}},
		{[]string{"xwing"}, 2, []string{`"xwing": unknown technique (did you mean x-wing?)`}},
		{[]string{"x-wing", "--lang", "xx"}, 2, []string{"--lang"}},
		{[]string{"--lang", "de"}, 2, []string{"--lang is for explaining techniques"}},
		{[]string{"--kind", "killer", "x-wing"}, 2, []string{"--kind picks the ladder to list"}},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"techniques"}, c.args...)...)
		got := out
		if c.code != 0 {
			got = errOut
		}
		if code != c.code {
			t.Errorf("%q: exit %d, want %d; stderr %q", c.args, code, c.code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q: output lacks %q:\n%s", c.args, w, got)
			}
		}
	}
	// Every technique of both ladders is explained, lines within 78
	// columns; a family's techniques share its paragraph (swordfish's is
	// x-wing's, the glossary gives it once).
	var ids []string
	for _, tq := range grade.Techniques() {
		ids = append(ids, tq.ID)
	}
	for _, tq := range killer.Techniques {
		ids = append(ids, tq.ID)
	}
	code, out, errOut := runCLI(t, "", append([]string{"techniques"}, ids...)...)
	if code != 0 {
		t.Fatalf("every id: exit %d: %s", code, errOut)
	}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > 78 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
	code, out, _ = runCLI(t, "", "techniques", "--format", "json", "x-wing", "swordfish", "hidden-single")
	var notes []techniqueNote
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var n techniqueNote
		if err := json.Unmarshal([]byte(l), &n); err != nil {
			t.Fatalf("json line %q: %v", l, err)
		}
		notes = append(notes, n)
	}
	if code != 0 || len(notes) != 3 || notes[0].About == "" || notes[1].About != notes[0].About || notes[2].About == notes[0].About || notes[1].Name != "Swordfish" {
		t.Errorf("json: exit %d, %+v", code, notes)
	}
}
