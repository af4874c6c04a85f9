package wiring

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"triage/ui/i18n"
)

// saying are the names of the functions and variables of the commands that
// translate their first argument by the catalogues without being i18n.T or
// i18n.Tf (a Words, or a reason of set kept in English for --json too).
var saying = map[string]bool{"say": true, "Because": true}

// TestEveryLiteralSaidIsCatalogued reads the commands' product files and
// fails for each say or Because call whose literal format a catalogue
// lacks (the scan of ui/i18n checks the i18n.T and i18n.Tf calls).
func TestEveryLiteralSaidIsCatalogued(t *testing.T) {
	calls := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 || !saying[calledName(call.Fun)] {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			msg, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			calls++
			if missing := i18n.Missing(msg); len(missing) > 0 {
				t.Errorf("%s: %q is missing from the %v catalogue", path, msg, missing)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 {
		t.Fatal("found no say or Because call with a literal: the scan reads the wrong folder")
	}
}

// calledName is the name of the function a call calls: f or x.f.
func calledName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}
