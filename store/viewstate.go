package store

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"triage/api"
)

// ViewStateFile keeps, under Paths.StateDir, how the board was last shown
// in each workspace, so that the next start shows it the same way.
const ViewStateFile = "board-view.json"

// ViewState is how the board was shown in a workspace: the saved view in
// use, the kind, the filter, columns or list, the grouping, the list's sort ("-" first
// for descending) and columns, and the focused item.
type ViewState struct {
	View  string `json:"view,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Query string `json:"query,omitempty"`
	Mode  string `json:"mode,omitempty"`
	Sort  string `json:"sort,omitempty"`
	// Group is the field the columns stand for (SavedView.Group).
	Group string `json:"group,omitempty"`
	// Columns are the list's columns, comma-separated (ViewColumns); "": all.
	Columns string `json:"columns,omitempty"`
	Focus   string `json:"focus,omitempty"` // item id
}

// viewStateKey names a workspace of a service in the file.
func viewStateKey(service string, ws int64) string {
	return service + " " + strconv.FormatInt(ws, 10)
}

// LoadViewState is how the board was last shown in a workspace of a
// service, and whether that is known. A file that cannot be read is as
// good as none: it only saves the user some keys.
func LoadViewState(stateDir, service string, ws int64) (ViewState, bool) {
	all, err := readViewStates(stateDir)
	if err != nil {
		return ViewState{}, false
	}
	st, ok := all[viewStateKey(service, ws)]
	return st, ok
}

// SaveViewState remembers how the board is shown in a workspace.
func SaveViewState(stateDir, service string, ws int64, st ViewState) error {
	all, err := readViewStates(stateDir)
	if err != nil {
		all = map[string]ViewState{}
	}
	all[viewStateKey(service, ws)] = st
	data, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(stateDir, dirMode); err != nil {
		return api.Errorf("state %s: %w", stateDir, err)
	}
	return writeFileAtomic(filepath.Join(stateDir, ViewStateFile), data)
}

// readViewStates reads the file: "service workspace" → state.
func readViewStates(stateDir string) (map[string]ViewState, error) {
	data, err := os.ReadFile(filepath.Join(stateDir, ViewStateFile))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]ViewState{}, nil
	}
	if err != nil {
		return nil, err
	}
	var all map[string]ViewState
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, api.Errorf("%s: %w", ViewStateFile, err)
	}
	return all, nil
}
