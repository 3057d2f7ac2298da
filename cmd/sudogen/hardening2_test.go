package main

// Tests of the built binary for issue 19 (hardening II): each names the
// audit item of shared/audits/2026-12-02-hostile.md it covers. Run them
// against another build with SUDOGEN_TEST_BIN=/path/to/sudogen to see them
// fail there.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// smallDisk mounts a tmpfs of size (as mount's size=) on a new folder and
// returns it, unmounting it at the end of the test. It skips the test,
// saying why, where it cannot (not root, no mount).
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to mount a small tmpfs for a real ENOSPC")
	}
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s): no real ENOSPC to test with", err, strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
	return dir
}

// growDisk remounts the tmpfs at dir with a new size ("free some space").
func growDisk(t *testing.T, dir, size string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,size="+size, dir).CombinedOutput(); err != nil {
		t.Fatalf("remount %s: %v: %s", dir, err, out)
	}
}

// TestFullDiskKeepsRun (audit 1): a batch that fills the disk keeps its
// temporary file and run file, says how many records are safe and the
// command that continues it; that command, once there is room, ends with
// the output of an uninterrupted run, byte for byte.
func TestFullDiskKeepsRun(t *testing.T) {
	disk := smallDisk(t, "256k")
	out := filepath.Join(disk, "g.jsonl")
	code, _, stderr, _ := runBin(t, 60*time.Second, nil, "batch", "--count", "1500", "--seed", "4", "--no-grade", "--workers", "2", "-o", out)
	if code != 1 || !strings.Contains(stderr, "no space left on device") {
		t.Fatalf("exit %d, stderr %q: want 1 and no space left on device", code, stderr)
	}
	m := regexp.MustCompile(`; (\d+) records are safe in (\S+); .*run: (.*)\n$`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("stderr %q does not say how many records are safe and how to continue", stderr)
	}
	if _, err := os.Stat(m[2]); err != nil {
		t.Errorf("the temporary file it names: %v", err)
	}
	if _, err := os.Stat(runFilePath(out)); err != nil {
		t.Errorf("the run file: %v", err)
	}
	if m[1] == "0" {
		t.Errorf("0 records safe: the test disk is too small")
	}
	growDisk(t, disk, "8m")
	words := strings.Fields(m[3])
	if words[0] != "sudogen" || !strings.Contains(m[3], "--resume") {
		t.Fatalf("resume command %q", m[3])
	}
	code, _, stderr, _ = runBin(t, 60*time.Second, nil, words[1:]...)
	if code != 0 || !strings.Contains(stderr, "resumed: kept the "+m[1]+" records") {
		t.Fatalf("resumed run: exit %d, stderr %q; want 0 and the %s records kept", code, stderr, m[1])
	}
	ref := filepath.Join(t.TempDir(), "ref.jsonl")
	if code, _, stderr, _ := runBin(t, 60*time.Second, nil, "batch", "--count", "1500", "--seed", "4", "--no-grade", "-q", "-o", ref); code != 0 {
		t.Fatalf("reference run: exit %d %q", code, stderr)
	}
	sameFiles(t, "resumed after ENOSPC", ref, out)
	if left, _ := filepath.Glob(filepath.Join(disk, ".g.jsonl.tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
