package sandbox

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"triage/api"
)

// GET /story_changes, /task_changes (WorkitemChange: one write with every
// field it changed) and /bug_changes (BugChange: one field per change), and
// their /count. Shapes: story/get_story_changes, task/get_task_changes,
// bug/get_bug_changes.

// Most changes a page lists: 100 for stories and tasks, 200 for bugs.
const (
	maxChangeLimit    = 100
	maxBugChangeLimit = 200
)

// workitemChange is one entry of story_changes and task_changes.
type workitemChange struct {
	ID               string         `json:"id"`
	WorkspaceID      string         `json:"workspace_id"`
	AppID            string         `json:"app_id"`
	WorkitemTypeID   string         `json:"workitem_type_id"`
	Creator          string         `json:"creator"`
	Created          string         `json:"created"`
	ChangeSummary    string         `json:"change_summary"`
	Comment          *string        `json:"comment"`
	Changes          string         `json:"changes"`
	EntityType       string         `json:"entity_type"`
	ChangeType       string         `json:"change_type"`
	ChangeTypeDetail string         `json:"change_type_detail"`
	Updated          string         `json:"updated"`
	ChangeTypeText   string         `json:"change_type_text"`
	FieldChanges     []parsedChange `json:"field_changes,omitempty"`
	StoryID          string         `json:"story_id,omitempty"`
	TaskID           string         `json:"task_id,omitempty"`
}

// parsedChange is one entry of field_changes: the values and what they name.
type parsedChange struct {
	Field             string  `json:"field"`
	ValueBefore       *string `json:"value_before"`
	ValueAfter        *string `json:"value_after"`
	ValueBeforeParsed *string `json:"value_before_parsed"`
	ValueAfterParsed  *string `json:"value_after_parsed"`
	FieldLabel        string  `json:"field_label"`
}

// bugChange is one entry of bug_changes.
type bugChange struct {
	ID          string  `json:"id"`
	BugID       string  `json:"bug_id"`
	Author      string  `json:"author"`
	Field       string  `json:"field"`
	OldValue    *string `json:"old_value"`
	NewValue    *string `json:"new_value"`
	Memo        *string `json:"memo"`
	Created     string  `json:"created"`
	WorkspaceID string  `json:"workspace_id"`
}

// matchChanges returns the changes of a kind that pass the query's filters,
// in the order it asks (order=created|id asc|desc); without order, bug
// changes come newest first and the others oldest first, as TAPD's examples
// list them.
func (w *world) matchChanges(ws *Workspace, kind api.Kind, q url.Values) ([]itemChange, *httpError) {
	itemParam, creatorParam, fieldParam := kind.String()+"_id", "creator", "change_field"
	if kind == api.Bug {
		creatorParam, fieldParam = "author", "field"
	}
	ids := idSet(q.Get("id"))
	items := idSet(q.Get(itemParam))
	creator := strings.TrimSpace(q.Get(creatorParam))
	field := strings.TrimSpace(q.Get(fieldParam))
	var created [][]bound
	for _, a := range splitAlternatives(q.Get("created"), false) {
		bs, err := parseBounds(a)
		if err != nil {
			return nil, unprocessable("created: %v", err)
		}
		created = append(created, bs)
	}
	withCreation := kind != api.Bug || q.Get("include_add_bug") == "1"
	var out []itemChange
	for _, c := range w.readChangeLog(itemKey{Workspace: ws.ID, Kind: kind}).list {
		switch {
		case c.Create && !withCreation,
			ids != nil && !ids[c.ID],
			items != nil && !items[c.ItemID],
			creator != "" && c.Creator != creator,
			field != "" && !slices.ContainsFunc(c.Fields, func(f fieldChange) bool { return f.Field == field }),
			created != nil && !slices.ContainsFunc(created, func(bs []bound) bool { return allHold(bs, c.Created) }):
			continue
		}
		out = append(out, c)
	}
	desc := kind == api.Bug
	if o := strings.Fields(q.Get("order")); len(o) > 0 {
		if o[0] != "created" && o[0] != "id" {
			return nil, unprocessable("order field %s is not created or id", quoteShort(o[0]))
		}
		desc = len(o) > 1 && strings.EqualFold(o[1], "desc")
	}
	if desc {
		slices.Reverse(out)
	}
	return out, nil
}

// idSet reads a list of ids joined by "," or "|"; nil when there is none.
func idSet(v string) map[string]bool {
	alts := splitAlternatives(v, true)
	if len(alts) == 0 {
		return nil
	}
	set := make(map[string]bool, len(alts))
	for _, a := range alts {
		set[a] = true
	}
	return set
}

// changePage is one page of matched changes in TAPD's wrapping, with
// fields= honoured.
func (w *world) changePage(ws *Workspace, kind api.Kind, matched []itemChange, q url.Values) (json.RawMessage, *httpError) {
	limit, page, herr := parsePaging(q)
	if herr != nil {
		return nil, herr
	}
	if kind == api.Bug {
		limit = min(limit, maxBugChangeLimit)
	} else {
		limit = min(limit, maxChangeLimit)
	}
	start := min((page-1)*limit, len(matched))
	matched = matched[start:min(start+limit, len(matched))]
	parse := q.Get("need_parse_changes") != "0"
	fields := splitFieldList(q.Get("fields"))
	out := make([]map[string]json.RawMessage, 0, len(matched))
	for _, c := range matched {
		var v any
		wrapper := "WorkitemChange"
		if kind == api.Bug {
			wrapper, v = "BugChange", asBugChange(ws, c)
		} else {
			v = w.asWorkitemChange(ws, kind, c, parse)
		}
		raw, herr := marshalData(v)
		if herr != nil {
			return nil, herr
		}
		if raw, herr = pickFields(raw, fields); herr != nil {
			return nil, herr
		}
		out = append(out, map[string]json.RawMessage{wrapper: raw})
	}
	return marshalData(out)
}

// pickFields keeps only the named keys of an encoded object; none named keeps all.
func pickFields(raw json.RawMessage, fields []string) (json.RawMessage, *httpError) {
	if len(fields) == 0 {
		return raw, nil
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, unprocessable("the answer could not be cut to fields=")
	}
	kept := make(map[string]json.RawMessage, len(fields))
	for _, f := range fields {
		if v, ok := all[f]; ok {
			kept[f] = v
		}
	}
	return marshalData(kept)
}

// asBugChange is a bug's change (one field) as bug_changes writes it.
func asBugChange(ws *Workspace, c itemChange) bugChange {
	out := bugChange{ID: c.ID, BugID: c.ItemID, Author: c.Creator, Created: c.Created, WorkspaceID: strconv.FormatInt(ws.ID, 10)}
	if len(c.Fields) > 0 {
		out.Field, out.OldValue, out.NewValue = c.Fields[0].Field, c.Fields[0].Before, c.Fields[0].After
	}
	return out
}

// asWorkitemChange is a story's or task's change as story_changes writes it:
// changes as JSON text, and field_changes with the values' names when parse.
func (w *world) asWorkitemChange(ws *Workspace, kind api.Kind, c itemChange, parse bool) workitemChange {
	log, _ := json.Marshal(c.Fields)
	out := workitemChange{
		ID: c.ID, WorkspaceID: strconv.FormatInt(ws.ID, 10), AppID: "1", WorkitemTypeID: "0", Creator: c.Creator, Created: c.Created,
		ChangeSummary: c.Status, Changes: string(log), EntityType: kind.Wrapper(),
		ChangeType: "api", ChangeTypeText: text{"API change", "API变更"}.in(ws.Locale), Updated: c.Created,
	}
	if kind == api.Story {
		out.StoryID, out.WorkitemTypeID = c.ItemID, storyTypeID(ws.ID, 1)
	} else {
		out.TaskID = c.ItemID
	}
	if !parse {
		return out
	}
	specs := catalog(ws, kind)
	out.FieldChanges = make([]parsedChange, 0, len(c.Fields))
	for _, f := range c.Fields {
		label := f.Field
		if spec, ok := lookup(specs, f.Field); ok {
			label = spec.label
		}
		out.FieldChanges = append(out.FieldChanges, parsedChange{
			Field: f.Field, ValueBefore: f.Before, ValueAfter: f.After, FieldLabel: label,
			ValueBeforeParsed: w.valueName(ws, kind, f.Field, f.Before),
			ValueAfterParsed:  w.valueName(ws, kind, f.Field, f.After),
		})
	}
	return out
}

// valueName is what a field's value names: a status's display name, an
// iteration's name, an option's label, else the value itself.
func (w *world) valueName(ws *Workspace, kind api.Kind, field string, v *string) *string {
	if v == nil {
		return nil
	}
	switch field {
	case "status":
		name := flowOf(kind).label(*v, ws.Locale)
		return &name
	case "iteration_id":
		if r := w.recordSetOf(ws.ID, iterationKind).find(*v); r != nil {
			name := r["name"]
			return &name
		}
	}
	if spec, ok := lookup(catalog(ws, kind), field); ok {
		for _, o := range spec.options.Pairs {
			if o.Value == *v {
				label := o.Label
				return &label
			}
		}
	}
	return v
}
