package open

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
)

// logFile is the app's log under the XDG state directory.
const logFile = "triage.log"

// maxLogSize is the size past which the log starts afresh at the next run,
// the previous one kept as triage.log.1.
const maxLogSize = 5 << 20

// openLog opens the app's log in dir: private to the user and appended to.
// It holds what happened (start, logins, errors shown to the user), never a
// secret: the errors are the ones the screen shows.
func openLog(dir string) (*slog.Logger, func() error, error) {
	path := filepath.Join(dir, logFile)
	if fi, err := os.Stat(path); err == nil && fi.Size() > maxLogSize {
		if err := os.Rename(path, path+".1"); err != nil {
			return nil, nil, fmt.Errorf("log %s: %w", path, err)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("log %s: %w", path, err)
	}
	return slog.New(slog.NewTextHandler(f, nil)), f.Close, nil
}
