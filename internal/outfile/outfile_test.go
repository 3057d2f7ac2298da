package outfile

import (
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func write(t *testing.T, f *File, s string) {
	t.Helper()
	if _, err := f.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
}

// TestCommitAndAbort: nothing appears under the final name before Commit;
// Abort leaves an existing file exactly as it was; a replaced file keeps
// its permissions; no temporary file is left.
func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "new\n")
	if _, err := os.Stat(path); err == nil {
		t.Fatal("final name exists before Commit")
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Fatalf("after Commit: %q", b)
	}
	os.Chmod(path, 0o600)
	f, _ = Create(path)
	write(t, f, "half")
	f.Abort()
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Fatalf("after Abort: %q, want the old content", b)
	}
	f, _ = Create(path)
	write(t, f, "newer\n")
	f.Commit()
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file has mode %v, want 0600 kept", st.Mode().Perm())
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

// TestSymlinkFollowed: the link's target is replaced; the link stays. A
// dangling link creates its target.
func TestSymlinkFollowed(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	target := filepath.Join(dir, "sub", "real.txt")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.txt")
	os.Symlink("sub/real.txt", link)
	chain := filepath.Join(dir, "chain.txt")
	os.Symlink("link.txt", chain)
	for _, p := range []string{link, chain} {
		f, err := Create(p)
		if err != nil {
			t.Fatal(err)
		}
		write(t, f, "via "+filepath.Base(p))
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		if st, _ := os.Lstat(p); st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s is no longer a link", p)
		}
		if b, _ := os.ReadFile(target); string(b) != "via "+filepath.Base(p) {
			t.Fatalf("target holds %q", b)
		}
	}
	dangling := filepath.Join(dir, "dangling.txt")
	os.Symlink("sub/new.txt", dangling)
	f, err := Create(dangling)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "created")
	f.Commit()
	if b, _ := os.ReadFile(filepath.Join(dir, "sub", "new.txt")); string(b) != "created" {
		t.Fatalf("dangling link's target holds %q", b)
	}
}

// TestSpecialFilesInPlace: a FIFO and a device are written directly and
// stay what they are; a folder is refused.
func TestSpecialFilesInPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		r, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(r)
		r.Close()
		got <- string(b)
	}()
	f, err := Create(fifo)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Direct() {
		t.Error("FIFO not written directly")
	}
	write(t, f, "through the pipe")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "through the pipe" {
			t.Errorf("reader got %q", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("FIFO reader got nothing")
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("FIFO replaced by %v", st.Mode())
	}

	full, err := Create("/dev/full")
	if err != nil {
		t.Skip("no /dev/full")
	}
	if _, err := full.Write([]byte("x")); err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Errorf("write to /dev/full: %v", err)
	}
	full.Abort()
	if st, _ := os.Lstat("/dev/full"); st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/full is now %v", st.Mode())
	}

	if _, err := Create(dir); err == nil || !strings.Contains(err.Error(), "it is a folder") {
		t.Errorf("folder: %v", err)
	}
	if _, err := Create(filepath.Join(dir, "missing", "x")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing folder: %v", err)
	}
}

// TestRemoveStale: temporary files of dead runs go; those of live runs
// (locked), of other outputs, and fresh unlocked ones of a live process
// stay.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	// A process that has exited: its id is free (or reused, which the
	// age rule covers).
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no true(1)")
	}
	deadName := filepath.Join(dir, ".out.jsonl.tmp-"+strconv.Itoa(dead.Process.Pid)+"-1")
	os.WriteFile(deadName, []byte("half"), 0o600)
	old := filepath.Join(dir, ".out.jsonl.tmp-123456")
	os.WriteFile(old, []byte("old format, unlocked, an hour old"), 0o600)
	os.Chtimes(old, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour))
	other := filepath.Join(dir, ".other.jsonl.tmp-"+strconv.Itoa(dead.Process.Pid)+"-1")
	os.WriteFile(other, nil, 0o600)
	// A live writer holding the lock (process 1 is alive; the file is
	// old, so only the lock keeps it).
	live := filepath.Join(dir, ".out.jsonl.tmp-1-live")
	os.WriteFile(live, nil, 0o600)
	os.Chtimes(live, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour))
	holder, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	lock(holder)

	if n := RemoveStale(path); n != 2 {
		t.Errorf("removed %d, want 2", n)
	}
	for _, c := range []struct {
		name string
		gone bool
	}{{deadName, true}, {old, true}, {other, false}, {live, false}} {
		_, err := os.Stat(c.name)
		if gone := os.IsNotExist(err); gone != c.gone {
			t.Errorf("%s: gone %v, want %v", filepath.Base(c.name), gone, c.gone)
		}
	}
}

// TestRemovePending: a forced exit removes unfinished temporary files.
func TestRemovePending(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, "a.txt"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "x")
	RemovePending()
	if m, _ := filepath.Glob(filepath.Join(dir, ".a.txt.tmp-*")); len(m) != 0 {
		t.Fatalf("left: %v", m)
	}
}

// TestKeep (audit 2026-12-02 #1): with Keep, a failure (Abort, a Commit
// whose rename fails) leaves the temporary file with what was written, and
// says where; an empty one is removed; the final name never appears.
func TestKeep(t *testing.T) {
	for _, c := range []struct {
		name string
		data string
		fail func(f *File, path string) error
		kept bool
	}{
		{"abort", "line\n", func(f *File, _ string) error { return f.Abort() }, true},
		{"abort, nothing written", "", func(f *File, _ string) error { return f.Abort() }, false},
		{"rename fails", "line\n", func(f *File, path string) error {
			if err := os.Mkdir(path, 0o755); err != nil { // the final name became a folder
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(path, "x"), nil, 0o644)
			if f.Commit() == nil {
				t.Fatal("commit over a non-empty folder succeeded")
			}
			return nil
		}, true},
	} {
		path := filepath.Join(t.TempDir(), "out.jsonl")
		f, err := Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Keep()
		tmp := f.TempName()
		f.Write([]byte(c.data))
		c.fail(f, path)
		b, err := os.ReadFile(tmp)
		switch {
		case c.kept && (err != nil || string(b) != c.data || f.Kept() != tmp):
			t.Errorf("%s: temporary file %q (%v), Kept %q; want it kept with %q", c.name, b, err, f.Kept(), c.data)
		case !c.kept && (err == nil || f.Kept() != ""):
			t.Errorf("%s: temporary file kept (%q)", c.name, f.Kept())
		}
		if st, err := os.Stat(path); err == nil && !st.IsDir() {
			t.Errorf("%s: the final name appeared", c.name)
		}
	}
}

// TestDotDotThroughMissingFolder (audit 2026-12-02 #5): a path whose
// folder goes through a missing one and back ("nosuch/..") is refused by
// CheckPath and Create, as the system will refuse the final rename, not
// accepted for the lexically cleaned folder.
func TestDotDotThroughMissingFolder(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ path, dir string }{
		{"x.jsonl", "."},
		{"a/b.jsonl", "a"},
		{"/x", "/"},
		{"./nosuch/../x.jsonl", "./nosuch/.."},
		{"a/b/", "a"},
	} {
		if got := Dir(c.path); got != c.dir {
			t.Errorf("Dir(%q) = %q, want %q", c.path, got, c.dir)
		}
	}
	bad := filepath.Join(dir, "nosuch") + "/../x.jsonl"
	if err := CheckPath(bad); err == nil || !strings.Contains(err.Error(), "nosuch/.. does not exist") {
		t.Errorf("CheckPath(%s): %v", bad, err)
	}
	if f, err := Create(bad); err == nil {
		f.Abort()
		t.Errorf("Create(%s) succeeded", bad)
	}
	if err := os.Mkdir(filepath.Join(dir, "there"), 0o755); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "there") + "/../y.jsonl"
	f, err := Create(good)
	if err != nil {
		t.Fatalf("Create(%s): %v", good, err)
	}
	write(t, f, "ok\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "y.jsonl")); err != nil || string(b) != "ok\n" {
		t.Errorf("y.jsonl: %q %v", b, err)
	}
}

// TestHoldOutput (audit 2026-12-02 #25): an output held cannot be held
// again (the refusal names the holder) until released; releasing removes
// the lock file; a device is not held.
func TestHoldOutput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.jsonl")
	h, err := HoldOutput(path, "sudogen batch -o out.jsonl")
	if err != nil || h == nil {
		t.Fatalf("first hold: %v", err)
	}
	_, err = HoldOutput(path, "second")
	if err == nil || !strings.Contains(err.Error(), "another run is writing it (pid "+strconv.Itoa(os.Getpid())) || !strings.Contains(err.Error(), "sudogen batch -o out.jsonl") {
		t.Errorf("second hold: %v", err)
	}
	h.Release()
	h.Release()
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), ".out.jsonl.lock")); err == nil {
		t.Error("lock file left after Release")
	}
	h2, err := HoldOutput(path, "third")
	if err != nil {
		t.Fatalf("hold after release: %v", err)
	}
	h2.Release()
	if h, err := HoldOutput("/dev/null", "x"); h != nil || err != nil {
		t.Errorf("/dev/null: %v %v", h, err)
	}
}

// TestFolderError: a file that cannot be created is named with the folder
// that refused it and why, whether the output is a file or a folder.
func TestFolderError(t *testing.T) {
	for _, c := range []struct {
		what string
		err  error
		want string
	}{
		{"cannot write ro/x.jsonl", &fs.PathError{Op: "open", Path: "ro/.x.jsonl.tmp-1", Err: syscall.EACCES},
			"cannot write ro/x.jsonl: folder ro does not let this user create files in it (permission denied)"},
		{"cannot write ro/x.jsonl", syscall.EROFS, "cannot write ro/x.jsonl: folder ro is on a read-only file system"},
		{"cannot write ro/x.jsonl", syscall.ENOSPC, "cannot write ro/x.jsonl: cannot create a file in folder ro (no space left on device)"},
		{"", syscall.EACCES, "cannot write in folder ro: it does not let this user create files in it (permission denied)"},
		{"", syscall.EROFS, "cannot write in folder ro: it is on a read-only file system"},
	} {
		if got := FolderError(c.what, "ro", c.err).Error(); got != c.want {
			t.Errorf("FolderError(%q, ro, %v) = %q, want %q", c.what, c.err, got, c.want)
		}
	}
}

// TestLinkLoop: an output that is a loop of symbolic links, or under one,
// is refused as such, by Create, CheckPath and HoldOutput alike (it was
// "cannot read" from batch).
func TestLinkLoop(t *testing.T) {
	dir := t.TempDir()
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	want := "cannot write " + loop + ": it is a symbolic link that leads back to itself (too many levels of symbolic links)"
	if _, err := Create(loop); err == nil || err.Error() != want {
		t.Errorf("Create: %v, want %q", err, want)
	}
	if err := CheckPath(loop); err == nil || err.Error() != want {
		t.Errorf("CheckPath: %v, want %q", err, want)
	}
	under := filepath.Join(loop, "x")
	wantUnder := "cannot write " + under + ": folder " + loop + ": it is a symbolic link that leads back to itself (too many levels of symbolic links)"
	if _, err := HoldOutput(under, "test"); err == nil || err.Error() != wantUnder {
		t.Errorf("HoldOutput: %v, want %q", err, wantUnder)
	}
}
