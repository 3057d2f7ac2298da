//go:build unix

// Package cputime reads the process's CPU time, for benchmarks on a shared
// machine where wall time says little.
package cputime

import (
	"syscall"
	"time"
)

// Now returns the user+system CPU time of this process so far (all
// goroutines), or 0 if the system cannot tell.
func Now() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
