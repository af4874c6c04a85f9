package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestListIterationAliases: triage list resolves iter:@current and
// iter:@next from the workspace's iterations, as the board's filter does,
// and says so when no iteration is current.
func TestListIterationAliases(t *testing.T) {
	env := scriptService(t)
	lookup := func(name string) string {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, name+"="); ok {
				return v
			}
		}
		t.Fatalf("%s is not in the environment", name)
		return ""
	}
	base, token := lookup("TRIAGE_BASE_URL"), lookup("TRIAGE_TOKEN")
	post := func(path string, form url.Values) json.RawMessage {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, base+path, strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var env struct {
			Status int
			Data   json.RawMessage
			Info   string
		}
		if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || env.Status != 1 {
			t.Fatalf("POST %s: %v %d %s", path, err, env.Status, env.Info)
		}
		return env.Data
	}
	rows := func(args ...string) map[string]string {
		t.Helper()
		out := runScript(t, env, false, append([]string{"list", "--columns", "id,iteration"}, args...)...)
		if !strings.Contains(out, "# exit 0") {
			t.Fatalf("list %v:\n%s", args, out)
		}
		got := map[string]string{}
		body := out[strings.Index(out, "# stdout\n")+len("# stdout\n") : strings.Index(out, "# stderr")]
		for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
			id, iter, _ := strings.Cut(line, "\t")
			got[id] = iter
		}
		return got
	}
	all, current := rows(), rows("iter:@current")
	var name string
	for _, it := range current {
		name = it
	}
	want := 0
	for _, it := range all {
		if it == name {
			want++
		}
	}
	if name == "" || name == "none" || len(current) != want {
		t.Fatalf("iter:@current kept %d items of iteration %q; the workspace has %d in it", len(current), name, want)
	}
	var its []struct {
		Iteration struct{ ID, Name, Status string }
	}
	get, err := http.NewRequest(http.MethodGet, base+"/iterations?workspace_id=10022001", nil)
	if err != nil {
		t.Fatal(err)
	}
	get.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(get)
	if err != nil {
		t.Fatal(err)
	}
	var listed struct{ Data json.RawMessage }
	if err := json.NewDecoder(resp.Body).Decode(&listed); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := json.Unmarshal(listed.Data, &its); err != nil {
		t.Fatal(err)
	}
	for _, it := range its {
		post("/iterations", url.Values{"workspace_id": {"10022001"}, "id": {it.Iteration.ID}, "status": {"done"}, "current_user": {"demo"}})
	}
	out := runScript(t, env, false, "list", "iter:@current")
	if !strings.Contains(out, "# exit 2") || !strings.Contains(out, "no open iteration is current on "+time.Now().In(api.ServiceZone).Format(time.DateOnly)) {
		t.Fatalf("iter:@current with every iteration done:\n%s", out)
	}
}
