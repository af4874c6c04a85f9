package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// LabelsFile keeps, under Paths.CacheDir, the priority labels each service
// last named, so that shell completion offers them for `set --priority`
// without asking the service. Like the rest of the cache it is disposable.
const LabelsFile = "priority-labels.json"

// SaveLabels remembers the priority labels of a kind read from a service,
// merged with those of its other kinds.
func SaveLabels(cacheDir, service, kind string, labels []string) error {
	all, err := readLabels(cacheDir)
	if err != nil {
		all = map[string]map[string][]string{}
	}
	if all[service] == nil {
		all[service] = map[string][]string{}
	}
	all[service][kind] = labels
	data, err := json.Marshal(all)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cacheDir, dirMode); err != nil {
		return fmt.Errorf("cache %s: %w", cacheDir, err)
	}
	return writeFileAtomic(filepath.Join(cacheDir, LabelsFile), data)
}

// Labels are the priority labels last read from a service, of every kind,
// sorted and each once; none when nothing was saved.
func Labels(cacheDir, service string) ([]string, error) {
	all, err := readLabels(cacheDir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, labels := range all[service] {
		for _, l := range labels {
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// readLabels reads the file: service → kind → labels.
func readLabels(cacheDir string) (map[string]map[string][]string, error) {
	data, err := os.ReadFile(filepath.Join(cacheDir, LabelsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]map[string][]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	var all map[string]map[string][]string
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, fmt.Errorf("%s: %w", LabelsFile, err)
	}
	return all, nil
}
