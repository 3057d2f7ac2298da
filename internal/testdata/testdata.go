// Package testdata holds the public puzzle sets the tests read (in its
// sudoku/, canon/ and slide/ folders, the big lists cut to every 10th
// puzzle, and the GPL-3.0 data apart in gpl-3.0/) and the independent
// checker (tools/sudocheck.py), and finds them for the tests of every
// package. README.md gives each file's source and licence.
//
// Path and Fields read the copies in this folder, so no test depends on
// anything outside the repository. Full reads a whole published set where
// only a subset is here (long runs, benchmarks), from $SUDOGEN_TESTDATA or
// ../shared/testdata beside the checkout. A file that cannot be found
// fails the test with what to fetch: nothing is skipped.
package testdata

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// subsets are the files held here only in part: rel -> the whole set's
// puzzle count and where to get it.
var subsets = map[string]struct {
	Full   int
	Source string
}{
	"sudoku/17-clue.txt":              {49158, "tdoku's data.zip (github.com/t-dillon/tdoku), puzzles_17-clue"},
	"sudoku/forum-hardest-11plus.txt": {48766, "tdoku's data.zip (github.com/t-dillon/tdoku), the forum hardest list 2019"},
	"sudoku/serg-multi-solution.txt":  {10000, "tdoku's data.zip (github.com/t-dillon/tdoku), Serg's benchmark"},
}

var (
	dirOnce sync.Once
	dir     string
)

// Dir returns this folder (internal/testdata of the repository), found
// from the test's working directory (its package folder) by walking up to
// the module root.
func Dir(tb testing.TB) string {
	tb.Helper()
	dirOnce.Do(func() {
		wd, err := os.Getwd()
		if err != nil {
			return
		}
		for d := wd; ; d = filepath.Dir(d) {
			if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && strings.Contains(string(b), "module github.com/sudogen/sudogen") {
				dir = filepath.Join(d, "internal", "testdata")
				return
			}
			if filepath.Dir(d) == d {
				return
			}
		}
	})
	if dir == "" {
		tb.Fatal("testdata: repository root (go.mod of github.com/sudogen/sudogen) not found above the working directory")
	}
	return dir
}

// gplDir is the folder of the GPL-3.0 data (its README and COPYING), kept
// apart from the rest; Path finds its files by their plain names.
const gplDir = "gpl-3.0"

// Path returns the path of the file rel (slash-separated, e.g.
// "sudoku/17-clue.txt") in this folder, or in its gpl-3.0 folder when the
// file is GPL-3.0 data (e.g. "sudoku/cb-ser-dev.tsv"), failing tb if it is
// missing.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(Dir(tb), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		if g := filepath.Join(Dir(tb), gplDir, filepath.FromSlash(rel)); fileExists(g) {
			return g
		}
		tb.Fatalf("test data %s missing: expected internal/testdata/%s in the repository (see internal/testdata/README.md for its source): %v", rel, rel, err)
	}
	return p
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// IsSubset reports whether the file rel holds only part of its published
// set here, and how many puzzles the whole set has.
func IsSubset(rel string) (full int, ok bool) {
	s, ok := subsets[rel]
	return s.Full, ok
}

// Full returns the path of the whole published set rel: this folder's copy
// when it is whole, else $SUDOGEN_TESTDATA/rel or ../shared/testdata/rel
// beside the checkout. When neither has it, tb fails naming where to get
// it.
func Full(tb testing.TB, rel string) string {
	tb.Helper()
	s, subset := subsets[rel]
	if !subset {
		return Path(tb, rel)
	}
	var tried []string
	if env := os.Getenv("SUDOGEN_TESTDATA"); env != "" {
		tried = append(tried, filepath.Join(env, filepath.FromSlash(rel)))
	}
	root := filepath.Dir(filepath.Dir(Dir(tb)))
	tried = append(tried, filepath.Join(filepath.Dir(root), "shared", "testdata", filepath.FromSlash(rel)))
	for _, p := range tried {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	tb.Fatalf("this test needs the whole of %s (%d puzzles; the repository holds every 10th): fetch it from %s and put it at %s, or set SUDOGEN_TESTDATA to a folder holding %s",
		rel, s.Full, s.Source, strings.Join(tried, " or "), rel)
	return ""
}

// Fields returns the lines of the file rel in this folder that are neither
// empty nor comments ('#' first), each split into whitespace-separated
// fields.
func Fields(tb testing.TB, rel string) [][]string {
	tb.Helper()
	return fieldsOf(tb, Path(tb, rel))
}

// FullFields is Fields of the whole published set (see Full).
func FullFields(tb testing.TB, rel string) [][]string {
	tb.Helper()
	return fieldsOf(tb, Full(tb, rel))
}

func fieldsOf(tb testing.TB, path string) [][]string {
	tb.Helper()
	f, err := os.Open(path)
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
		tb.Fatalf("%s: %v", path, err)
	}
	return out
}

// Checker returns the command line that runs the independent checker
// (python3 tools/sudocheck.py), failing tb if python3 is missing.
func Checker(tb testing.TB) []string {
	tb.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		tb.Fatal("python3 is needed for the independent checker internal/testdata/tools/sudocheck.py (.ci/run installs it)")
	}
	return []string{py, Path(tb, "tools/sudocheck.py")}
}

// SatChecker returns the command line that runs scripts/satcheck.py (an
// outside SAT solver proves records unique and, with --minimal, minimal),
// skipping tb when python3 or a SAT solver (minisat, cadical: Debian
// packages, which .ci/run installs) is missing.
func SatChecker(tb testing.TB) []string {
	tb.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		tb.Skip("python3 is needed for scripts/satcheck.py")
	}
	if _, err := exec.LookPath("minisat"); err != nil {
		if _, err := exec.LookPath("cadical"); err != nil {
			tb.Skip("scripts/satcheck.py needs minisat or cadical (Debian packages)")
		}
	}
	return []string{py, filepath.Join(filepath.Dir(Dir(tb)), "..", "scripts", "satcheck.py")}
}
