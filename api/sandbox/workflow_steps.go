package sandbox

import (
	"encoding/json"
	"net/url"
	"slices"

	"triage/api"
)

// /workflows/step_map and /workflows/all_last_steps. The sandbox's
// workflows are classic ones (one status at a time), so each status is a
// phase holding one step of its name. Shapes: workflow/get_workflow_step_map,
// workflow/get_workflow_all_last_steps.

// workflowStep is one step of a phase of /workflows/step_map.
type workflowStep struct {
	Name  string `json:"name"`
	Label string `json:"label"`
}

// workflowPhase is one entry of /workflows/step_map.
type workflowPhase struct {
	Name  string         `json:"name"`
	Label string         `json:"label"`
	Steps []workflowStep `json:"steps"`
}

// stepMap is the data of GET /workflows/step_map?system=: a phase per
// status, each holding its one step.
func stepMap(ws *Workspace, kind api.Kind) (json.RawMessage, *httpError) {
	f := flowOf(kind)
	out := make([]workflowPhase, 0, len(f.steps))
	for _, c := range f.steps {
		label := c.label.in(ws.Locale)
		out = append(out, workflowPhase{Name: c.value, Label: label, Steps: []workflowStep{{Name: c.value, Label: label}}})
	}
	return marshalData(out)
}

// allLastSteps is the data of GET /workflows/all_last_steps?system=: the
// final statuses, code → name, keyed by each story type's id
// (group_key=workitem_type_id, the default) or its workflow's id
// (group_key=workflow_id).
func allLastSteps(ws *Workspace, kind api.Kind, q url.Values) (json.RawMessage, *httpError) {
	byWorkflow := false
	switch q.Get("group_key") {
	case "", "workitem_type_id":
	case "workflow_id":
		byWorkflow = true
	default:
		return nil, unprocessable("group_key must be workflow_id or workitem_type_id, got %s", quoteShort(q.Get("group_key")))
	}
	out := map[string]api.Options{}
	for _, st := range storyTypesOf(ws.ID) {
		f := st.flow
		if kind != api.Story {
			f = flowOf(kind)
		}
		var last []choice
		for _, c := range f.steps {
			if slices.Contains(f.last, c.value) {
				last = append(last, c)
			}
		}
		key := storyTypeID(ws.ID, st.n)
		if byWorkflow {
			key = storyWorkflowID(ws.ID, st.n)
		}
		out[key] = choiceOptions(last, ws.Locale)
		if kind != api.Story {
			break
		}
	}
	return marshalData(out)
}
