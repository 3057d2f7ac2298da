//go:build unix

package main

import "syscall"

// openFilesLimit returns how many files this process may have open at
// once (the soft RLIMIT_NOFILE, which the Go runtime raises to the hard
// limit at start), and whether it is known.
func openFilesLimit() (uint64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, false
	}
	return r.Cur, true
}
