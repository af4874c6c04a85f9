package store

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"triage/api"
)

// SavedView is one entry of `views:` in the config file: a named way to
// look at the board (gh-dash's sections, lazyjira's JQL tabs): a kind, a
// filter in the board's syntax, columns (by priority) or a list, and the
// list's sort. Key, when set, switches to it from the board.
type SavedView struct {
	Name  string
	Key   string
	Kind  string // story, bug or task; "": the current one
	Query string
	Mode  string // columns (board, as the app also calls it, is read as columns) or list; "": the current one
	Sort  string // priority, id, title, status, owner, modified or created, "-" first for descending; "": the current one
	// Group is the field the columns stand for: priority, status, owner or
	// iteration; "": the current one.
	Group string
	// Columns are the list mode's columns, comma-separated, of ViewColumns; "": all.
	Columns string
	Line    int
}

// The board's modes and sort keys a view may name.
var (
	viewModes  = []string{"columns", "board", "list"}
	viewSorts  = []string{"priority", "id", "title", "status", "owner", "modified", "created"}
	viewKinds  = []string{"story", "bug", "task"}
	viewGroups = []string{"priority", "status", "owner", "iteration"}
)

// viewFields are the fields of a view, in the order a saved one is written.
var viewFields = []string{"name", "key", "kind", "query", "mode", "group", "sort", "columns"}

// ViewColumns are the columns of the board's list mode a view may choose;
// the title is always shown.
func ViewColumns() []string {
	return slices.DeleteFunc(BoardColumns(), func(name string) bool { return name == "title" })
}

// decodeViews reads `views:`, a list of {name, key, kind, query, mode, group, sort, columns}.
func decodeViews(v *yaml.Node, list *[]SavedView) error {
	if v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		return api.Errorf("line %d: views: want a list of `- name: NAME` entries with kind, query, mode, group and sort", v.Line)
	}
	for _, entry := range v.Content {
		sv, err := decodeView(entry)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(*list, func(o SavedView) bool { return o.Name == sv.Name }) {
			return api.Errorf("line %d: views: %q is named twice", sv.Line, sv.Name)
		}
		*list = append(*list, sv)
	}
	return nil
}

// decodeView reads one entry of `views:`.
func decodeView(entry *yaml.Node) (SavedView, error) {
	sv := SavedView{Line: entry.Line}
	if entry.Kind != yaml.MappingNode {
		return sv, api.Errorf("line %d: views: want `name:` and any of %s", entry.Line, strings.Join(viewFields[1:], ", "))
	}
	for i := 0; i+1 < len(entry.Content); i += 2 {
		k, val := entry.Content[i], entry.Content[i+1]
		if val.Kind != yaml.ScalarNode {
			return sv, api.Errorf("line %d: views: %s: want a single value", val.Line, k.Value)
		}
		value := strings.TrimSpace(val.Value)
		oneOf := func(allowed []string, v string) error {
			if v != "" && !slices.Contains(allowed, v) {
				return api.Errorf("line %d: views: %s: %q is not one; write one of %s (e.g. `%s: %s`)", val.Line, k.Value, v, strings.Join(allowed, ", "), k.Value, allowed[len(allowed)-1])
			}
			return nil
		}
		var err error
		switch k.Value {
		case "name":
			sv.Name = value
		case "key":
			sv.Key = value
		case "kind":
			sv.Kind, err = value, oneOf(viewKinds, value)
		case "query":
			sv.Query = value
		case "mode":
			sv.Mode, err = ModeName(value), oneOf(viewModes, value)
		case "group":
			sv.Group, err = value, oneOf(viewGroups, value)
		case "sort":
			sv.Sort, err = value, oneOf(viewSorts, strings.TrimPrefix(value, "-"))
		case "columns":
			sv.Columns = customColumns(value)
			for c := range strings.SplitSeq(sv.Columns, ",") {
				if err == nil && c != "title" && !IsCustomColumn(c) {
					err = oneOf(ViewColumns(), c)
				}
			}
		default:
			err = api.Errorf("line %d: views: unknown field %q; a view has %s", k.Line, k.Value, strings.Join(viewFields, ", "))
		}
		if err != nil {
			return sv, err
		}
	}
	if sv.Name == "" {
		return sv, api.Errorf("line %d: views: a view needs a name: add `name: NAME` under its `-`", entry.Line)
	}
	return sv, nil
}

// ModeName is the board's mode a view names: board, the columns' other
// name, is columns.
func ModeName(mode string) string {
	if mode == "board" {
		return "columns"
	}
	return mode
}
