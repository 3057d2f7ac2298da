// Package outfile writes output files so that no failure destroys anything:
// a regular file is written under a hidden temporary name beside it and
// renamed over the final name only when complete (Commit); a failed or
// interrupted run (Abort, or RemovePending on a forced exit) leaves an
// existing file exactly as it was.
//
// Other targets are handled as a user expects:
//
//   - a symbolic link is followed, and its target is replaced atomically
//     (the link stays a link);
//   - a device node, FIFO or socket (/dev/null, /dev/stdout, a named pipe)
//     is written directly, streaming, with no temporary file and no rename;
//   - a folder is refused.
//
// Temporary files are named ".NAME.tmp-PID-RANDOM" and locked (flock) while
// their writer lives. Create removes the stale ones of the same output that
// a killed run (kill -9, power loss) left behind: those whose lock is free
// and whose process is gone.
package outfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// File is an output file being written. Write to it, then call Commit to
// publish it under its final name, or Abort to throw it away. Commit and
// Abort may be called more than once; only the first call counts.
type File struct {
	path   string // the name asked for
	target string // where the data goes: path with symlinks resolved
	f      *os.File
	direct bool // a device, FIFO or socket: written in place
	done   bool
	keep   bool   // a failure keeps the temporary file (Keep)
	kept   string // the temporary file a failure kept, "" if none
	mode   fs.FileMode
}

// pending holds the temporary files not yet committed or aborted, so a
// forced exit can remove them (RemovePending).
var pending = struct {
	sync.Mutex
	m map[*File]struct{}
}{m: map[*File]struct{}{}}

// Create opens an output for path. It refuses an empty path and a folder,
// and says plainly when the folder is missing or not writable. For a
// regular (or not yet existing) file it first removes stale temporary files
// of the same output left by killed runs.
func Create(path string) (*File, error) {
	if path == "" {
		return nil, errors.New("output path is empty")
	}
	target, magic, err := resolveLinks(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %s", path, Reason(err))
	}
	if st, err := os.Stat(target); err == nil {
		switch {
		case st.IsDir():
			return nil, fmt.Errorf("cannot write %s: it is a folder", path)
		case !st.Mode().IsRegular() || magic:
			// Device, FIFO, socket, or /dev/stdout: write in place. A
			// device has no length and a FIFO nothing to truncate; a
			// regular file behind /dev/stdout is truncated as ">"
			// would.
			flag := os.O_WRONLY
			if st.Mode().IsRegular() {
				flag |= os.O_TRUNC
			}
			var f *os.File
			var err error
			if st.Mode()&fs.ModeNamedPipe != 0 {
				f, err = openFIFO(target)
			} else {
				f, err = os.OpenFile(target, flag, 0)
			}
			if err != nil {
				return nil, fmt.Errorf("cannot write %s: %w", path, Cause(err))
			}
			return &File{path: path, target: target, f: f, direct: true}, nil
		}
	}
	if err := CheckPath(target); err != nil {
		if target != path {
			return nil, fmt.Errorf("%w (the target of symbolic link %s)", err, path)
		}
		return nil, err
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		mode = st.Mode().Perm() // replacing a file keeps its permissions
	}
	dir, base := Dir(target), filepath.Base(target)
	RemoveStale(target)
	tmp, err := os.CreateTemp(dir, tempPrefix(base)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return nil, FolderError("cannot write "+path, dir, err)
	}
	lock(tmp)
	a := &File{path: path, target: target, f: tmp, mode: mode}
	pending.Lock()
	pending.m[a] = struct{}{}
	pending.Unlock()
	return a, nil
}

// CheckPath checks that a file can be created at path: path is not empty
// (Create refuses it), does not end in a separator (a folder's name), its
// folder exists and is a folder, and path is not a folder. Writability is checked when the file is created.
//
// The folder is the one the system resolves: path up to its last
// separator, not cleaned, so "./nosuch/../x" needs nosuch to exist, as
// the final rename will (see Dir).
func CheckPath(path string) error {
	if path == "" {
		return errors.New("output path is empty")
	}
	if last := path[len(path)-1]; last == '/' || last == filepath.Separator {
		// "out/" names a folder: without this the file was written
		// under .out.tmp-* and the final rename failed (ENOTDIR), after
		// the whole run.
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			return fmt.Errorf("cannot write %s: it is a folder", path)
		}
		return fmt.Errorf("cannot write %s: a name ending in %c names a folder, not a file", path, last)
	}
	dir := Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write %s: folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("cannot write %s: folder %s: %s", path, dir, Reason(err))
	case !st.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	st, err = os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("cannot write %s: it is a folder", path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		// A loop of symbolic links, a name too long: the file cannot
		// be opened, and would not be replaced either.
		return fmt.Errorf("cannot write %s: %s", path, Reason(err))
	}
	return nil
}

// Reason is what err, a failed open, stat or creation of a path that the
// message names already, says to a user: the system's reason alone ("no
// such file or directory"), and for a loop of symbolic links what that
// is.
func Reason(err error) string {
	err = Cause(err)
	if errors.Is(err, syscall.ELOOP) {
		return "it is a symbolic link that leads back to itself (too many levels of symbolic links)"
	}
	return err.Error()
}

// FolderError is the error of a file that could not be created in the
// folder dir, which exists: what (as "cannot write out.jsonl"), then why,
// naming the folder ("folder out is on a read-only file system"). With
// what "" the folder is what could not be written: "cannot write in
// folder out: it is on a read-only file system".
func FolderError(what, dir string, err error) error {
	err = Cause(err)
	folder := "folder " + dir
	if what == "" {
		what, folder = "cannot write in folder "+dir, "it"
	}
	switch {
	case errors.Is(err, syscall.EROFS):
		return fmt.Errorf("%s: %s is on a read-only file system", what, folder)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: %s does not let this user create files in it (%v)", what, folder, err)
	}
	return fmt.Errorf("%s: cannot create a file in %s (%v)", what, folder, err)
}

// Path is the name the output was created with.
func (a *File) Path() string { return a.path }

// Direct reports whether the output is written in place (a device, FIFO or
// socket) rather than through a temporary file.
func (a *File) Direct() bool { return a.direct }

// Write writes to the temporary file (or straight to a device).
func (a *File) Write(p []byte) (int, error) {
	n, err := a.f.Write(p)
	if err != nil {
		err = fmt.Errorf("writing %s: %w", a.path, Cause(err))
	}
	return n, err
}

// Commit finishes the output. A temporary file is synced, closed and
// renamed to the final name (and the folder synced); a device is closed.
// Any failure is returned naming the output, and the temporary file is
// removed.
func (a *File) Commit() error {
	if a.done {
		return nil
	}
	a.done = true
	if a.direct {
		if err := a.f.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", a.path, Cause(err))
		}
		return nil
	}
	defer forget(a)
	name := a.f.Name()
	err := a.f.Chmod(a.mode)
	if err == nil {
		err = a.f.Sync()
	}
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, a.target)
	}
	if err != nil {
		a.drop(name)
		return fmt.Errorf("writing %s: %w", a.path, Cause(err))
	}
	if d, err := os.Open(Dir(a.target)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Abort throws the output away: the temporary file is closed and removed,
// and whatever was at the final name stays as it was. A device is just
// closed.
func (a *File) Abort() error {
	if a.done {
		return nil
	}
	a.done = true
	if a.direct {
		return a.f.Close()
	}
	defer forget(a)
	if a.keep {
		a.f.Sync()
	}
	a.f.Close()
	return a.drop(a.f.Name())
}

// Keep makes a failure keep what was written: Abort, and a Commit that
// fails, leave the temporary file on disk (closed, so its lock is free and
// the next run to the same output finds it among StaleTemps) instead of
// removing it, unless it is empty. A resumable run (batch --resume) sets it, so a full disk or
// a failed rename loses nothing it wrote. A forced exit (RemovePending)
// still removes it.
func (a *File) Keep() {
	if !a.direct {
		a.keep = true
	}
}

// Kept is the temporary file a failure kept (see Keep), "" if none.
func (a *File) Kept() string { return a.kept }

// TempName is the temporary file's name ("" for a device written in
// place).
func (a *File) TempName() string {
	if a.direct {
		return ""
	}
	return a.f.Name()
}

// drop removes the temporary file name, or with Keep records it as kept
// (an empty one holds nothing to keep and is removed all the same).
func (a *File) drop(name string) error {
	if st, err := os.Stat(name); a.keep && err == nil && st.Size() > 0 {
		a.kept = name
		return nil
	}
	return os.Remove(name)
}

func forget(a *File) {
	pending.Lock()
	delete(pending.m, a)
	pending.Unlock()
}

// RemovePending removes the temporary file of every output neither
// committed nor aborted yet and every scratch folder not yet released
// (NewScratch), and releases the outputs held (HoldOutput). A program
// that must exit at once (a second Ctrl-C) calls it so it leaves nothing
// behind.
func RemovePending() {
	pending.Lock()
	for a := range pending.m {
		os.Remove(a.f.Name())
		delete(pending.m, a)
	}
	pending.Unlock()
	releaseScratches()
	releaseHolds()
}

// Dir is the folder of path as the system resolves it when the file is
// opened or renamed: path up to its last separator, not lexically cleaned
// ("./nosuch/../x" is in "./nosuch/..", which does not exist, while
// filepath.Dir says "."; "link/../x" is beside the link's target's
// folder). A path without a separator is in ".".
func Dir(path string) string {
	p := strings.TrimRight(path, string(filepath.Separator))
	if p == "" {
		return filepath.Dir(path) // the root
	}
	i := strings.LastIndexByte(p, filepath.Separator)
	switch {
	case i < 0:
		return "."
	case i == 0:
		return string(filepath.Separator)
	}
	return p[:i]
}

// Beside is the path of the file name in path's folder (Dir), joined
// without cleaning so that it names the folder the system resolves.
func Beside(path, name string) string {
	dir := Dir(path)
	switch {
	case dir == "." && !strings.ContainsRune(path, filepath.Separator):
		return name
	case strings.HasSuffix(dir, string(filepath.Separator)):
		return dir + name
	}
	return dir + string(filepath.Separator) + name
}

// stopWaiting, when set (StopWaitingOn), ends the wait for a FIFO's
// reader.
var stopWaiting atomic.Pointer[<-chan struct{}]

// StopWaitingOn makes Create stop waiting for the reader of a FIFO when
// done is closed (a Ctrl-C, a SIGTERM): the open fails with an error that
// wraps context.Canceled. Call it once, before the first Create.
func StopWaitingOn(done <-chan struct{}) { stopWaiting.Store(&done) }

// errNoReader is the wait for a FIFO's reader ended by a signal.
type errNoReader struct{}

func (errNoReader) Error() string {
	return "no reader opened the named pipe before the run was stopped; nothing written"
}
func (errNoReader) Unwrap() error { return context.Canceled }

// fifoPoll is how often Create looks for a FIFO's reader.
const fifoPoll = 20 * time.Millisecond

// openFIFO opens a FIFO for writing, waiting for a reader as a plain open
// would, but without blocking in the system call, so that a signal (see
// StopWaitingOn) ends the wait at once.
func openFIFO(path string) (*os.File, error) {
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) { // ENXIO: no reader yet
			return f, err
		}
		if p := stopWaiting.Load(); p != nil {
			select {
			case <-*p:
				return nil, errNoReader{}
			default:
			}
		}
		time.Sleep(fifoPoll)
	}
}

// tempPrefix is the start of the temporary names of the output base.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// KeepOpen marks the temporary file f, opened by this process, as a live
// run's for as long as f stays open: StaleTemps does not list it and
// RemoveStale does not remove it (as a running writer's). batch --resume
// holds the interrupted run's file it replays this way, so that creating
// the new output does not remove it before the new output holds its
// records.
func KeepOpen(f *os.File) { lock(f) }

// RemoveStale removes the temporary files of the output path left behind
// by runs that died before finishing (see StaleTemps). Files of live runs
// are kept. It reports how many it removed.
func RemoveStale(path string) int {
	n := 0
	for _, m := range StaleTemps(path) {
		if os.Remove(m) == nil {
			n++
		}
	}
	return n
}

// StaleTemps lists the temporary files of the output path (symbolic links
// followed) left behind by runs that died before finishing:
// ".NAME.tmp-PID-*" files whose lock is free and whose process no longer
// runs (or, for a reused process id, that have not been written for a
// minute). They hold what such a run wrote before it died; batch --resume
// reads them before Create removes them.
func StaleTemps(path string) []string {
	if target, magic, err := resolveLinks(path); err == nil && !magic {
		path = target
	}
	base := filepath.Base(path)
	matches, _ := filepath.Glob(Beside(path, globEscape(tempPrefix(base))+"*"))
	var stale []string
	for _, m := range matches {
		rest := strings.TrimPrefix(filepath.Base(m), tempPrefix(base))
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil {
			// An older sudogen's ".NAME.tmp-RANDOM": no process id to
			// ask, so only the lock and the age decide.
			pid = 0
		}
		if pid == os.Getpid() {
			continue
		}
		if staleTemp(m, pid) {
			stale = append(stale, m)
		}
	}
	return stale
}

// globEscape quotes the glob metacharacters of s.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// resolveLinks follows symbolic links at the end of path (not in its
// folders, which rename handles) to the name the data should go to, which
// need not exist yet. magic is true for a link into /proc (/dev/stdout,
// /dev/fd/N): its text ("pipe:[123]") need not be a path, and writing to it
// means writing to that open file, so it is opened, never replaced.
func resolveLinks(path string) (target string, magic bool, err error) {
	for range 64 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, false, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", false, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		if strings.HasPrefix(link, "/proc/") {
			return link, true, nil
		}
		path = link
	}
	return "", false, syscall.ELOOP
}

// Cause drops the operation and path from a *fs.PathError or an
// *os.LinkError, leaving the reason ("permission denied"), for messages
// that name the file already.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
