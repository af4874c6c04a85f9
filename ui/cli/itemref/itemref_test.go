package itemref

import (
	"errors"
	"slices"
	"testing"

	"triage/api"
	"triage/ui/cli/wiring"
)

// TestParseItemRef: the names an item is given on the command line: short
// and full ids (every kind), kind/id, and the web app's addresses on TAPD
// or on the service's own address (one kind, their workspace).
func TestParseItemRef(t *testing.T) {
	all := []api.Kind{api.Story, api.Bug, api.Task}
	bug := api.Bug
	tests := []struct {
		name   string
		kind   *api.Kind
		digits string
		ws     int64
		kinds  []api.Kind
	}{
		{"6", nil, "6", 0, all},
		{"#6", nil, "6", 0, all},
		{"1110022001000000006", nil, "1110022001000000006", 0, all},
		{"6", &bug, "6", 0, []api.Kind{api.Bug}},
		{"bug/6", nil, "6", 0, []api.Kind{api.Bug}},
		{"Story/#6", nil, "6", 0, []api.Kind{api.Story}},
		{"tasks/1110022001000000006", nil, "1110022001000000006", 0, []api.Kind{api.Task}},
		{"bug/6", &bug, "6", 0, []api.Kind{api.Bug}},
		{"https://www.tapd.cn/10022001/bugtrace/bugs/view/1110022001000000006", nil, "1110022001000000006", 10022001, []api.Kind{api.Bug}},
		{"https://www.tapd.cn/20033001/prong/stories/view/1120033001000000042?url_cache_key=x", nil, "1120033001000000042", 20033001, []api.Kind{api.Story}},
		{"http://127.0.0.1:8080/10022001/prong/tasks/view/1110022001000000002", nil, "1110022001000000002", 10022001, []api.Kind{api.Task}},
	}
	for _, tt := range tests {
		r, err := Parse(tt.name, tt.kind)
		if err != nil || r.digits != tt.digits || r.Workspace != tt.ws || !slices.Equal(r.Kinds, tt.kinds) {
			t.Errorf("Parse(%q) = %+v, %v; want %s in %d, %v", tt.name, r, err, tt.digits, tt.ws, tt.kinds)
		}
	}
	for _, bad := range []struct {
		name string
		kind *api.Kind
	}{{"epic/6", nil}, {"bug/", nil}, {"bug/x", nil}, {"story/6", &bug}, {"12345678901", nil},
		{"https://www.tapd.cn/10022001/prong/stories/view/1110022001000000006", &bug}, {"https://www.tapd.cn/10022001/wiki/view/6", nil}} {
		if r, err := Parse(bad.name, bad.kind); !errors.Is(err, wiring.ErrUsage) {
			t.Errorf("Parse(%q) = %+v, %v; want a usage error", bad.name, r, err)
		}
	}
}
