//go:build !unix

package main

import "os"

// processGone reports whether no process pid exists: where there is no
// signal 0 to probe with (Windows), a process that cannot be opened is
// taken as gone.
func processGone(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	p.Release()
	return false
}
