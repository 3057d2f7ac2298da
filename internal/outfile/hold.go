package outfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Hold is an output this process holds for writing (see HoldOutput).
type Hold struct {
	f    *os.File
	path string
}

// HoldOutput takes the output path for this process until Release: two
// runs writing the same file at once would each rename theirs over the
// other's, and one run's work would vanish. It takes an exclusive lock on
// ".NAME.lock" beside the output (symbolic links followed), writing into
// it who holds it (process id, start time, what), and fails, naming the
// holder, when another live process holds it. A device, FIFO or socket
// output, which is written in place, is not held (nil, nil). The kernel
// frees the lock when the process ends however it ends; Release also
// removes the lock file.
func HoldOutput(path, what string) (*Hold, error) {
	return hold(path, "", what)
}

// HoldFolder takes the folder dir, which exists, for this process until
// Release, as HoldOutput takes a file: a run writing several files into
// dir holds it, so that a second run to the same folder is refused.
func HoldFolder(dir, what string) (*Hold, error) {
	return hold(filepath.Join(dir, "puzzles"), dir, what)
}

// hold is HoldOutput of path, whose messages name folder instead when it
// is not "" (HoldFolder).
func hold(path, folder, what string) (*Hold, error) {
	named := "cannot write " + path
	if folder != "" {
		named = "cannot write in folder " + folder
	}
	target, magic, err := resolveLinks(path)
	if err != nil || magic {
		return nil, nil // Create reports a bad link
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		return nil, nil
	}
	if err := CheckPath(target); err != nil {
		return nil, err
	}
	name := Beside(target, "."+filepath.Base(target)+".lock")
	for range 8 {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			if folder != "" {
				return nil, FolderError("", folder, err)
			}
			return nil, FolderError(named, Dir(name), err)
		}
		if !tryLock(f) {
			b, _ := io.ReadAll(io.LimitReader(f, 1024))
			f.Close()
			holder := strings.TrimSpace(string(b))
			if holder == "" {
				holder = "a process that has not said who it is"
			}
			return nil, fmt.Errorf("%s: another run is writing it (%s; lock %s); wait for it to end or choose another output", named, holder, name)
		}
		if !sameFile(f, name) {
			f.Close() // released and removed meanwhile: take the new one
			continue
		}
		f.Truncate(0)
		fmt.Fprintf(f, "pid %s, started %s: %s\n", strconv.Itoa(os.Getpid()), time.Now().UTC().Format("2006-01-02 15:04:05 UTC"), what)
		h := &Hold{f: f, path: name}
		holds.Lock()
		holds.m[h] = struct{}{}
		holds.Unlock()
		return h, nil
	}
	return nil, fmt.Errorf("%s: cannot take the lock %s: it keeps changing", named, name)
}

// Release gives the output up: the lock file is removed and unlocked. It
// may be called more than once, and on nil.
func (h *Hold) Release() {
	holds.Lock()
	defer holds.Unlock()
	h.release()
}

func (h *Hold) release() {
	if h == nil || h.f == nil {
		return
	}
	os.Remove(h.path)
	h.f.Close()
	h.f = nil
	delete(holds.m, h)
}

// holds are the outputs held, released by RemovePending on a forced exit.
var holds = struct {
	sync.Mutex
	m map[*Hold]struct{}
}{m: map[*Hold]struct{}{}}

// releaseHolds releases every output held.
func releaseHolds() {
	holds.Lock()
	defer holds.Unlock()
	for h := range holds.m {
		h.release()
	}
}
