//go:build unix

package outfile

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"
)

// lock takes an exclusive flock on f for as long as this process keeps it
// open, marking the temporary file as in use.
func lock(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// staleTemp reports whether the temporary file name belongs to no live
// run: nobody holds its lock, and its process (pid, 0 if unknown) is gone
// or the file has not changed for a minute (the id may have been reused).
func staleTemp(name string, pid int) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return false // a live writer holds it
	}
	if pid > 0 && !alive(pid) {
		return true
	}
	st, err := f.Stat()
	return err == nil && time.Since(st.ModTime()) > time.Minute
}

// alive reports whether process pid exists and has not exited: a zombie
// (exited, not yet reaped by its parent, as right after kill -9) holds no
// files any more, so its temporary file is stale.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	if err != nil && err != syscall.EPERM {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if i := bytes.LastIndexByte(b, ')'); err == nil && i >= 0 && i+2 < len(b) && b[i+2] == 'Z' {
		return false
	}
	return true
}

// tryLock takes an exclusive flock on f without waiting; false when
// another process holds it.
func tryLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

// sameFile reports whether f is still the file at path (not replaced or
// removed since it was opened).
func sameFile(f *os.File, path string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// runGone reports whether process pid has exited (see alive).
func runGone(pid int) bool { return !alive(pid) }
