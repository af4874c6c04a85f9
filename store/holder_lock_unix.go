//go:build unix

package store

import (
	"os"
	"syscall"
)

// lockHolder takes the exclusive lock of a new holder's file.
func lockHolder(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// tryLockHolder takes the lock of another holder's file if it is free,
// that is if the holder's process ended.
func tryLockHolder(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
