//go:build unix

package uitest

import (
	"syscall"
	"time"
)

// CPUTime is the processor time the process has used so far (user and
// system, every thread): unlike the wall clock, it does not grow while
// other processes hold the processors, so benchmarks report it per key too.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
