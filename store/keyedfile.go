package store

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"triage/api"
)

// A keyed file is a JSON state file under Paths.StateDir that maps a key
// (a workspace of a service, a kind of it…) to what is remembered of it:
// the board's view state, what the user last looked at.

// readKeyedFile reads the keyed file name of stateDir; a missing file is an
// empty one.
func readKeyedFile[T any](stateDir, name string) (map[string]T, error) {
	data, err := os.ReadFile(filepath.Join(stateDir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]T{}, nil
	}
	if err != nil {
		return nil, api.Errorf("read %s: %w", name, err)
	}
	var all map[string]T
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, api.Errorf("%s is not readable (%w)", name, err)
	}
	return all, nil
}

// saveKeyed puts v under key in the keyed file name of stateDir, written
// whole and atomically; a file that cannot be read is replaced.
func saveKeyed[T any](stateDir, name, key string, v T) error {
	all, err := readKeyedFile[T](stateDir, name)
	if err != nil {
		all = map[string]T{}
	}
	all[key] = v
	data, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(stateDir, dirMode); err != nil {
		return api.Errorf("state %s: %w", stateDir, err)
	}
	return writeFileAtomic(filepath.Join(stateDir, name), data)
}
