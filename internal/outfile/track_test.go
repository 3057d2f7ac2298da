package outfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTrackFolder: a folder made outside the system's temporary folder
// and tracked is removed, with its files, by RemovePending (a forced
// exit) and by Release, and Release after RemovePending is harmless.
func TestTrackFolder(t *testing.T) {
	for _, forced := range []bool{true, false} {
		dir := filepath.Join(t.TempDir(), ".staging")
		if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "sub", "f.pdf"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		s := TrackFolder(dir)
		if forced {
			RemovePending()
		}
		s.Release()
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("forced %v: the tracked folder is still there: %v", forced, err)
		}
	}
}
