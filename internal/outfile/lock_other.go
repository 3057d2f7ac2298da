//go:build !unix

package outfile

import (
	"os"
	"time"
)

// lock does nothing where flock is not available.
func lock(*os.File) {}

// staleTemp reports whether the temporary file name is old enough to
// belong to no live run: without locks, only a day without changes says so.
func staleTemp(name string, _ int) bool {
	st, err := os.Stat(name)
	return err == nil && time.Since(st.ModTime()) > 24*time.Hour
}

// tryLock always succeeds where flock is not available.
func tryLock(*os.File) bool { return true }

// sameFile is true where locks are not available.
func sameFile(*os.File, string) bool { return true }

// runGone cannot tell where processes cannot be asked: never.
func runGone(int) bool { return false }
