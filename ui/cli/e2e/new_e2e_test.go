package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
)

// billingLegacyEnv is the app's environment against s, in Billing Legacy
// (whose bugs are made only with a severity), through base.
func billingLegacyEnv(t *testing.T, s *served, base string) []string {
	env := appEnv(t, s, base)
	for i, kv := range env {
		if strings.HasPrefix(kv, "TRIAGE_WORKSPACE=") {
			env[i] = "TRIAGE_WORKSPACE=10022003"
		}
	}
	return env
}

// bugsTitled are the bugs of Billing Legacy with the title, as the
// service has them.
func bugsTitled(t *testing.T, s *served, title string) []map[string]string {
	t.Helper()
	q := url.Values{"workspace_id": {"10022003"}, "title": {title}, "fields": {"id,title,severity,current_owner,reporter"}}
	req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/bugs?"+q.Encode(), nil)
	req.Header.Set("Authorization", "Bearer "+s.env["TRIAGE_TOKEN"])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var env struct {
		Data []struct{ Bug map[string]string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, d := range env.Data {
		out = append(out, d.Bug)
	}
	return out
}

// TestNewFromTheCommandLine: against `triage serve`, `triage new` refuses
// a bug of Billing Legacy without its severity (exit 1, naming the field
// and its values, nothing written: golden), makes it with one (exit 0, its
// id and address printed, one write), and --json prints the item.
func TestNewFromTheCommandLine(t *testing.T) {
	s := startServe(t)
	rec := &recorder{}
	var requests atomic.Int64
	env := billingLegacyEnv(t, s, countingProxy(t, rec.wrap(t, s.env["TRIAGE_BASE_URL"]).URL, &requests))
	title := "Invoice totals are off by a cent"

	args := []string{"new", "--kind", "bug", "--title", title}
	out, errOut, code := runBinary(t, env, "", args...)
	line := "triage"
	for _, a := range args {
		line += " " + shellQuote(a)
	}
	golden(t, "cli/new_refused.golden", fmt.Sprintf("$ %s\n# exit %d\n# stdout\n%s# stderr\n%s", line, code, out, errOut))
	if code != 1 || len(rec.written()) != 0 || len(bugsTitled(t, s, title)) != 0 {
		t.Fatalf("a bug without its severity: exit %d, %d writes, want 1 and none; stderr:\n%s", code, len(rec.written()), errOut)
	}
	t.Logf("a refused new bug: %d requests", requests.Swap(0))

	out, errOut, code = runBinary(t, env, "", "new", "--kind", "bug", "--title", title, "--field", "severity=Serious", "--field", "owner=bob", "--priority", "high")
	printed := regexp.MustCompile(`^created bug #(\d+) (\d+): ` + title + "\n" + regexp.QuoteMeta(s.env["TRIAGE_WEB_URL"]) + `/10022003/bugtrace/bugs/view/(\d+)\n$`).FindStringSubmatch(out)
	if code != 0 || printed == nil || printed[2] != printed[3] {
		t.Fatalf("new with a severity: exit %d, printed %q, want the new bug's id and address; stderr:\n%s", code, out, errOut)
	}
	t.Logf("a new bug: %d requests, %d of them writes", requests.Swap(0), len(rec.written()))
	if len(rec.written()) != 1 {
		t.Errorf("the bug took %d writes, want 1", len(rec.written()))
	}
	made := bugsTitled(t, s, title)
	if len(made) != 1 || made[0]["id"] != printed[2] || made[0]["severity"] != "serious" || made[0]["current_owner"] != "bob;" || made[0]["reporter"] != "demo" {
		t.Fatalf("the service has %v, want one bug %s of severity serious, owner bob, by demo", made, printed[2])
	}

	out, errOut, code = runBinary(t, env, "", "new", "--kind", "bug", "--title", "Refunds post twice", "--field", "severity=fatal", "--json")
	var it map[string]any
	if err := json.Unmarshal([]byte(out), &it); code != 0 || err != nil || it["title"] != "Refunds post twice" || it["severity"] != "fatal" || it["current_owner"] != "demo;" {
		t.Fatalf("new --json: exit %d, printed %q (%v), want the bug with severity fatal, owned by demo; stderr:\n%s", code, out, err, errOut)
	}
}
