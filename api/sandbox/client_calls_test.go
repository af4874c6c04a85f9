package sandbox_test

import (
	"net/http"
	"net/url"
	"testing"
)

// TestAnswersRealClientsCalls replays calls of real TAPD clients: TAPD's own
// MCP server's short ids in id=, bug/get_link_bugs and
// workflow/get_workflow_step_map, with the shapes of their doc pages.
func TestAnswersRealClientsCalls(t *testing.T) {
	s := startService(t)
	c := basicClient(t, s)
	ws := interfacesWS

	t.Run("short ids", func(t *testing.T) { // story/get_stories: id, as tapd-mcp sends it
		c := c.on(t)
		for _, kind := range []string{"stories", "bugs", "tasks"} {
			long := c.firstIDs(ws, kind, 2)
			var list []map[string]struct {
				ID string `json:"id"`
			}
			c.get("/"+kind, url.Values{"workspace_id": {ws}, "id": {"1,2"}, "fields": {"id"}}, &list)
			var got []string
			for _, row := range list {
				for _, it := range row {
					got = append(got, it.ID)
				}
			}
			if len(got) != 2 || got[0] != long[0] || got[1] != long[1] {
				t.Errorf("%s id=1,2 found %v, want %v", kind, got, long)
			}
			if n := c.count("/"+kind, url.Values{"workspace_id": {ws}, "id": {"2"}}); n != 1 {
				t.Errorf("%s/count id=2 = %d, want 1", kind, n)
			}
		}
	})

	t.Run("link bugs", func(t *testing.T) { // bug/get_link_bugs
		c := c.on(t)
		bugs := c.firstIDs(ws, "bugs", 3)
		var made struct {
			Relation struct {
				ID string `json:"id"`
			}
		}
		c.post("/relations", url.Values{"workspace_id": {ws}, "source_type": {"bug"}, "source_id": {bugs[0]},
			"target_type": {"bug"}, "target_id": {bugs[2]}}, &made)
		var links []struct {
			Type              string `json:"type"`
			ID                string `json:"id"`
			WorkspaceID       string `json:"workspace_id"`
			ActAs             string `json:"actas"`
			LinkedWorkspaceID int64  `json:"linked_workspace_id"`
			LinkID            string `json:"link_id"`
		}
		c.get("/bugs/get_link_bugs", url.Values{"workspace_id": {ws}, "bug_id": {bugs[2]}}, &links)
		if len(links) != 1 || links[0].ID != bugs[0] || links[0].Type != "direct_relate" || links[0].ActAs != "source" ||
			links[0].WorkspaceID != ws || links[0].LinkedWorkspaceID != 10022001 || links[0].LinkID != made.Relation.ID {
			t.Errorf("links of %s = %+v (relation %s)", bugs[2], links, made.Relation.ID)
		}
		c.get("/bugs/get_link_bugs", url.Values{"workspace_id": {ws}, "bug_id": {bugs[0]}}, &links)
		if len(links) != 1 || links[0].ID != bugs[2] || links[0].ActAs != "target" {
			t.Errorf("links of %s = %+v", bugs[0], links)
		}
		c.get("/bugs/get_link_bugs", url.Values{"workspace_id": {ws}, "bug_id": {bugs[1]}}, &links)
		if len(links) != 0 {
			t.Errorf("links of an unlinked bug = %+v", links)
		}
		if status := c.request(http.MethodGet, "/bugs/get_link_bugs", url.Values{"workspace_id": {ws}}, nil); status != http.StatusUnprocessableEntity {
			t.Errorf("get_link_bugs without bug_id answered %d, want 422", status)
		}
	})

	t.Run("step map", func(t *testing.T) { // workflow/get_workflow_step_map
		c := c.on(t)
		var phases []struct {
			Name  string `json:"name"`
			Label string `json:"label"`
			Steps []struct {
				Name  string `json:"name"`
				Label string `json:"label"`
			} `json:"steps"`
		}
		c.get("/workflows/step_map", url.Values{"workspace_id": {interfacesWSZh}, "system": {"story"}}, &phases)
		var got [][]string
		for _, p := range phases {
			row := []string{p.Name, p.Label}
			for _, st := range p.Steps {
				row = append(row, st.Name+"="+st.Label)
			}
			got = append(got, row)
		}
		want := [][]string{
			{"new", "开始阶段", "step_begin=创建", "planning=规划中"},
			{"in_progress", "执行阶段", "developing=实现中"},
			{"closed", "结束阶段", "resolved=已实现", "rejected=已拒绝", "step_end=结束"},
			{"workflow_suspended", "流程挂起"},
			{"workflow_end", "流程终止"},
		}
		if len(got) != len(want) {
			t.Fatalf("step map = %v, want %v", got, want)
		}
		for i := range want {
			if len(got[i]) != len(want[i]) {
				t.Fatalf("phase %d = %v, want %v", i, got[i], want[i])
			}
			for j := range want[i] {
				if got[i][j] != want[i][j] {
					t.Errorf("phase %d = %v, want %v", i, got[i], want[i])
				}
			}
		}
		if phases[3].Steps == nil {
			t.Errorf("a phase without steps has steps null, want []")
		}
		if status := c.request(http.MethodGet, "/workflows/step_map", url.Values{"workspace_id": {ws}, "system": {"bug"}}, nil); status != http.StatusUnprocessableEntity {
			t.Errorf("step_map of bugs answered %d, want 422 (only stories have one)", status)
		}
	})
}
