package main

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestHelpTextWellFormed reads the text --help prints of every command
// and flag as a proofreader would: no word twice in a row ("the the"),
// parentheses and brackets that close, no space before a comma, no
// doubled space, and no flag text that stops on a word that cannot end
// a phrase ("0/1 is the whole", the end of --shard's text until
// 2026-12-07).
func TestHelpTextWellFormed(t *testing.T) {
	word := regexp.MustCompile(`^[A-Za-z]+$`)
	dangling := map[string]bool{"the": true, "a": true, "an": true, "is": true, "of": true, "to": true, "and": true, "or": true, "with": true, "for": true, "by": true, "from": true, "in": true, "whole": true, "its": true, "their": true}
	check := func(where, text string, flag bool) {
		words := strings.Fields(text)
		for i := 1; i < len(words); i++ {
			if word.MatchString(words[i]) && strings.EqualFold(words[i-1], words[i]) {
				t.Errorf("%s: %q twice: %q", where, words[i], text)
			}
		}
		for _, p := range []string{"()", "[]", "{}"} {
			if strings.Count(text, p[:1]) != strings.Count(text, p[1:]) {
				t.Errorf("%s: unbalanced %s: %q", where, p, text)
			}
		}
		if strings.Contains(text, " ,") || strings.Contains(strings.TrimSpace(text), ".  ") {
			t.Errorf("%s: stray space: %q", where, text)
		}
		if flag && len(words) > 0 && dangling[strings.ToLower(words[len(words)-1])] {
			t.Errorf("%s: stops on %q: %q", where, words[len(words)-1], text)
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check(c.CommandPath()+" short", c.Short, true)
		check(c.CommandPath()+" long", c.Long, false)
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			check(c.CommandPath()+" --"+f.Name, f.Usage, true)
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(NewCmdRoot())
}

// TestHelpWrapsToTerminal: on a terminal (helpWidth, its width) each
// flag's text is wrapped under its column, so an 80-column terminal shows
// no line wider than 80 (a text of 300 characters ran on from the left
// edge); the words are the same as unwrapped, and into a pipe (width 0)
// each flag stays on one line.
func TestHelpWrapsToTerminal(t *testing.T) {
	_, flat, _ := runCLI(t, "", "batch", "--help")
	if !strings.Contains(flat, "killer: Killer Sudoku, --size 4, 6, 8 or 9") {
		t.Fatalf("unwrapped help has the --kind text broken: %q", flat)
	}
	defer func(w func() int) { helpWidth = w }(helpWidth)
	for _, cmd := range []string{"batch", "export", "grade"} {
		helpWidth = func() int { return 80 }
		_, wrapped, _ := runCLI(t, "", cmd, "--help")
		helpWidth = func() int { return 0 }
		_, unwrapped, _ := runCLI(t, "", cmd, "--help")
		if strings.Join(strings.Fields(wrapped), " ") != strings.Join(strings.Fields(unwrapped), " ") {
			t.Errorf("%s --help: wrapping changed the words", cmd)
		}
		flags := wrapped[strings.Index(wrapped, "\nFlags:\n"):]
		for _, l := range strings.Split(flags, "\n") {
			if n := utf8.RuneCountInString(l); n > 80 {
				t.Errorf("%s --help: a line of %d columns: %q", cmd, n, l)
			}
		}
	}
}
