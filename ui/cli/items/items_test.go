package items

import (
	"context"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/cli/internal/clitest"
)

// TestListRunPrintsLines: list, run in process and piped, prints one
// tab-separated line per item that passes the filter, in the columns asked.
func TestListRunPrintsLines(t *testing.T) {
	clitest.Home(t)
	env := clitest.Service(t)
	var out, errOut strings.Builder
	o := &ListOptions{IO: clitest.Factory(env, &out, &errOut), Kind: api.Story, Words: []string{"#2"}, Columns: []string{"id", "kind"}}
	o.Global.InsecureStorage = true
	if err := listRun(context.Background(), o); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if out.String() != "2\tstory\n" {
		t.Errorf("list printed %q", out.String())
	}
}

// TestNewCmdViewReadsTheName: view's flags and the item's name land in
// ViewOptions; two names are refused before anything runs.
func TestNewCmdViewReadsTheName(t *testing.T) {
	var got *ViewOptions
	cmd := NewCmdView(func(_ context.Context, o *ViewOptions) error { got = o; return nil })
	var out, errOut strings.Builder
	f := clitest.Factory(nil, &out, &errOut)
	if err := cmd(f, context.Background(), []string{"bug/6", "--comments"}); err != nil {
		t.Fatal(err)
	}
	if got == nil || !got.Comments || got.Ref.Text != "bug/6" || len(got.Ref.Kinds) != 1 || got.Ref.Kinds[0] != api.Bug {
		t.Errorf("options %+v", got)
	}
	got = nil
	if err := cmd(f, context.Background(), []string{"6", "7"}); err == nil || got != nil {
		t.Errorf("two names: error %v, ran %v", err, got != nil)
	}
}
