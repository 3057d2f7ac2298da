package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pageHintSteps reads the stored hint steps of a play page back.
func pageHintSteps(t *testing.T, page string) [][]json.RawMessage {
	t.Helper()
	m := regexp.MustCompile(`<script type="text/plain" id="sg-hints">([^<]*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no hint blocks in the page")
	}
	var steps [][]json.RawMessage
	for _, b := range strings.Split(m[1], "\n") {
		if b == "" {
			continue
		}
		z, err := base64.StdEncoding.DecodeString(b)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
		if err != nil {
			t.Fatal(err)
		}
		var blk []json.RawMessage
		if err := json.Unmarshal(raw, &blk); err != nil {
			t.Fatal(err)
		}
		for _, p := range blk {
			var ps [][]json.RawMessage
			if string(p) != "0" {
				if err := json.Unmarshal(p, &ps); err != nil {
					t.Fatal(err)
				}
			}
			steps = append(steps, ps...)
		}
	}
	return steps
}

// TestExportHTML: --format html and the .html extension write a page;
// --no-hints leaves the solve paths out; the page's size beyond its fixed
// part stays near 200 bytes per 9x9 puzzle with the grader's paths.
func TestExportHTML(t *testing.T) {
	src := exportCorpus(t, "150")
	dir := t.TempDir()
	one := filepath.Join(dir, "one.jsonl")
	b, _ := os.ReadFile(src)
	os.WriteFile(one, b[:bytes.IndexByte(b, '\n')+1], 0o644)
	size := func(in, out string, args ...string) int {
		t.Helper()
		code, _, errOut := runCLI(t, "", append([]string{"export", in, "-o", filepath.Join(dir, out)}, args...)...)
		if code != 0 {
			t.Fatalf("export %s: %s", out, errOut)
		}
		st, err := os.Stat(filepath.Join(dir, out))
		if err != nil {
			t.Fatal(err)
		}
		return int(st.Size())
	}
	fixed := size(one, "one.html")
	all := size(src, "all.htm", "--title", "Hard <ones>")
	plain := size(src, "plain.out", "--format", "html", "--no-hints")
	per, perPlain := float64(all-fixed)/149, float64(plain-fixed)/149
	t.Logf("one puzzle: %d bytes; then %.0f bytes per puzzle with solve paths, %.0f without", fixed, per, perPlain)
	// fixed: the page's own part and its words in every language, under
	// export's TestHTMLSize bounds (122 KB and 110 KB; e9d83ed raised the
	// first from 121 KB and left this sum at 231), and one puzzle
	if fixed > 232*1000 || per > 230 || perPlain > 100 {
		t.Errorf("sizes: fixed %d, %.0f per puzzle with paths, %.0f without", fixed, per, perPlain)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "all.htm"))
	if !strings.Contains(string(page), "<title>Hard &lt;ones&gt;</title>") {
		t.Error("--title not used")
	}
	// Stored steps carry their pattern: houses, cells or a chain.
	steps := pageHintSteps(t, string(page))
	bare := 0
	for _, s := range steps {
		if len(s) < 4 {
			bare++
			t.Logf("stored without a pattern: %s", joinRawMsgs(s))
		}
	}
	t.Logf("%d stored steps, %d without a pattern", len(steps), bare)
	if len(steps) == 0 || bare > 0 {
		t.Errorf("%d of %d stored steps have no houses, cells or chain", bare, len(steps))
	}
	noHints, _ := os.ReadFile(filepath.Join(dir, "plain.out"))
	if s := pageHintSteps(t, string(noHints)); len(s) != 0 {
		t.Errorf("--no-hints stored %d steps", len(s))
	}
}

func joinRawMsgs(parts []json.RawMessage) string {
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = string(p)
	}
	return strings.Join(s, ",")
}

// TestExportHTMLBadInput: records the page cannot play are refused at
// export time, one line naming the file and line, and no page is left.
func TestExportHTMLBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	good := `{"id":"a","kind":"sudoku","puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}`
	many := `{"id":"m","kind":"sudoku","puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........"}`
	for _, c := range []struct {
		name, input, want string
	}{
		{"empty corpus", "# nothing here\n\n", "empty corpus"},
		{"unknown kind", good + "\n" + `{"id":"k","kind":"kakuro","size":9}` + "\n", `u.jsonl:2: kind "kakuro": expected sudoku, slide`},
		{"no solution and not unique", good + "\n" + many + "\n", "n.jsonl:2: puzzle has more than one solution"},
		{"wrong solution", `{"id":"w","kind":"sudoku","puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......","solution":"` + strings.Repeat("123456789", 9) + `"}` + "\n", "w.jsonl:1: solution"},
		{"slide that does not reach the goal", `{"id":"s","kind":"slide","size":3,"tiles":[0,5,1,3,4,2,8,6,7],"solution":"DRRD","optimal":4}` + "\n", "solution does not reach the goal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := write(c.name[:1]+".jsonl", c.input)
			out := filepath.Join(dir, c.name[:1]+".html")
			code, _, errOut := runCLI(t, "", "export", in, "-o", out)
			if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want exit 1 and one line with %q", code, errOut, c.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a page was left behind")
			}
		})
	}
	// A record without a solution field gets its solution from the solver
	// when the puzzle has exactly one: the page can check entries.
	in := write("nosol.jsonl", good+"\n")
	out := filepath.Join(dir, "nosol.html")
	if code, _, errOut := runCLI(t, "", "export", in, "-o", out); code != 0 {
		t.Fatalf("a unique puzzle without a solution field: %s", errOut)
	}
}

// TestBatchHTML: `batch --format jsonl,html` writes the page beside the
// corpus, with every accepted puzzle.
func TestBatchHTML(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "", "batch", "--count", "5", "--seed", "4", "-q", "--progress", "never", "--format", "jsonl,html", "-o", dir); code != 0 {
		t.Fatalf("batch: %s", errOut)
	}
	corpus, _ := os.ReadFile(filepath.Join(dir, "puzzles.jsonl"))
	page, err := os.ReadFile(filepath.Join(dir, "puzzles.html"))
	if err != nil {
		t.Fatal(err)
	}
	var meta struct{ Count int }
	m := regexp.MustCompile(`<script type="application/json" id="sg-meta">([^<]*)</script>`).FindSubmatch(page)
	if m == nil || json.Unmarshal(m[1], &meta) != nil || meta.Count != 5 || bytes.Count(corpus, []byte("\n")) != 5 {
		t.Errorf("page holds %d puzzles, corpus %d lines", meta.Count, bytes.Count(corpus, []byte("\n")))
	}
}
