//go:build unix

package main

import "syscall"

// processGone reports whether no process pid exists (signal 0 probes it
// without sending anything; EPERM means it exists under another user).
func processGone(pid int) bool {
	return syscall.Kill(pid, 0) == syscall.ESRCH
}
