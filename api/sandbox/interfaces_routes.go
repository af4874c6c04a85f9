package sandbox

import "triage/api"

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
	default:
		return false
	}
	return true
}
