package preview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
)

// TestViewShowsTheCustomFieldsByTheirNames: the workspace's fields follow
// the others, by their names as the service gives them, every value in the
// column after the widest name (a CJK name is two cells a character); one
// without a value is left out, and a name past 20 cells is cut.
func TestViewShowsTheCustomFieldsByTheirNames(t *testing.T) {
	p := New(common.NewContext(nil, true), &fakeReader{})
	name := func(api.Item) Names {
		return Names{Status: "Planning", Custom: []Custom{
			{Name: "来源渠道", Value: "客户反馈"}, {Name: "Customer", Value: "Acme"},
			{Name: "Estimate (days)", Value: "3"}, {Name: "Reviewer", Value: ""},
			{Name: "Customer success manager", Value: "bob"},
		}}
	}
	out := ansi.Strip(p.View(60, 20, api.Item{Kind: api.Story, ID: "1122001000000042", Title: "Fix it"}, true, name))
	for _, want := range []string{
		"│Status               Planning", "│来源渠道             客户反馈", "│Customer             Acme",
		"│Estimate (days)      3", "│Customer success ma… bob",
	} {
		if !strings.Contains(strings.ReplaceAll(out, "│ ", "│"), want) {
			t.Errorf("the pane does not show %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Reviewer") {
		t.Errorf("a field without a value is shown:\n%s", out)
	}
}
