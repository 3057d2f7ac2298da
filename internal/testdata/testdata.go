// Package testdata finds the shared test data beside the checkout
// (../shared/testdata, see TEAM.md) for the tests of every package.
package testdata

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ups are the folders tried, nearest first: tests run with their package
// folder as the working directory, one to three levels below the root.
var ups = []string{"../shared", "../../shared", "../../../shared", "../../../../shared"}

// Dir returns the shared test data folder (../shared/testdata beside the
// checkout), or skips tb with a clear message if it is absent.
func Dir(tb testing.TB) string {
	tb.Helper()
	for _, up := range ups {
		d := filepath.Join(up, "testdata")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
	}
	tb.Skip("shared test data not found: expected ../shared/testdata beside the checkout")
	return ""
}

// Path returns the path of the file rel (slash-separated, e.g.
// "sudoku/17-clue.txt") under the shared test data folder, or skips tb with a
// clear message if it is absent.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	for _, up := range ups {
		p := filepath.Join(up, "testdata", filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	tb.Skipf("shared test data %s not found: expected ../shared/testdata/%s beside the checkout", rel, rel)
	return ""
}

// Fields returns the lines of the shared test data file rel that are neither
// empty nor comments ('#' first), each split into whitespace-separated
// fields. A file that cannot be read fails tb.
func Fields(tb testing.TB, rel string) [][]string {
	tb.Helper()
	f, err := os.Open(Path(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		out = append(out, strings.Fields(line))
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", rel, err)
	}
	return out
}
