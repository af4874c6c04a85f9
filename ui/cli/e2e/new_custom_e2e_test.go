package e2e

import (
	"strings"
	"sync/atomic"
	"testing"
)

// TestNewTakesACustomFieldByName: against `triage serve`, `triage new
// --field 客户=…` on the stories of 星河移动 refuses a value that is not
// one of the select's options, listing them, with nothing written; with
// one of them, the story is made with it.
func TestNewTakesACustomFieldByName(t *testing.T) {
	s := startServe(t)
	rec := &recorder{}
	var requests atomic.Int64
	env := appEnv(t, s, countingProxy(t, rec.wrap(t, s.env["TRIAGE_BASE_URL"]).URL, &requests))
	for i, kv := range env {
		if strings.HasPrefix(kv, "TRIAGE_WORKSPACE=") {
			env[i] = "TRIAGE_WORKSPACE=10022002"
		}
	}
	title := "海外客户反馈登录慢"
	_, errOut, code := runBinary(t, env, "", "new", "--kind", "story", "--title", title, "--field", "客户=火星")
	if want := `"火星" is not an option of 客户; choose 华东大区, 华南大区, 海外, 内部, none`; code != 1 || !strings.Contains(errOut, want) {
		t.Fatalf("a value not among 客户's options: exit %d, want 1 and %q; stderr:\n%s", code, want, errOut)
	}
	if n := len(rec.written()); n != 0 {
		t.Fatalf("a refused new story sent %d writes, want none", n)
	}
	t.Logf("a new story refused for its 客户: %d requests", requests.Swap(0))

	out, errOut, code := runBinary(t, env, "", "new", "--kind", "story", "--title", title, "--field", "客户=海外", "--json")
	if code != 0 || !strings.Contains(out, `"custom_field_one":"海外"`) {
		t.Fatalf("new with 客户=海外: exit %d, want 0 and the story with custom_field_one 海外\n%s%s", code, out, errOut)
	}
	t.Logf("a new story with its 客户: %d requests, %d of them writes", requests.Load(), len(rec.written()))
	if n := len(rec.written()); n != 1 {
		t.Errorf("the new story took %d writes, want 1", n)
	}
}
