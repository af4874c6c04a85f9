package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"triage/api"
)

// Views made in the app are written into the config file as text: only the
// lines of the view saved, renamed or deleted change, so the user's
// comments, order and formatting of everything else stay byte for byte.
// A file without `views:` gets the list it offered (DefaultViews) with the
// change, at its end.

// SaveView writes v into the config file at path: over the view of the same
// name (keeping its key when v has none), else after the last view. It
// returns the views the file now holds.
func SaveView(path string, v SavedView) ([]SavedView, error) {
	v.Name = strings.TrimSpace(v.Name)
	if err := checkViewName(v.Name); err != nil {
		return nil, err
	}
	return editViews(path, func(views []SavedView) ([]SavedView, int, error) {
		at := slices.IndexFunc(views, func(o SavedView) bool { return o.Name == v.Name })
		if at < 0 {
			return append(views, v), len(views), nil
		}
		if v.Key == "" {
			v.Key = views[at].Key
		}
		views[at] = v
		return views, at, nil
	})
}

// RenameView renames the view from in the config file at path to to.
func RenameView(path, from, to string) ([]SavedView, error) {
	to = strings.TrimSpace(to)
	if err := checkViewName(to); err != nil {
		return nil, err
	}
	return editViews(path, func(views []SavedView) ([]SavedView, int, error) {
		at := slices.IndexFunc(views, func(o SavedView) bool { return o.Name == from })
		if at < 0 {
			return nil, 0, api.Errorf("config %s has no view named %q: it changed since it was read; restart triage to read it again", path, from)
		}
		if to != from && slices.ContainsFunc(views, func(o SavedView) bool { return o.Name == to }) {
			return nil, 0, api.Errorf("a view named %q exists: pick another name", to)
		}
		views[at].Name = to
		return views, at, nil
	})
}

// DeleteView removes the view name from the config file at path.
func DeleteView(path, name string) ([]SavedView, error) {
	return editViews(path, func(views []SavedView) ([]SavedView, int, error) {
		at := slices.IndexFunc(views, func(o SavedView) bool { return o.Name == name })
		if at < 0 {
			return nil, 0, api.Errorf("config %s has no view named %q: it changed since it was read; restart triage to read it again", path, name)
		}
		return slices.Delete(views, at, at+1), at, nil
	})
}

// checkViewName refuses a name a view cannot have.
func checkViewName(name string) error {
	switch {
	case name == "":
		return api.Errorf("a view needs a name: type one")
	case strings.ContainsAny(name, "\n\r\t"):
		return api.Errorf("a view's name is one line: type it without tabs or line breaks")
	}
	return nil
}

// editViews reads the config file at path, has change make the new list
// of views (and say at which index the change is), writes the file with
// only that view's lines changed, and returns the views it then holds. A
// file that does not read is left as it is.
func editViews(path string, change func([]SavedView) ([]SavedView, int, error)) ([]SavedView, error) {
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, api.Errorf("config %s: %w", path, err)
	}
	f, err := readViewsFile(data)
	if err != nil {
		return nil, api.Errorf("config %s: %w; correct it, then save the view again", path, err)
	}
	before := len(f.views)
	views, at, err := change(slices.Clone(f.views))
	if err != nil {
		return nil, err
	}
	text, ok := f.spliced(views, at, len(views)-before)
	if !ok || !holdsViews(text, views) {
		text = f.rewritten(views)
	}
	if !holdsViews(text, views) {
		return nil, api.Errorf("config %s: the views could not be written in a way that reads back; the file is unchanged", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), dirMode); err != nil {
		return nil, api.Errorf("config %s: %w", path, err)
	}
	if err := writeFileAtomic(path, []byte(text)); err != nil {
		return nil, api.Errorf("config %s: %w", path, err)
	}
	return views, nil
}

// holdsViews reports whether text reads as a config file with exactly
// these views.
func holdsViews(text string, views []SavedView) bool {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return false
	}
	var sec Sections
	if err := decodeSettings(&doc, &Settings{}, &sec); err != nil || !sec.ViewsWritten {
		return false
	}
	return slices.EqualFunc(sec.Views, views, func(a, b SavedView) bool {
		a.Line, b.Line = 0, 0
		return a == b
	})
}
