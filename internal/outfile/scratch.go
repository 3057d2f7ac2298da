package outfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Scratch is a folder of spool files a writer keeps while it works (a
// workbook's streamed sheets): it is removed, with everything in it, by
// Release, by RemovePending on a forced exit, and, for a run killed
// outright, by the next NewScratch of the same prefix.
type Scratch struct {
	dir  string
	once sync.Once
}

// scratches holds the scratch folders not yet released (RemovePending).
var scratches = struct {
	sync.Mutex
	m map[*Scratch]struct{}
}{m: map[*Scratch]struct{}{}}

// NewScratch makes a scratch folder PREFIX-PID-RANDOM in the system's
// temporary folder, first removing those of the same prefix whose run is
// gone (kill -9, power loss).
func NewScratch(prefix string) (*Scratch, error) {
	removeStaleScratch(prefix)
	dir, err := os.MkdirTemp("", prefix+"-"+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, err
	}
	return TrackFolder(dir), nil
}

// TrackFolder registers dir, a folder a writer made elsewhere than in the
// system's temporary folder (a --format run's staging folder inside its
// -o folder), as a Scratch: Release and RemovePending (a forced exit)
// remove it with everything in it.
func TrackFolder(dir string) *Scratch {
	s := &Scratch{dir: dir}
	scratches.Lock()
	scratches.m[s] = struct{}{}
	scratches.Unlock()
	return s
}

// Path is the folder's path.
func (s *Scratch) Path() string { return s.dir }

// Release removes the folder and everything in it. Only the first call
// counts.
func (s *Scratch) Release() {
	s.once.Do(func() {
		os.RemoveAll(s.dir)
		scratches.Lock()
		delete(scratches.m, s)
		scratches.Unlock()
	})
}

// releaseScratches removes every scratch folder not yet released.
func releaseScratches() {
	scratches.Lock()
	all := make([]*Scratch, 0, len(scratches.m))
	for s := range scratches.m {
		all = append(all, s)
	}
	scratches.Unlock()
	for _, s := range all {
		s.Release()
	}
}

// removeStaleScratch removes the scratch folders of prefix that belong to
// no live run: their process is gone, or, where that cannot be told, they
// have not changed for a day.
func removeStaleScratch(prefix string) {
	matches, _ := filepath.Glob(filepath.Join(os.TempDir(), prefix+"-*-*"))
	for _, m := range matches {
		rest := strings.TrimPrefix(filepath.Base(m), prefix+"-")
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid == os.Getpid() {
			continue
		}
		st, err := os.Lstat(m)
		if err != nil || !st.IsDir() {
			continue
		}
		if runGone(pid) || time.Since(st.ModTime()) > 24*time.Hour {
			os.RemoveAll(m)
		}
	}
}
