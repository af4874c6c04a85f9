package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestEveryLiteralMessageIsCatalogued reads the repository's product files
// and fails for each call of a translated message whose literal a
// catalogue lacks: i18n.T and i18n.Tf, and the words of an error that ui
// draws in the user's language (api.Say, api.Errorf; see translated).
func TestEveryLiteralMessageIsCatalogued(t *testing.T) {
	root := filepath.Join("..", "..")
	calls := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			msg, ok := literalMessage(file.Name.Name, n)
			if !ok {
				return true
			}
			calls++
			if missing := Missing(msg); len(missing) > 0 {
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
		t.Fatal("found no i18n.T or i18n.Tf call with a literal: the scan reads the wrong folder")
	}
}

// translated names, by package, the functions whose first argument is a
// message drawn in the user's language: i18n's, those that keep the words
// of an error of api, auth and store (which do not import ui) for ui to
// translate where it draws the error, and the engine's note, which
// translates its format.
var translated = map[string][]string{
	"i18n":   {"T", "Tf"},
	"api":    {"Say", "Errorf"},
	"engine": {"note"},
}

// literalMessage is the message of a call of a translated function, in a
// file of package pkg, with a string literal as its first argument.
func literalMessage(pkg string, n ast.Node) (string, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	var name string
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		x, ok := fun.X.(*ast.Ident)
		if !ok {
			return "", false
		}
		pkg, name = x.Name, fun.Sel.Name
	case *ast.Ident:
		name = fun.Name
	default:
		return "", false
	}
	if !slices.Contains(translated[pkg], name) {
		return "", false
	}
	return stringLiteral(call.Args[0])
}

// stringLiteral is the text of a string literal.
func stringLiteral(arg ast.Expr) (string, bool) {
	lit, ok := arg.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	msg, err := strconv.Unquote(lit.Value)
	return msg, err == nil
}
