package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// TestExportXLSXRestoresMemoryLimit: an xlsx export sets a soft heap
// limit for itself and puts the process's own back when it returns. Left
// set, every later test of the package ran with a 150 MiB limit under a
// larger live heap, its collector running without pause (the package's
// tests took 6x their time alone).
func TestExportXLSXRestoresMemoryLimit(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT is set: export leaves the limit to it")
	}
	const mine = 1 << 40
	old := debug.SetMemoryLimit(mine)
	defer debug.SetMemoryLimit(old)
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte(".47..19..5..2....3..83...4.8...........1...6......2.89.76...........42...2....31.\n"), 0o644)
	if code, _, e := runCLI(t, "", "export", in, "-q", "-o", filepath.Join(dir, "out.xlsx")); code != 0 {
		t.Fatalf("export: exit %d: %s", code, e)
	}
	if got := debug.SetMemoryLimit(-1); got != mine {
		t.Errorf("after export the memory limit is %d, want the process's own %d", got, int64(mine))
	}
}
