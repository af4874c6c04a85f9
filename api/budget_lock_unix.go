//go:build unix

package api

import (
	"os"
	"syscall"
)

// lockFile takes the file's exclusive lock, waiting for other processes.
func lockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
