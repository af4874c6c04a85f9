package common

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// serviceWrites are the methods of the API client that change the service.
var serviceWrites = []string{"AddComment", "Create", "Update", "UpdatePriority"}

// TestServiceOffersReadsOnly: the port the views and the engine see reads;
// every write goes through the outbox (EditQueue, EditSender).
func TestServiceOffersReadsOnly(t *testing.T) {
	client := reflect.TypeFor[*api.Client]()
	for _, w := range serviceWrites {
		if _, ok := client.MethodByName(w); !ok {
			t.Fatalf("api.Client has no %s: the list of writes is out of date", w)
		}
	}
	svc := reflect.TypeFor[Service]()
	var reads []string
	for i := range svc.NumMethod() {
		m := svc.Method(i).Name
		if slices.Contains(serviceWrites, m) {
			t.Errorf("common.Service offers %s, a write around the outbox", m)
		}
		reads = append(reads, m)
	}
	want := []string{"Changes", "Count", "FieldInfo", "Get", "ListPages", "UserInfo", "Workspaces"}
	if !slices.Equal(reads, want) {
		t.Errorf("common.Service offers %v, want the reads %v", reads, want)
	}
}

// TestNoPortInUIWritesToTheService: no interface declared in ui's product
// code has a write of the service (a method of serviceWrites taking a
// context first), so no view or engine part can reach one, by a port or by
// asserting the service to it.
func TestNoPortInUIWritesToTheService(t *testing.T) {
	root := filepath.Join("..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "internal") {
			return err
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			it, ok := n.(*ast.InterfaceType)
			if !ok {
				return true
			}
			for _, m := range it.Methods.List {
				fn, ok := m.Type.(*ast.FuncType)
				if !ok || len(m.Names) == 0 || !slices.Contains(serviceWrites, m.Names[0].Name) || !takesContext(fn) {
					continue
				}
				t.Errorf("%s: an interface offers %s, a write of the service around the outbox", fset.Position(m.Pos()), m.Names[0].Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// takesContext reports whether a method's first parameter is a context.Context.
func takesContext(fn *ast.FuncType) bool {
	if fn.Params == nil || len(fn.Params.List) == 0 {
		return false
	}
	sel, ok := fn.Params.List[0].Type.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Context"
}
