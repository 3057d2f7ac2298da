package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// spoolFiles lists the files under dir (recursively): what a run left in
// its temporary folder.
func spoolFiles(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != dir {
			out = append(out, strings.TrimPrefix(p, dir+"/"))
		}
		return nil
	})
	return out
}

// TestXLSXInterruptLeavesNoSpool (audit 2026-12-02 #8): excelize spools a
// streamed sheet past 16 MB to files in the temporary folder; Ctrl-C on
// an export that has spooled leaves none of them (nor any other file) in
// $TMPDIR, and no workbook. The corpus is one real puzzle under 60,000
// ids, enough rows for a spool.
func TestXLSXInterruptLeavesNoSpool(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	tmp := t.TempDir()
	src := exportCorpus(t, "1")
	line, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(line, &rec); err != nil {
		t.Fatal(err)
	}
	var big bytes.Buffer
	for i := range 60000 {
		rec["id"] = fmt.Sprintf("spool-%06d", i)
		b, _ := json.Marshal(rec)
		big.Write(b)
		big.WriteByte('\n')
	}
	corpus := filepath.Join(dir, "big.jsonl")
	if err := os.WriteFile(corpus, big.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "x.xlsx")
	cmd := exec.Command(bin, "export", corpus, "-o", out)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait, with a deadline, for excelize's first spool file.
	deadline := time.After(3 * time.Minute)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("no spool file in %s after 3 minutes: %q", tmp, spoolFiles(tmp))
		case err := <-done:
			t.Fatalf("export ended (%v) before it spooled; stderr %q", err, stderr.String())
		case <-tick.C:
			for _, f := range spoolFiles(tmp) {
				if strings.HasPrefix(filepath.Base(f), "excelize-") {
					break wait
				}
			}
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err = <-done
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Errorf("exit %v, want 130; stderr %q", err, stderr.String())
	}
	if left := spoolFiles(tmp); len(left) > 0 {
		t.Errorf("the interrupted export left %q in $TMPDIR", left)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an interrupted export wrote the workbook")
	}
}
