package open

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenLog: the log is private and appended to, and starts afresh past
// its size, keeping the previous one.
func TestOpenLog(t *testing.T) {
	dir := t.TempDir()
	for _, msg := range []string{"first run", "second run"} {
		log, closeLog, err := openLog(dir)
		if err != nil {
			t.Fatal(err)
		}
		log.Info(msg)
		if err := closeLog(); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, logFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "first run") || !strings.Contains(string(b), "second run") {
		t.Errorf("the log does not keep both runs:\n%s", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("log mode %o, want 600", fi.Mode().Perm())
	}

	if err := os.WriteFile(path, make([]byte, maxLogSize+1), 0o600); err != nil {
		t.Fatal(err)
	}
	log, closeLog, err := openLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("fresh")
	closeLog()
	if fi, err := os.Stat(path + ".1"); err != nil || fi.Size() != maxLogSize+1 {
		t.Errorf("the full log was not kept as %s.1: %v", logFile, err)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "fresh") || len(b) > 1000 {
		t.Errorf("the log did not start afresh (%d bytes)", len(b))
	}
}
