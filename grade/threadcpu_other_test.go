//go:build !linux

package grade

import "time"

// threadCPU is 0 where the thread's CPU clock is not read.
func threadCPU() time.Duration { return 0 }
