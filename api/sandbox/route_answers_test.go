package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"triage/api"
)

var updateRouteAnswers = flag.Bool("update", false, "rewrite testdata/route_answers.txt from the current answers")

// routeAnswerPaths are the paths the sandbox answers, or that lie next to
// them (unknown actions, the task's missing get_fields_lable).
var routeAnswerPaths = []string{
	"/tokens/request_token", "/quickstart/testauth", "/users/info",
	"/workspaces/user_participant_projects", "/workspaces/get_workspace_info", "/workspaces/users",
	"/workspaces/sub_workspaces", "/workspaces/projects", "/workspaces/nope",
	"/workitem_types", "/roles", "/settings/get_workspace_setting", "/users/get_personal_setting",
	"/stories", "/bugs", "/tasks",
	"/stories/count", "/bugs/count", "/tasks/count",
	"/stories/get_fields_info", "/bugs/get_fields_info", "/tasks/get_fields_info",
	"/stories/get_fields_lable", "/bugs/get_fields_lable", "/tasks/get_fields_lable",
	"/stories/custom_fields_settings", "/bugs/custom_fields_settings", "/tasks/custom_fields_settings",
	"/stories/nope", "/stories/get_related_bugs", "/bugs/get_related_stories",
	"/stories/add_story_link_relations", "/stories/get_link_stories", "/bugs/get_link_bugs",
	"/stories/batch_update_story", "/bugs/batch_update_bug", "/tasks/batch_update_task",
	"/story_changes", "/story_changes/count", "/bug_changes", "/bug_changes/count", "/task_changes", "/task_changes/count",
	"/workflows", "/workflows/status_map", "/workflows/all_transitions", "/workflows/last_steps",
	"/workflows/step_map", "/workflows/all_last_steps", "/workflows/nope",
	"/iterations", "/iterations/count", "/iterations/workitem_types", "/iterations/custom_fields_settings", "/iterations/nope",
	"/comments", "/comments/count", "/comments/nope",
	"/releases", "/releases/count", "/label", "/label/count", "/modules", "/modules/count",
	"/versions", "/versions/count", "/features", "/features/count", "/story_categories", "/story_categories/count",
	"/stories/template_list", "/stories/get_removed_stories", "/stories/get_removed_stories/count",
	"/timesheets", "/timesheets/count", "/tcases", "/tcases/count", "/tcases/get_fields_info",
	"/test_plans", "/test_plans/count", "/test_plans/get_fields_info", "/tapd_wikis", "/tapd_wikis/count",
	"/attachments", "/attachments/count", "/attachments/down", "/attachments/tmp_download/1110022001000000002", "/relations", "/relations/count",
	"/user_oauth/get_user_todo_story", "/user_oauth/get_user_todo_bug", "/user_oauth/get_user_todo_task",
	"/user_oauth/get_user_todo_nope",
	"/users/todo/alice/story", "/users/todo/alice/bug", "/users/todo/alice/task", "/users/todo/alice/nope",
	"/users/todo/alice", "/users/todo", "/users/todo/alice/story/more",
	"/svn_commits/get_scm_copy_keywords",
	"/", "/nope", "/nope/deeper",
}

// routeAnswerOddPaths are paths that a router cleans, unescapes or
// redirects: each is answered as it is.
var routeAnswerOddPaths = []string{
	"//", "/stories//", "/iterations//", "/comments//", "/modules//", "/roles//", "/stories//count", "/stories/count//",
	"/stories/../bugs", "/./stories", "/stories/./count", "/stories/.", "/stories/..",
	"/users/todo//", "/users/todo/alice/", "/users/todo/alice//story", "/users/todo/../story", "/users/todo/./bug",
	"/users/todo/alice/story/", "/users/todo/alice/story//",
	"/stories%2Fcount", "/stories/coun%74", "/users/todo/al%2Fice/story", "/ro%6Ces",
	"/cloud_logins/login/", "/cloud_logins/login//", "/cloud_logins", "/cloud_logins/login/x",
	"/oauth", "/oauth/", "/oauth//", "/oauth/style.css", "/oauth/style.css/", "/oauth/signin", "/oauth/authorize",
	"/oauth/logout", "/oauth/nope", "/oauth//signin", "/oauth/../stories", "/oauth/./style.css", "/oauthx", "/oauth%2Fsignin",
}

// itemPagePaths are the web app's item pages and their near misses, for a
// workspace and a story, bug and task of it.
func itemPagePaths(ws, story, bug, task string) []string {
	return []string{
		"/" + ws + "/prong/stories/view/" + story, "/" + ws + "/prong/stories/view/" + story + "/",
		"/" + ws + "/prong/stories/view/" + story + "//", "/" + ws + "/prong/tasks/view/" + task,
		"/" + ws + "/bugtrace/bugs/view/" + bug, "/" + ws + "/bugtrace/bugs/view?bug_id=" + bug,
		"/" + ws + "/bugtrace/bugs/view/?bug_id=" + bug, "/" + ws + "/prong/stories/view", "/" + ws + "/prong/stories/view/",
		"/" + ws + "/prong/stories/view//", "/" + ws + "/prong/stories/view/99999", "/" + ws + "/prong/stories/view/abc",
		"/abc/prong/stories/view/" + story, "/99999999999999999999/prong/tasks/view/1", "/1/prong/stories/view/" + story,
		"/" + ws + "/prong/bugs/view/" + bug, "/" + ws + "/bugtrace/stories/view/" + story,
		"/" + ws + "/prong/stories/view/" + story + "/more", "/" + ws + "/prong/stories",
	}
}

// TestRouteAnswers records, for a broad table of requests (every route,
// with every method, with and without credentials, with trailing slashes,
// unclean and escaped paths, unknown paths, the authorization and web
// pages), the status, headers and body the sandbox answers, and compares
// them with testdata/route_answers.txt: moving the routing must not change
// one byte of an answer. Random tokens are masked.
func TestRouteAnswers(t *testing.T) {
	h := startHarness(t, Options{})
	srv := h.srv()
	ws := "10022001"
	story, bug, task := h.firstID(api.Story), h.firstID(api.Bug), h.firstID(api.Task)
	query := url.Values{"workspace_id": {ws}, "system": {"story"}, "limit": {"2"}, "user": {"alice"}}.Encode()
	var lines []string
	record := func(label string, req *http.Request) {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		lines = append(lines, label+"\n"+describeAnswer(rec))
	}
	newRequest := func(method, target, auth string) *http.Request {
		var req *http.Request
		if method == http.MethodPost {
			req = httptest.NewRequest(method, target, strings.NewReader(query))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		} else {
			req = httptest.NewRequest(method, target, nil)
		}
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		return req
	}
	methods := []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodOptions}
	for _, p := range routeAnswerPaths {
		target := p + "?" + query
		for _, m := range methods {
			record(m+" "+target, newRequest(m, target, h.apiBasic()))
		}
		record("GET "+target+" (no credential)", newRequest(http.MethodGet, target, ""))
		record("PUT "+target+" (no credential)", newRequest(http.MethodPut, target, ""))
		for _, suffix := range []string{"/", "/x"} {
			record("GET "+p+suffix, newRequest(http.MethodGet, p+suffix+"?"+query, h.apiBasic()))
			record("POST "+p+suffix, newRequest(http.MethodPost, p+suffix, h.apiBasic()))
		}
	}
	for _, p := range routeAnswerOddPaths {
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut} {
			record(m+" "+p, newRequest(m, p, h.apiBasic()))
		}
	}
	record("GET /stories gzip", func() *http.Request {
		req := newRequest(http.MethodGet, "/stories?"+query, h.apiBasic())
		req.Header.Set("Accept-Encoding", "gzip")
		return req
	}())
	record("OPTIONS *", newRequest(http.MethodOptions, "*", ""))
	record("CONNECT /stories", newRequest(http.MethodConnect, "/stories", h.apiBasic()))
	cookie := webSignInCookie(t, srv, h.user("demo"))
	for _, p := range itemPagePaths(ws, story, bug, task) {
		for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost} {
			record(m+" "+p, newRequest(m, p, ""))
			req := newRequest(m, p, "")
			req.Header.Set("Cookie", cookie)
			record(m+" "+p+" (signed in)", req)
		}
	}
	got := strings.Join(lines, "\n")
	golden := filepath.Join("testdata", "route_answers.txt")
	if *updateRouteAnswers {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("read %s: %v (go test -run TestRouteAnswers -update records it)", golden, err)
	}
	wantLines, gotLines := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wantLines), len(gotLines)); i++ {
		w, g := lineAt(wantLines, i), lineAt(gotLines, i)
		if w != g {
			t.Fatalf("answer %d differs:\nwant %s\ngot  %s\n(request: %s)", i, w, g, requestLine(gotLines, i))
		}
	}
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "<none>"
}

// requestLine is the label of the request whose answer holds line i.
func requestLine(lines []string, i int) string {
	for ; i >= 0; i-- {
		if i < len(lines) && !strings.HasPrefix(lines[i], "  ") {
			return lines[i]
		}
	}
	return "?"
}

// randomToken is a request id, session, CSRF token or code: hex or
// base64url of 32 characters or more.
var randomToken = regexp.MustCompile(`[0-9A-Za-z_\-]{32,}`)

// describeAnswer writes an answer's status, its headers and its body (its
// length, hash and opening) on indented lines, random tokens masked.
func describeAnswer(rec *httptest.ResponseRecorder) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  status %d\n", rec.Code)
	names := make([]string, 0, len(rec.Header()))
	for n := range rec.Header() {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  %s: %s\n", n, randomToken.ReplaceAllString(strings.Join(rec.Header()[n], " | "), "<random>"))
	}
	body := randomToken.ReplaceAllString(rec.Body.String(), "<random>")
	sum := sha256.Sum256([]byte(body))
	opening := strings.ToValidUTF8(body[:min(len(body), 160)], "?")
	fmt.Fprintf(&b, "  body %d bytes %s %q", len(body), hex.EncodeToString(sum[:6]), opening)
	return b.String()
}

// webSignInCookie signs user in to the web app in process and returns the
// session cookie.
func webSignInCookie(t *testing.T, srv *Server, user DemoUser) string {
	t.Helper()
	form := httptest.NewRecorder()
	srv.ServeHTTP(form, httptest.NewRequest(http.MethodGet, webLoginPath, nil))
	csrf := regexp.MustCompile(`name="csrf_token" value="([^"]+)"`).FindStringSubmatch(form.Body.String())
	cookies := form.Result().Cookies()
	if csrf == nil || len(cookies) == 0 {
		t.Fatalf("web sign-in form: %d %s", form.Code, form.Body.String())
	}
	post := httptest.NewRequest(http.MethodPost, webLoginPath, strings.NewReader(url.Values{
		"csrf_token": {csrf[1]}, "nick": {user.Nick}, "password": {user.Password}}.Encode()))
	post.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	post.AddCookie(cookies[0])
	signed := httptest.NewRecorder()
	srv.ServeHTTP(signed, post)
	after := signed.Result().Cookies()
	if signed.Code != http.StatusOK || len(after) == 0 {
		t.Fatalf("web sign-in: %d %s", signed.Code, signed.Body.String())
	}
	return after[0].Name + "=" + after[0].Value
}
