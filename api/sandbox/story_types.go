package sandbox

import (
	"encoding/json"
	"strconv"
	"strings"

	"triage/api"
)

// Story types (需求类别): every workspace has its default type, "Story",
// following storyFlow; Atlas Web (10022001) has a second, "Technical
// debt", whose workflow takes the same statuses along other steps (no
// Developing from Planning: a debt is paid or dropped). A story carries its
// type in workitem_type_id; /workflows/all_transitions, status_map and
// last_steps answer for the type workitem_type_id names (the default one
// without it), and a status write follows the story's own type.

// storyType is one story type of a workspace.
type storyType struct {
	n       int64 // its number in the workspace: 1 is the default type
	name    text
	english string
	color   string
	every   int64 // the seed stories of this type: those whose number is a multiple of it
	flow    flow
}

// techDebtFlow is the workflow of Atlas Web's technical debt.
var techDebtFlow = flow{steps: storyStatuses, last: []string{"resolved", "rejected"}, moves: []transition{
	{"planning", "resolved"}, {"planning", "rejected"},
	{"developing", "resolved"}, {"developing", "planning"},
	{"resolved", "planning"}, {"rejected", "planning"},
}}

// storyTypesOf are the story types of workspace ws, the default one first.
func storyTypesOf(ws int64) []storyType {
	types := []storyType{{n: 1, name: text{"Story", "需求"}, english: "story", color: "#3582fb", flow: storyFlow}}
	if ws == 10022001 {
		types = append(types, storyType{n: 2, name: text{"Technical debt", "技术债"}, english: "tech_debt", color: "#8f9cae", every: 10, flow: techDebtFlow})
	}
	return types
}

// storyTypeID is the id of story type n of workspace ws.
func storyTypeID(ws, n int64) string {
	return "11" + string(appendPadded(appendPadded(nil, ws, 8), n, 9))
}

// storyWorkflowID is the id of the workflow of story type n of workspace ws.
func storyWorkflowID(ws, n int64) string {
	return "12" + string(appendPadded(appendPadded(nil, ws, 8), n, 9))
}

// storyTypeOf is the type of a story: the one it was created with, else
// the seed's (every tenth story of Atlas Web is technical debt).
func storyTypeOf(it *api.Item) storyType {
	ws, _ := strconv.ParseInt(it.WorkspaceID, 10, 64)
	types := storyTypesOf(ws)
	if raw, ok := it.Extra["workitem_type_id"]; ok {
		var id string
		if json.Unmarshal(raw, &id) == nil {
			for _, t := range types {
				if storyTypeID(ws, t.n) == id {
					return t
				}
			}
		}
	}
	n, _ := strconv.ParseInt(it.ID[max(len(it.ID)-9, 0):], 10, 64)
	for _, t := range types[1:] {
		if t.every > 0 && n > 0 && n%t.every == 0 {
			return t
		}
	}
	return types[0]
}

// flowOfItem is the workflow an item follows: its story type's, or its kind's.
func flowOfItem(k api.Kind, it *api.Item) flow {
	if k == api.Story {
		return storyTypeOf(it).flow
	}
	return flowOf(k)
}

// flowOfQuery is the workflow a workflow interface answers for: a story
// type's, named by workitem_type_id (the default type without it), or the
// kind's.
func flowOfQuery(ws *Workspace, k api.Kind, q map[string][]string) (flow, *httpError) {
	id := strings.TrimSpace(first(q["workitem_type_id"]))
	if k != api.Story || id == "" {
		return flowOf(k), nil
	}
	var ids []string
	for _, t := range storyTypesOf(ws.ID) {
		if storyTypeID(ws.ID, t.n) == id {
			return t.flow, nil
		}
		ids = append(ids, storyTypeID(ws.ID, t.n))
	}
	return flow{}, unprocessable("workitem_type_id %s is not a story type of workspace %d; its story types: %s",
		quoteShort(id), ws.ID, strings.Join(ids, ", "))
}

// first is the first of a query's values, or "".
func first(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}
