package outfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTrailingSlash: a path ending in a separator names a folder; Create
// and CheckPath refuse it before anything is written (a missing one used
// to pass, and the final rename failed with "not a directory"), and say
// "it is a folder" for an existing one.
func TestTrailingSlash(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "there"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "missing") + "/", "cannot write " + filepath.Join(dir, "missing") + "/: a name ending in / names a folder, not a file"},
		{filepath.Join(dir, "there") + "/", "cannot write " + filepath.Join(dir, "there") + "/: it is a folder"},
	} {
		if err := CheckPath(c.path); err == nil || err.Error() != c.want {
			t.Errorf("CheckPath(%q) = %v, want %q", c.path, err, c.want)
		}
		if f, err := Create(c.path); err == nil || err.Error() != c.want {
			if f != nil {
				f.Abort()
			}
			t.Errorf("Create(%q) = %v, want %q", c.path, err, c.want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
