//go:build !unix

package api

import "os"

// errNoFileLock: without flock the budget cannot be shared between processes.
var errNoFileLock = Errorf("sharing the rate budget between processes needs a Unix system")

func lockFile(*os.File) error { return errNoFileLock }

func unlockFile(*os.File) error { return nil }
