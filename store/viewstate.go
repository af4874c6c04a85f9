package store

import "strconv"

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
	all, err := readKeyedFile[ViewState](stateDir, ViewStateFile)
	if err != nil {
		return ViewState{}, false
	}
	st, ok := all[viewStateKey(service, ws)]
	return st, ok
}

// SaveViewState remembers how the board is shown in a workspace.
func SaveViewState(stateDir, service string, ws int64, st ViewState) error {
	return saveKeyed(stateDir, ViewStateFile, viewStateKey(service, ws), st)
}
