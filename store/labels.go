package store

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"triage/api"
)

// LabelsFile keeps, under Paths.CacheDir, the priority options each service
// last named, so that shell completion offers their labels for `set
// --priority`, and `set --queue` checks a value while the service cannot be
// reached. Like the rest of the cache it is disposable.
const LabelsFile = "priority-labels.json"

// SaveLabels remembers the priority options of a kind read from a service,
// beside those of its other kinds.
func SaveLabels(cacheDir, service string, kind api.Kind, opts []api.PriorityOption) error {
	all, err := readLabels(cacheDir)
	if err != nil {
		all = map[string]map[string][]api.PriorityOption{}
	}
	if all[service] == nil {
		all[service] = map[string][]api.PriorityOption{}
	}
	all[service][kind.String()] = opts
	data, err := json.Marshal(all)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cacheDir, dirMode); err != nil {
		return api.Errorf("cache %s: %w", cacheDir, err)
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
	for _, opts := range all[service] {
		for _, o := range opts {
			if !slices.Contains(out, o.Label) {
				out = append(out, o.Label)
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// SavedOptions are the priority options of a kind last read from a service,
// and whether any were saved.
func SavedOptions(cacheDir, service string, kind api.Kind) ([]api.PriorityOption, bool, error) {
	all, err := readLabels(cacheDir)
	if err != nil {
		return nil, false, err
	}
	opts, ok := all[service][kind.String()]
	return opts, ok, nil
}

// readLabels reads the file: service → kind → options.
func readLabels(cacheDir string) (map[string]map[string][]api.PriorityOption, error) {
	data, err := os.ReadFile(filepath.Join(cacheDir, LabelsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]map[string][]api.PriorityOption{}, nil
	}
	if err != nil {
		return nil, err
	}
	var all map[string]map[string][]api.PriorityOption
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, api.Errorf("%s: %w", LabelsFile, err)
	}
	return all, nil
}
