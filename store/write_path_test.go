package store

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// TestWritePathReadsInOrder: one file holds an edit's way to the service,
// and it reads in the order the edit goes: sendEdit calls claim, read,
// compare, write and markSent in that order, and the steps follow it in the
// file, each right after the one before.
func TestWritePathReadsInOrder(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "write_path.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	steps := []string{"claim", "read", "compare", "write", "markSent"}
	var funcs []string
	var calls []string
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		funcs = append(funcs, fd.Name.Name)
		if fd.Name.Name != "sendEdit" {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && slices.Contains(steps, sel.Sel.Name) {
					calls = append(calls, sel.Sel.Name)
				}
			}
			return true
		})
	}
	if !slices.Equal(calls, steps) {
		t.Errorf("sendEdit calls %v, want the steps %v in order", calls, steps)
	}
	want := append([]string{"sendEdit"}, steps...)
	if len(funcs) < len(want) || !slices.Equal(funcs[:len(want)], want) {
		t.Errorf("write_path.go defines %v, want it to open with %v", funcs, want)
	}
}
