package sandbox

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"triage/api"
)

// TestItemPage: an item's page is at TAPD's address; a browser not signed
// in is sent to the web sign-in and back; the page shows the title,
// priority, status, owners and description, every value escaped, the
// description's HTML as text; a non-member is refused.
func TestItemPage(t *testing.T) {
	h := startHarness(t, Options{})
	var created struct {
		Story struct {
			ID string `json:"id"`
		}
	}
	h.do(request{method: http.MethodPost, path: "/stories", auth: h.apiBasic(), form: url.Values{
		"workspace_id": {"10022001"}, "name": {`<script>alert("t")</script> & co`}, "priority_label": {"High"},
		"owner": {"alice;bob;"}, "description": {`<p>Steps:</p><ol><li>open <b>it</b></li></ol><script>alert(1)</script><img src=x onerror=alert(2)>&lt;kept&gt;`},
		"creator": {"demo"},
	}}).wantOK(t, &created)
	it := api.Item{Kind: api.Story, WorkspaceID: "10022001", ID: created.Story.ID}
	pageURL := it.WebURL(h.run.URL)
	if want := h.run.URL + "/10022001/prong/stories/view/" + created.Story.ID; pageURL != want {
		t.Fatalf("WebURL %s, want TAPD's shape %s", pageURL, want)
	}

	b := newBrowser(t)
	login := b.get(pageURL)
	if login.url.Path != webLoginPath || !strings.Contains(login.body, `type="password"`) {
		t.Fatalf("not signed in, the page went to %s:\n%s", login.url, login.body)
	}
	wantPageHeaders(t, login)
	wrong := b.post(h.run.URL+webLoginPath, url.Values{"csrf_token": {login.csrf(t)}, "nick": {"demo"}, "password": {"nope"},
		"ref": {login.url.Query().Get("ref")}})
	if !strings.Contains(wrong.body, "Check the nick and the password") {
		t.Fatalf("a wrong password:\n%s", wrong.body)
	}
	p := b.post(h.run.URL+webLoginPath, url.Values{"csrf_token": {wrong.csrf(t)}, "nick": {"demo"}, "password": {h.user("demo").Password},
		"ref": {login.url.Query().Get("ref")}})
	if p.code != http.StatusOK || p.url.String() != pageURL {
		t.Fatalf("after signing in: %d at %s, want the item page %s\n%s", p.code, p.url, pageURL, p.body)
	}
	wantPageHeaders(t, p)
	for _, want := range []string{
		`<h1>&lt;script&gt;alert(&#34;t&#34;)&lt;/script&gt; &amp; co</h1>`,
		"<dt>Priority</dt><dd>High</dd>", "<dt>Status</dt><dd>Planning</dd>", "<dt>Owners</dt><dd>alice, bob</dd>",
		"Steps:\nopen it\n&lt;kept&gt;",
	} {
		if !strings.Contains(p.body, want) {
			t.Errorf("the page lacks %q:\n%s", want, p.body)
		}
	}
	for _, bad := range []string{"<script", "<img", "onerror", "alert(1)"} {
		if strings.Contains(p.body, bad) {
			t.Errorf("the page holds %q from the item:\n%s", bad, p.body)
		}
	}

	bug := b.get(h.run.URL + "/10022001/bugtrace/bugs/view?bug_id=" + h.firstID(api.Bug))
	if bug.code != http.StatusOK || !strings.Contains(bug.body, "Bug #") {
		t.Errorf("a bug by ?bug_id=: %d\n%s", bug.code, bug.body)
	}
	if missing := b.get(h.run.URL + "/10022001/prong/stories/view/1110022001999999999"); missing.code != http.StatusNotFound {
		t.Errorf("an unknown story: %d", missing.code)
	}
	if other := b.get(h.run.URL + "/10033001/prong/stories/view/1110033001000000001"); other.code != http.StatusForbidden ||
		!strings.Contains(other.body, "Sign in as a member of workspace 10033001") {
		t.Errorf("another company's workspace: %d\n%s", other.code, other.body)
	}
	if away := localRef("//evil.example/x"); away != "" {
		t.Errorf("ref //evil.example/x is kept as %q", away)
	}
}

// firstID is the id of the first item of a kind in workspace 10022001.
func (h *harness) firstID(k api.Kind) string {
	h.srv().mu.RLock()
	defer h.srv().mu.RUnlock()
	return h.srv().world.readItems(h.srv().workspaceByID(10022001), k).idAt(0)
}
