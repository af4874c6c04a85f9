package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"triage/api"
)

// The workflows of the three kinds: their statuses (catalog.go), the
// transitions between them, and the last steps (the final statuses). Served
// by /workflows/status_map, /workflows/all_transitions and
// /workflows/last_steps, and followed by writes of v_status (write.go).

// transition is one allowed step of a workflow.
type transition struct{ from, to string }

// flow is the workflow of a kind.
type flow struct {
	steps []choice     // statuses, the first being a new item's
	moves []transition // allowed steps between statuses
	last  []string     // final statuses, in steps order
}

var (
	storyFlow = flow{steps: storyStatuses, last: []string{"resolved", "rejected"}, moves: []transition{
		{"planning", "developing"}, {"planning", "rejected"},
		{"developing", "resolved"}, {"developing", "planning"},
		{"resolved", "developing"}, {"rejected", "planning"},
	}}
	bugFlow = flow{steps: bugStatuses, last: []string{"closed", "rejected"}, moves: []transition{
		{"new", "in_progress"}, {"new", "rejected"},
		{"in_progress", "resolved"}, {"in_progress", "rejected"},
		{"resolved", "verified"}, {"resolved", "reopened"},
		{"verified", "closed"}, {"verified", "reopened"},
		{"closed", "reopened"}, {"reopened", "in_progress"}, {"rejected", "reopened"},
	}}
	taskFlow = flow{steps: taskStatuses, last: []string{"done"}, moves: []transition{
		{"open", "progressing"}, {"open", "done"},
		{"progressing", "done"}, {"progressing", "open"}, {"done", "progressing"},
	}}
)

// flowOf is the workflow of kind k.
func flowOf(k api.Kind) flow {
	switch k {
	case api.Bug:
		return bugFlow
	case api.Task:
		return taskFlow
	}
	return storyFlow
}

// allows reports whether an item may go from status from to status to: a
// step of the workflow, or staying where it is.
func (f flow) allows(from, to string) bool {
	return from == to || slices.Contains(f.moves, transition{from, to})
}

// statusByName finds the status whose display name (in the workspace's
// locale or in either locale) or code is name.
func (f flow) statusByName(name, locale string) (string, bool) {
	for _, c := range f.steps {
		if c.label.in(locale) == name || c.label.en == name || c.label.zh == name || c.value == name {
			return c.value, true
		}
	}
	return "", false
}

// names lists the display names of the statuses, for messages.
func (f flow) names(locale string) string {
	out := make([]string, len(f.steps))
	for i, c := range f.steps {
		out[i] = c.label.in(locale)
	}
	return strings.Join(out, ", ")
}

// systemKind reads the required system parameter of the workflow interfaces:
// story or bug, as TAPD documents, and task, whose statuses are fixed.
func systemKind(q url.Values) (api.Kind, *httpError) {
	system, herr := required(q, "system")
	if herr != nil {
		return 0, herr
	}
	switch system {
	case "story":
		return api.Story, nil
	case "bug":
		return api.Bug, nil
	case "task":
		return api.Task, nil
	}
	return 0, fault(http.StatusUnprocessableEntity, fmt.Sprintf("system must be story, bug or task, got %s", quoteName(system)))
}

// transitionRecord is one entry of /workflows/all_transitions, as TAPD
// writes it.
type transitionRecord struct {
	Name         string        `json:"Name"`
	StepPrevious string        `json:"StepPrevious"`
	StepNext     string        `json:"StepNext"`
	Appendfield  []appendField `json:"Appendfield"`
}

// appendField is a field the user fills in when taking a transition.
type appendField struct {
	DBModel   string `json:"DBModel"`
	FieldName string `json:"FieldName"`
	Notnull   string `json:"Notnull"`
	Sort      string `json:"Sort"`
}

// transitionsOf lists the transitions of a workflow, starting with the
// creation step start-<first status>, as TAPD does.
func transitionsOf(k api.Kind, f flow, createRequired []string) []transitionRecord {
	model := k.Wrapper()
	owner := "owner"
	if k == api.Bug {
		owner = "current_owner"
	}
	out := []transitionRecord{{
		Name: "start-" + f.steps[0].value, StepPrevious: "start", StepNext: f.steps[0].value,
		Appendfield: []appendField{{DBModel: model, FieldName: owner, Notnull: "yes", Sort: "1"}},
	}}
	for i, name := range createRequired {
		out[0].Appendfield = append(out[0].Appendfield, appendField{DBModel: model, FieldName: name, Notnull: "yes", Sort: strconv.Itoa(i + 2)})
	}
	for _, t := range f.moves {
		fields := []appendField{{DBModel: model, FieldName: owner, Notnull: "no", Sort: "1"}}
		for i, name := range requiredOn(k, t.to) {
			fields = append(fields, appendField{DBModel: model, FieldName: name, Notnull: "yes", Sort: strconv.Itoa(i + 2)})
		}
		out = append(out, transitionRecord{Name: t.from + "-" + t.to, StepPrevious: t.from, StepNext: t.to, Appendfield: fields})
	}
	return out
}

// marshalData encodes the data of an answer.
func marshalData(v any) (json.RawMessage, *httpError) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fault(http.StatusInternalServerError, "the answer could not be written")
	}
	return raw, nil
}

// moveStatus sets the status of it from its display name (v_status), as
// TAPD takes it on update: the new status must be one step of the
// workflow away from the current one. A new item takes any status.
func moveStatus(it *api.Item, ws *Workspace, k api.Kind, name string, create bool) *httpError {
	f := flowOfItem(k, it)
	to, ok := f.statusByName(name, ws.Locale)
	if !ok {
		return unprocessable("v_status %s is not a status of %s in workspace %d; statuses: %s",
			quoteShort(name), k.Path(), ws.ID, f.names(ws.Locale))
	}
	if !create && !f.allows(it.Status, to) {
		var next []string
		for _, m := range f.moves {
			if m.from == it.Status {
				next = append(next, f.label(m.to, ws.Locale))
			}
		}
		return unprocessable("v_status: %s %s cannot go from %s to %s; from %s it can go to: %s",
			k, it.ID, f.label(it.Status, ws.Locale), f.label(to, ws.Locale), f.label(it.Status, ws.Locale), strings.Join(next, ", "))
	}
	it.Status = to
	return nil
}

// label is the display name of status code v.
func (f flow) label(v, locale string) string {
	for _, c := range f.steps {
		if c.value == v {
			return c.label.in(locale)
		}
	}
	return v
}
