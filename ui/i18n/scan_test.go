package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEveryLiteralMessageIsCatalogued reads the repository's product files
// and fails for each i18n.T or i18n.Tf call whose literal message a
// catalogue lacks, and for each note of the engine (ui/engine's note,
// which translates its format) likewise.
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
		engine := strings.HasPrefix(filepath.ToSlash(path), "../../ui/engine/")
		ast.Inspect(file, func(n ast.Node) bool {
			msg, ok := literalMessage(n)
			if !ok && engine {
				msg, ok = literalNote(n)
			}
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

// literalNote is the format of a call of the engine's note with a string
// literal as its first argument.
func literalNote(n ast.Node) (string, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	if fun, ok := call.Fun.(*ast.Ident); !ok || fun.Name != "note" {
		return "", false
	}
	return stringLiteral(call.Args[0])
}

// literalMessage is the message of an i18n.T or i18n.Tf call with a
// string literal as its first argument.
func literalMessage(n ast.Node) (string, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "T" && sel.Sel.Name != "Tf") {
		return "", false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "i18n" {
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
