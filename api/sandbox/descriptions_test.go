package sandbox

import (
	"net/url"
	"strings"
	"testing"
)

// TestDemoDescriptionsAreRich checks that among the first items of each
// kind of the demo's main workspace some descriptions hold a list, some a
// block of code and some an image with TAPD's capture path.
func TestDemoDescriptionsAreRich(t *testing.T) {
	h := startHarness(t, Options{})
	for _, k := range []struct{ path, wrapper string }{{"/stories", "Story"}, {"/bugs", "Bug"}, {"/tasks", "Task"}} {
		var list []map[string]struct {
			Description string `json:"description"`
		}
		h.do(request{path: k.path, auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "limit": {"60"}, "fields": {"id,description"}}}).wantOK(t, &list)
		found := map[string]int{}
		for _, row := range list {
			d := row[k.wrapper].Description
			for _, mark := range []string{"<li>", "<pre><code>", `<img src="/tfl/captures/2025-11/tapd_10022001_base64_`} {
				if strings.Contains(d, mark) {
					found[mark]++
				}
			}
		}
		if found["<li>"] != len(list) || found["<pre><code>"] == 0 || found[`<img src="/tfl/captures/2025-11/tapd_10022001_base64_`] == 0 {
			t.Errorf("%s: of %d descriptions, %v", k.path, len(list), found)
		}
	}
}
