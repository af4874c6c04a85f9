package sandbox

import (
	"encoding/json"
	"slices"
)

// The workflow interfaces: a kind's statuses, its transitions, its final
// statuses, its phases (workflow.go, workflow_steps.go, story_types.go
// hold the workflows).

// serveWorkflow is GET /workflows/status_map, /workflows/all_transitions,
// /workflows/last_steps, /workflows/step_map and /workflows/all_last_steps
// (workflow_steps.go).
func (s *Server) serveWorkflow(ex *exchange, action string) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	kind, herr := systemKind(q)
	if herr != nil {
		ex.fail(herr)
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) {
		switch action {
		case "step_map":
			return stepMap(ws, kind, q)
		case "all_last_steps":
			return allLastSteps(ws, kind, q)
		}
		f, herr := flowOfQuery(ws, kind, q)
		if herr != nil {
			return nil, herr
		}
		var data any
		switch action {
		case "status_map":
			data = choiceOptions(f.steps, ws.Locale)
		case "last_steps":
			var last []choice
			for _, c := range f.steps {
				if slices.Contains(f.last, c.value) {
					last = append(last, c)
				}
			}
			data = choiceOptions(last, ws.Locale)
		default:
			data = transitionsOf(kind, f, ws.CreateRequired[kind.String()])
		}
		return marshalData(data)
	})
}
