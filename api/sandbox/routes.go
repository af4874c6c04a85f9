package sandbox

import (
	"context"
	"net/http"
	"net/url"
	"path"
	"strings"

	"triage/api"
)

// The route table: every path the service answers, grouped by resource,
// each with the handler that answers it (ENDPOINTS.md lists the same with
// their files and TAPD pages). A pattern with a method answers that method
// (GET also HEAD); another method on its path is told 405 with the methods
// the table has there, as a JSON envelope (serveUnrouted). A pattern
// without a method is a handler that answers every method itself: the
// pages, which answer a wrong method with a page, and the few interfaces
// that check their path before the method.
//
// The API reads a path as TAPD does: one trailing slash is dropped
// (/stories/ is /stories), and a path that ServeMux would clean or redirect
// (with //, /./ or /..) is not given to it (routePath, serveUncleanPath).
// Any other path answers the greeting.
func (s *Server) routes() *http.ServeMux {
	t := routeTable{s: s, mux: http.NewServeMux()}

	// Credentials: token.go, users_http.go.
	t.handle("POST /tokens/request_token", s.serveToken)
	t.handle("GET /quickstart/testauth", s.serveTestAuth)
	t.handle("GET /users/info", s.serveUserInfo)

	// Workspaces: workspaces_http.go; one workspace's data: meta.go,
	// workspaces.go.
	t.handle("GET /workspaces/user_participant_projects", s.serveParticipantProjects)
	t.handle("GET /workspaces/get_workspace_info", s.serveWorkspaceInfo)
	t.handle("GET /workspaces/projects", s.serveCompanyProjects)
	t.read("GET /workspaces/sub_workspaces", api.Story, (*world).subWorkspaces)
	t.read("GET /workspaces/users", api.Story, (*world).workspaceUsers)
	t.read("GET /roles", api.Story, (*world).roles)
	t.read("GET /settings/get_workspace_setting", api.Story, (*world).workspaceSetting)
	t.read("GET /users/get_personal_setting", api.Story, (*world).personalSettingOf)
	t.read("GET /workitem_types", api.Story, (*world).workitemTypes)

	// Stories, bugs and tasks: items_http.go.
	t.kind("GET /stories", api.Story, s.serveItemList)
	t.kind("POST /stories", api.Story, s.serveItemWrite)
	t.kind("GET /stories/count", api.Story, s.serveItemCount)
	t.kind("GET /stories/get_fields_info", api.Story, s.serveFieldsInfo)
	t.kind("GET /stories/get_fields_lable", api.Story, s.serveFieldLabels)
	t.kind("GET /stories/custom_fields_settings", api.Story, s.serveCustomFieldSettings)
	t.kind("POST /stories/batch_update_story", api.Story, s.serveBatchUpdate)
	t.kind("GET /bugs", api.Bug, s.serveItemList)
	t.kind("POST /bugs", api.Bug, s.serveItemWrite)
	t.kind("GET /bugs/count", api.Bug, s.serveItemCount)
	t.kind("GET /bugs/get_fields_info", api.Bug, s.serveFieldsInfo)
	t.kind("GET /bugs/get_fields_lable", api.Bug, s.serveFieldLabels)
	t.kind("GET /bugs/custom_fields_settings", api.Bug, s.serveCustomFieldSettings)
	t.kind("POST /bugs/batch_update_bug", api.Bug, s.serveBatchUpdate)
	t.kind("GET /tasks", api.Task, s.serveItemList)
	t.kind("POST /tasks", api.Task, s.serveItemWrite)
	t.kind("GET /tasks/count", api.Task, s.serveItemCount)
	t.kind("GET /tasks/get_fields_info", api.Task, s.serveFieldsInfo)
	t.kind("GET /tasks/custom_fields_settings", api.Task, s.serveCustomFieldSettings)
	t.kind("POST /tasks/batch_update_task", api.Task, s.serveBatchUpdate)

	// Links between items: relations.go reads them, record_kinds_http.go
	// writes a story link.
	t.read("GET /stories/get_related_bugs", api.Bug, (*world).relatedBugs)
	t.read("GET /bugs/get_related_stories", api.Bug, (*world).relatedStories)
	t.read("GET /stories/get_link_stories", api.Story, (*world).linkStories)
	t.read("GET /bugs/get_link_bugs", api.Bug, (*world).linkBugs)
	t.handle("POST /stories/add_story_link_relations", s.serveAddStoryLink)
	t.records("/relations", relationRecords)

	// Changes: changes_http.go.
	t.changes("GET /story_changes", api.Story, false)
	t.changes("GET /story_changes/count", api.Story, true)
	t.changes("GET /bug_changes", api.Bug, false)
	t.changes("GET /bug_changes/count", api.Bug, true)
	t.changes("GET /task_changes", api.Task, false)
	t.changes("GET /task_changes/count", api.Task, true)

	// Workflows: workflows_http.go.
	t.workflow("GET /workflows/status_map", "status_map")
	t.workflow("GET /workflows/all_transitions", "all_transitions")
	t.workflow("GET /workflows/last_steps", "last_steps")
	t.workflow("GET /workflows/step_map", "step_map")
	t.workflow("GET /workflows/all_last_steps", "all_last_steps")
	t.records("/workflows", workflowRecords)

	// Iterations and comments: iterations_comments_http.go. Their count
	// answers every method: a POST is told to use GET or POST.
	t.iterationsOrComments("/iterations", iterationKind)
	t.records("/iterations/workitem_types", iterationTypeRecords)
	t.records("/iterations/custom_fields_settings", iterationFieldRecords)
	t.iterationsOrComments("/comments", commentKind)

	// Other records of a workspace (record_kinds.go): record_kinds_http.go; the
	// fields of test cases and plans, tcase_fields.go; the commit keyword of
	// an item, items_http.go.
	t.records("/releases", releaseRecords)
	t.records("/label", labelRecords)
	t.records("/modules", moduleRecords)
	t.records("/versions", versionRecords)
	t.records("/features", featureRecords)
	t.records("/story_categories", categoryRecords)
	t.records("/stories/template_list", templateRecords)
	t.records("/stories/get_removed_stories", removedStoryRecords)
	t.records("/timesheets", timesheetRecords)
	t.records("/tcases", tcaseRecords)
	t.read("GET /tcases/get_fields_info", api.Story, (*world).tcaseFieldsInfo)
	t.records("/test_plans", testPlanRecords)
	t.read("GET /test_plans/get_fields_info", api.Story, (*world).testPlanFieldsInfo)
	t.records("/tapd_wikis", wikiRecords)
	t.records("/attachments", attachmentRecords)
	t.handle("GET /attachments/down", s.serveAttachmentDown)
	t.handle("GET "+downloadPath+"{id}", s.serveAttachmentFile)
	t.handle("GET /svn_commits/get_scm_copy_keywords", s.serveSCMKeywords)

	// A user's to-dos: todos_http.go. /users/todo/… checks its path before the
	// method.
	t.kind("GET /user_oauth/get_user_todo_story", api.Story, s.serveCallerTodos)
	t.kind("GET /user_oauth/get_user_todo_bug", api.Bug, s.serveCallerTodos)
	t.kind("GET /user_oauth/get_user_todo_task", api.Task, s.serveCallerTodos)
	t.handle("/users/todo/{nick}/{entity...}", s.serveUserTodos)
	t.handle("/users/todo/{nick}", s.serveUserTodos)

	// The authorization pages (auth_url): oauth_page.go.
	t.handle("GET /oauth", s.authorizePage)
	t.handle("GET /oauth/{$}", s.authorizePage)
	t.handle("/oauth", s.authorizePageNotAllowed)
	t.handle("/oauth/{$}", s.authorizePageNotAllowed)
	t.handle("GET /oauth/style.css", s.styleSheet)
	t.handle("POST /oauth/signin", s.signIn)
	t.handle("POST /oauth/authorize", s.decide)
	t.handle("POST /oauth/logout", s.logout)

	// The web app: web_login.go, web_item.go.
	t.handle("GET "+webLoginPath, s.webLoginForm)
	t.handle("POST "+webLoginPath, s.webSignIn)
	t.handle(webLoginPath, s.webLoginNotAllowed)
	t.kind("/{workspace}/prong/stories/view/{id}", api.Story, s.serveItemPage)
	t.kind("/{workspace}/prong/stories/view", api.Story, s.serveItemPage)
	t.kind("/{workspace}/prong/tasks/view/{id}", api.Task, s.serveItemPage)
	t.kind("/{workspace}/prong/tasks/view", api.Task, s.serveItemPage)
	t.kind("/{workspace}/bugtrace/bugs/view/{id}", api.Bug, s.serveItemPage)
	t.kind("/{workspace}/bugtrace/bugs/view", api.Bug, s.serveItemPage)

	// Everything else.
	t.handle("/", s.serveUnrouted)
	return t.mux
}

// routeTable registers handlers of exchanges on a ServeMux.
type routeTable struct {
	s   *Server
	mux *http.ServeMux
}

// handle registers h at pattern.
func (t routeTable) handle(pattern string, h func(*exchange)) {
	t.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if u, ok := r.Context().Value(requestURLKey{}).(*url.URL); ok {
			r = r.WithContext(r.Context())
			r.URL = u
		}
		t.s.serve(w, r, h)
	})
}

// kind registers a handler of one kind of item.
func (t routeTable) kind(pattern string, k api.Kind, h func(*exchange, api.Kind)) {
	t.handle(pattern, func(ex *exchange) { h(ex, k) })
}

// read registers a GET of a workspace's data that needs the read scope of
// scope (serveWorkspaceRead).
func (t routeTable) read(pattern string, scope api.Kind, read workspaceRead) {
	t.handle(pattern, func(ex *exchange) { t.s.serveWorkspaceRead(ex, scope, read) })
}

// changes registers the list or the count of a kind's changes.
func (t routeTable) changes(pattern string, k api.Kind, count bool) {
	t.handle(pattern, func(ex *exchange) { t.s.serveChanges(ex, k, count) })
}

// workflow registers one of the workflow interfaces.
func (t routeTable) workflow(pattern, action string) {
	t.handle(pattern, func(ex *exchange) { t.s.serveWorkflow(ex, action) })
}

// records registers a record kind at its path: GET lists, GET path/count
// counts where TAPD has a count, POST writes where TAPD writes.
func (t routeTable) records(path string, spec recordSpec) {
	t.handle("GET "+path, func(ex *exchange) { t.s.serveRecordList(ex, spec) })
	if spec.count {
		t.handle("GET "+path+"/count", func(ex *exchange) { t.s.serveRecordCount(ex, spec) })
	}
	if spec.write {
		t.handle("POST "+path, func(ex *exchange) { t.s.serveRecordWrite(ex, spec) })
	}
}

// iterationsOrComments registers GET and POST of /iterations or /comments
// and their count.
func (t routeTable) iterationsOrComments(path string, k recordKind) {
	t.handle("GET "+path, func(ex *exchange) { t.s.serveRecords(ex, k, "") })
	t.handle("POST "+path, func(ex *exchange) { t.s.serveRecords(ex, k, "") })
	t.handle(path+"/count", func(ex *exchange) { t.s.serveRecords(ex, k, "count") })
}

// greeting is the data of an unknown path: status 1 and a string, as the
// real service answers, so a client must check the shape of data.
const greeting = "Hello, this is the TAPD open API (triage sandbox)."

// requestURLKey keeps, in the context of a request whose path was read for
// the route table, the URL the client sent, which the handler sees.
type requestURLKey struct{}

// ServeHTTP answers one request of the API or of the pages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.delay(r.Context()) {
		return
	}
	route, ok := routePath(r.URL.Path)
	if !ok {
		s.serve(w, r, s.serveUncleanPath)
		return
	}
	if route != r.URL.Path || r.URL.RawPath != "" {
		u := *r.URL
		u.Path, u.RawPath = route, ""
		r = r.WithContext(context.WithValue(r.Context(), requestURLKey{}, r.URL))
		r.URL = &u
	}
	s.router.ServeHTTP(w, r)
}

// serve answers r with h, a 500 envelope if h panics.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, h func(*exchange)) {
	ex := newExchange(w, r)
	ex.gzips = &s.gzips
	defer ex.recoverPanic()
	h(ex)
}

// routePath is the path the route table matches for the path p of a
// request: the pages' paths as they are written, the API's without one
// trailing slash (an item list also without two: /stories//). It reports
// false for a path the table cannot match: one that ServeMux would clean
// or redirect.
func routePath(p string) (string, bool) {
	if isOAuthPath(p) || p == webLoginPath {
		return p, isClean(p)
	}
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	if p == webLoginPath { // a page is at its path as written, not with a slash
		return p + "/", false
	}
	if list, ok := strings.CutSuffix(p, "/"); ok && isListPath(list) {
		return list, true
	}
	return p, p == "/" || isClean(p) && !strings.HasSuffix(p, "/")
}

// isClean reports a path that ServeMux leaves as it is: it starts with /
// and has no empty, . or .. segment but a trailing slash.
func isClean(p string) bool {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return strings.HasPrefix(p, "/") && c == p
}

// isOAuthPath reports a path of the authorization pages.
func isOAuthPath(p string) bool { return p == "/oauth" || strings.HasPrefix(p, "/oauth/") }

// isListPath reports the path of a list of items, iterations or comments.
func isListPath(p string) bool {
	switch p {
	case "/stories", "/bugs", "/tasks", "/iterations", "/comments":
		return true
	}
	return false
}

// serveUnrouted answers a path or a method the table has no pattern for:
// under /oauth/ a page that says so; on a path the table has with other
// methods, 405 naming them; else the greeting.
func (s *Server) serveUnrouted(ex *exchange) {
	if isOAuthPath(ex.r.URL.Path) {
		s.pageNotFound(ex)
		return
	}
	route, _ := routePath(ex.r.URL.Path)
	var allowed []string
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		if _, pattern := s.router.Handler(&http.Request{Method: method, URL: &url.URL{Path: route}}); pattern != "/" {
			allowed = append(allowed, method)
		}
	}
	if len(allowed) > 0 {
		ex.methodNotAllowed(allowed...)
		return
	}
	ex.ok(greeting)
}

// serveUnknownPath answers a path that names nothing: under /oauth/ a page
// that says so, else the greeting.
func (s *Server) serveUnknownPath(ex *exchange) {
	if isOAuthPath(ex.r.URL.Path) {
		s.pageNotFound(ex)
		return
	}
	ex.ok(greeting)
}

// serveUncleanPath answers a path with //, /./ or /..: a user's to-dos
// read it as written (a nick or a kind that is not one is refused), any
// other names nothing.
func (s *Server) serveUncleanPath(ex *exchange) {
	p := ex.r.URL.Path
	if len(p) > 1 && !isOAuthPath(p) {
		p = strings.TrimSuffix(p, "/")
	}
	if rest, ok := strings.CutPrefix(p, "/users/todo/"); ok {
		nick, entity, _ := strings.Cut(rest, "/")
		s.answerUserTodos(ex, nick, entity)
		return
	}
	s.serveUnknownPath(ex)
}
