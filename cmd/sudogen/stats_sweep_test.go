package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStatsSweepCorpusName: a corpus of several files is named by its
// first three files and how many more, in English: "and 1 more file"
// for four files (it said "1 more files"), "and 2 more files" for five;
// the text and the HTML report's header say the same.
func TestStatsSweepCorpusName(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.txt")
	if err := os.WriteFile(corpus, []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	three := corpus + ", " + corpus + ", " + corpus
	for _, c := range []struct {
		files int
		want  string
	}{
		{3, three + ": 3 records"},
		{4, three + " and 1 more file: 4 records"},
		{5, three + " and 2 more files: 5 records"},
	} {
		args := []string{"stats"}
		for range c.files {
			args = append(args, corpus)
		}
		html := filepath.Join(dir, "r.html")
		args = append(args, "--html", html)
		code, out, errOut := runCLI(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, c.want+";") {
			t.Errorf("%d files: exit %d, %s, first line %q, want it to start %q", c.files, code, errOut, strings.SplitN(out, "\n", 2)[0], c.want)
		}
		page, err := os.ReadFile(html)
		name, _, _ := strings.Cut(c.want, ":")
		if err != nil || !strings.Contains(string(page), name+":") {
			t.Errorf("%d files: the report's header does not name the corpus %q (%v)", c.files, name, err)
		}
	}
}
