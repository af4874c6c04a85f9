package sandbox

import (
	"encoding/json"
	"net/url"

	"triage/api"
)

// routeInterfaces dispatches the interfaces around items that TAPD clients
// call besides items, iterations and comments (ENDPOINTS.md); it reports
// whether path was one of them.
func (s *Server) routeInterfaces(ex *exchange, path string) bool {
	switch path {
	case "/story_changes", "/story_changes/count":
		s.serveChanges(ex, api.Story, path != "/story_changes")
	case "/bug_changes", "/bug_changes/count":
		s.serveChanges(ex, api.Bug, path != "/bug_changes")
	case "/task_changes", "/task_changes/count":
		s.serveChanges(ex, api.Task, path != "/task_changes")
	case "/stories/batch_update_story":
		s.serveBatchUpdate(ex, api.Story)
	case "/bugs/batch_update_bug":
		s.serveBatchUpdate(ex, api.Bug)
	case "/tasks/batch_update_task":
		s.serveBatchUpdate(ex, api.Task)
	case "/bugs/get_related_stories":
		s.serveWorkspaceRead(ex, api.Bug, func(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
			return s.world.relatedStories(ws, q)
		})
	case "/stories/add_story_link_relations":
		s.serveAddStoryLink(ex)
	case "/stories/get_link_stories":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
			return s.world.linkStories(ws, q)
		})
	case "/workflows/step_map":
		s.serveWorkflow(ex, "step_map")
	case "/workflows/all_last_steps":
		s.serveWorkflow(ex, "all_last_steps")
	case "/roles":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) { return roles(ws) })
	case "/workspaces/sub_workspaces":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
			return s.world.subWorkspaces(ws)
		})
	case "/workspaces/projects":
		s.serveCompanyProjects(ex)
	case "/settings/get_workspace_setting":
		s.serveWorkspaceRead(ex, api.Story, func(_ *Workspace, q url.Values) (json.RawMessage, *httpError) { return workspaceSetting(q) })
	case "/users/get_personal_setting":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
			return s.world.personalSettingOf(ws, q)
		})
	case "/user_oauth/get_user_todo_story", "/user_oauth/get_user_todo_bug", "/user_oauth/get_user_todo_task":
		kind, _ := todoKind(path[len("/user_oauth/get_user_todo_"):])
		s.serveTodos(ex, kind, "")
	case "/svn_commits/get_scm_copy_keywords":
		s.serveSCMKeywords(ex)
	case "/tcases/get_fields_info":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
			return s.world.recordFieldsInfo(ws, tcaseFields)
		})
	case "/test_plans/get_fields_info":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
			return s.world.recordFieldsInfo(ws, testPlanFields)
		})
	default:
		if s.routeTodos(ex, path) {
			return true
		}
		for _, spec := range recordSpecs {
			switch {
			case path == spec.path:
				s.serveRecordSpec(ex, spec, false)
				return true
			case spec.count && path == spec.path+"/count":
				s.serveRecordSpec(ex, spec, true)
				return true
			}
		}
		return false
	}
	return true
}
