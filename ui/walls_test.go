package ui

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestViewsMeetOnlyInTheEngineAndTheRoot keeps DESIGN.md's walls inside ui
// by the folders: a view imports no other view (the board's own parts live
// in its folder and are the board's to import); a component imports no
// view and not the store (it draws what its view gives it: the board's
// field flows, which read owners and iterations, are the board's); the
// engine imports no view and no component. It reads the product
// files' imports: a test may drive two views together (the board's tests
// answer through the queue's messages).
func TestViewsMeetOnlyInTheEngineAndTheRoot(t *testing.T) {
	const module = "triage/"
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(dir, build.ImportComment)
		if _, none := err.(*build.NoGoError); none {
			return nil
		} else if err != nil {
			return err
		}
		from := filepath.ToSlash(dir)
		for _, imp := range pkg.Imports {
			to, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if why := crossesAWall(from, to); why != "" {
				t.Errorf("ui/%s imports %s: %s", from, to, why)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// crossesAWall says which wall an import from ui/from of to (a path in the
// module: "store", "ui/views/board") breaks, or "".
func crossesAWall(from, to string) string {
	if to == "store" && strings.HasPrefix(from, "components/") {
		return "a component draws what its view gives it; reading the store is the engine's or the view's"
	}
	inUI, ok := strings.CutPrefix(to, "ui/")
	if !ok {
		return ""
	}
	to = inUI
	role := func(p string) (string, string) { // "views", "board" for views/board/paint
		parts := strings.Split(p, "/")
		if len(parts) < 2 {
			return parts[0], ""
		}
		return parts[0], parts[1]
	}
	fromRole, fromName := role(from)
	toRole, toName := role(to)
	switch {
	case fromRole == "views" && toRole == "views" && fromName != toName:
		return "views do not import each other; they meet in the engine and the root"
	case fromRole == "components" && toRole == "views":
		return "a component imports no view"
	case fromRole == "engine" && (toRole == "views" || toRole == "components"):
		return "the engine imports no view and no component"
	}
	return ""
}

// TestTheWallsCheckSees: the check names each kind of crossing, and lets
// the board import its own parts.
func TestTheWallsCheckSees(t *testing.T) {
	tests := []struct {
		from, to string
		crosses  bool
	}{
		{"views/board", "ui/components/picker", false},
		{"views/board", "ui/views/board/fieldflow", false},
		{"views/board/fieldflow", "ui/views/board/paint", false},
		{"views/board/fieldflow", "store", false},
		{"views/board", "ui/views/editor", true},
		{"views/editor", "ui/views/board/fieldflow", true},
		{"components/picker", "ui/views/board", true},
		{"components/picker", "store", true},
		{"components/preview", "ui/engine", false},
		{"engine", "ui/components/picker", true},
		{"engine", "ui/views/history", true},
		{"views/queue", "ui/engine", false},
	}
	for _, tt := range tests {
		if got := crossesAWall(tt.from, tt.to) != ""; got != tt.crosses {
			t.Errorf("%s → %s crosses = %v, want %v", tt.from, tt.to, got, tt.crosses)
		}
	}
}
