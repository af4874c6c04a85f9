package store

import (
	"errors"
	"os"
	"path/filepath"

	"triage/api"
)

// fileMode is the mode of every file triage writes: private to the user.
const fileMode os.FileMode = 0o600

// writeFileAtomic replaces path with data so that a reader sees either the
// old file or the new one, never a part: it writes a temporary file in the
// same directory, syncs it, renames it over path and syncs the directory.
// The new file has mode 0600. On failure no temporary file is left behind.
func writeFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return api.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(fileMode); err != nil {
		return api.Errorf("write %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return api.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return api.Errorf("write %s: sync: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return api.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return api.Errorf("write %s: %w", path, err)
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable. Systems that cannot sync a
// directory (Windows) report it as invalid, which is not a failure.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return api.Errorf("sync directory %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return api.Errorf("sync directory %s: %w", dir, err)
	}
	return nil
}
