package slide

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSweepParseHugeNumber: a number too large for an int may be the
// trailing known length as well as a tile, so the message names both
// (number 10 of a 3x3 line is the length; it said "for a tile number").
func TestSweepParseHugeNumber(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"1 2 3 4 5 6 0 7 8 99999999999999999999", "number 10: 99999999999999999999 is far too large for a tile (at most 24) or an optimal length"},
		{"99999999999999999999 2 3 4 5 6 0 7 8", "number 1: 99999999999999999999 is far too large for a tile (at most 24) or an optimal length"},
	} {
		_, _, err := Parse(tc.line, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v; want %q", tc.line, err, tc.want)
		}
	}
}

// TestSweepCacheUnusableLog: a cache folder that cannot be used (here a
// path under a regular file) logged "rebuilding pattern database: open
// ...: not a directory", though nothing had been there to rebuild, and
// "could not cache pattern database: mkdir ..." without naming the table
// or saying the run goes on. The table must still be built and correct.
func TestSweepCacheUnusableLog(t *testing.T) {
	file := filepath.Join(t.TempDir(), "afile")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	var logs []string
	logf := func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }
	tiles := []uint8{11, 12, 15}
	p, err := LoadOrBuildPDB(filepath.Join(file, "cache"), 4, tiles, logf)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := BuildPDB(4, tiles)
	if err != nil || !bytes.Equal(p.Data, fresh.Data) {
		t.Fatalf("table differs from a fresh build (%v)", err)
	}
	name := PDBFileName(4, tiles)
	all := strings.Join(logs, "\n")
	if len(logs) != 2 || strings.Contains(all, "rebuilding") ||
		!strings.Contains(logs[0], "building pattern database "+name+" (cannot read the cache: not a directory)") ||
		!strings.Contains(logs[1], "could not cache pattern database "+name+" in ") ||
		!strings.Contains(logs[1], "kept in memory for this run") {
		t.Fatalf("logs:\n%s", all)
	}
}
