package sandbox

import (
	"encoding/json"
	"net/url"
	"slices"

	"triage/api"
)

// /workflows/step_map and /workflows/all_last_steps. Shapes:
// workflow/get_workflow_step_map, workflow/get_workflow_all_last_steps.
//
// TAPD's step map groups a story workflow's steps into phases: the start
// phase ("new", with step_begin), the working one ("in_progress"), the
// end one ("closed", with step_end), then "workflow_suspended" and
// "workflow_end", which hold no step. Only stories have it ("当前仅支持需求
// story"). The sandbox's workflows are classic (one status at a time), so
// each status is one step, named by its code, in the phase its place in the
// workflow gives it: the first status starts, the final ones end.

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

// The phases of a step map, in TAPD's order, and its begin and end steps.
var (
	phaseStart     = choice{"new", text{"Start", "开始阶段"}}
	phaseWorking   = choice{"in_progress", text{"In progress", "执行阶段"}}
	phaseEnd       = choice{"closed", text{"End", "结束阶段"}}
	phaseSuspended = choice{"workflow_suspended", text{"Suspended", "流程挂起"}}
	phaseStopped   = choice{"workflow_end", text{"Terminated", "流程终止"}}
	stepBegin      = choice{"step_begin", text{"Create", "创建"}}
	stepEnd        = choice{"step_end", text{"End", "结束"}}
)

// stepMap is the data of GET /workflows/step_map?system=story: the phases
// of the workflow of the story type workitem_type_id names (none: the
// default type's).
func stepMap(ws *Workspace, kind api.Kind, q url.Values) (json.RawMessage, *httpError) {
	if kind != api.Story {
		return nil, unprocessable("system must be story: only story workflows have a step map")
	}
	f, herr := flowOfQuery(ws, kind, q)
	if herr != nil {
		return nil, herr
	}
	step := func(c choice) workflowStep { return workflowStep{Name: c.value, Label: c.label.in(ws.Locale)} }
	phase := func(c choice, steps ...workflowStep) workflowPhase {
		return workflowPhase{Name: c.value, Label: c.label.in(ws.Locale), Steps: append([]workflowStep{}, steps...)}
	}
	start := phase(phaseStart, step(stepBegin))
	working, end := phase(phaseWorking), phase(phaseEnd)
	for i, c := range f.steps {
		switch {
		case i == 0:
			start.Steps = append(start.Steps, step(c))
		case slices.Contains(f.last, c.value):
			end.Steps = append(end.Steps, step(c))
		default:
			working.Steps = append(working.Steps, step(c))
		}
	}
	end.Steps = append(end.Steps, step(stepEnd))
	return marshalData([]workflowPhase{start, working, end, phase(phaseSuspended), phase(phaseStopped)})
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
