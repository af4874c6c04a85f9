package sandbox

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"triage/api"
)

// writeSpecRecord creates a record (no id; the spec's required fields) or
// updates the fields a form names (id), saves it with --data and answers
// {"Wrapper":{...}}. The record changes in memory only once it is saved.
func (s *Server) writeSpecRecord(p principal, spec recordSpec, form url.Values) (json.RawMessage, *httpError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ws, herr := s.reachWorkspace(p, form)
	if herr != nil {
		return nil, herr
	}
	if herr := checkScope(p, spec.scope, true); herr != nil {
		return nil, herr
	}
	k := spec.kind
	rs := s.world.recordSetOf(ws.ID, k)
	now := api.FormatTime(s.now())
	in := recordParams(k, form, "id", "workspace_id", "created", "modified")
	actor := strings.TrimSpace(form.Get("current_user"))
	if actor == "" {
		actor = s.world.actor(p)
	}
	var r record
	old := rs.find(strings.TrimSpace(form.Get("id")))
	if id := strings.TrimSpace(form.Get("id")); id != "" {
		if old == nil {
			return nil, fault(http.StatusNotFound, fmt.Sprintf("%s %s not existed in workspace %d", strings.ToLower(k.wrapper), quoteName(id), ws.ID))
		}
		for _, n := range spec.keep {
			delete(in, n)
		}
		r = maps.Clone(old)
		maps.Copy(r, in)
	} else {
		for _, n := range spec.required {
			if _, herr := required(form, n); herr != nil {
				return nil, herr
			}
		}
		r = maps.Clone(spec.defaults)
		if r == nil {
			r = record{}
		}
		maps.Copy(r, in)
		if spec.creator != "" && r[spec.creator] == "" {
			r[spec.creator] = actor
		}
		r["created"] = now
		if slices.Contains(k.fields, "workspace_id") {
			r["workspace_id"] = strconv.FormatInt(ws.ID, 10)
		}
	}
	for _, n := range []string{"modified", "modified_time"} {
		if slices.Contains(k.fields, n) {
			r[n] = now
		}
	}
	if _, named := in["modifier"]; !named && slices.Contains(k.fields, "modifier") {
		r["modifier"] = actor
	}
	if herr := s.world.checkRecord(ws, k, r, now); herr != nil {
		return nil, herr
	}
	if old == nil {
		r["id"] = rs.nextID(ws.ID)
	}
	if s.db != nil {
		key := strconv.FormatInt(ws.ID, 10) + "/" + k.wrapper + "/" + r["id"]
		if err := s.db.apply(change{bucket: bucketRecords, key: key, value: r}); err != nil {
			if old == nil {
				rs.seq--
			}
			return nil, storageFailed()
		}
	}
	if old != nil {
		maps.Copy(old, r)
	} else {
		rs.add(r)
	}
	return k.appendWrapped(nil, r, k.fields), nil
}

// checkRecord refuses what a record of kind k may not say: a label whose
// name holds "|" or whose colour is not 1–4 (its color_value follows the
// colour), a relation or a timesheet naming an item the workspace does not
// have, a timesheet without a positive time; a timesheet's day defaults to
// today.
func (w *world) checkRecord(ws *Workspace, k recordKind, r record, now string) *httpError {
	switch k.wrapper {
	case labelKind.wrapper:
		if strings.Contains(r["name"], "|") {
			return unprocessable("name may not contain \"|\": it separates an item's labels")
		}
		colors := map[string]string{"1": "#2FB280", "2": "#F85E5E", "3": "#FFAF21", "4": "#748096"}
		value, ok := colors[r["color"]]
		if !ok {
			return unprocessable("color must be 1, 2, 3 or 4, got %s", quoteShort(r["color"]))
		}
		r["color_value"] = value
	case relationKind.wrapper:
		for _, side := range []string{"source", "target"} {
			if herr := w.checkEntity(ws, side+"_type", r[side+"_type"], r[side+"_id"]); herr != nil {
				return herr
			}
		}
	case timesheetKind.wrapper:
		if herr := w.checkEntity(ws, "entity_type", r["entity_type"], r["entity_id"]); herr != nil {
			return herr
		}
		if v, err := strconv.ParseFloat(r["timespent"], 64); err != nil || v <= 0 {
			return unprocessable("timespent must be a positive number of hours or days, got %s", quoteShort(r["timespent"]))
		}
		if r["spentdate"] == "" {
			r["spentdate"] = now[:len(time.DateOnly)]
		} else if !isDay(r["spentdate"]) {
			return unprocessable("spentdate must be a date YYYY-MM-DD, got %s", quoteShort(r["spentdate"]))
		}
	}
	return nil
}

// checkEntity refuses an entity type other than story, bug or task, or an
// id that names no item of that kind in the workspace.
func (w *world) checkEntity(ws *Workspace, param, entityType, id string) *httpError {
	var kind api.Kind
	switch entityType {
	case "story":
		kind = api.Story
	case "bug":
		kind = api.Bug
	case "task":
		kind = api.Task
	default:
		return unprocessable("%s must be story, bug or task, got %s", param, quoteShort(entityType))
	}
	if _, ok := w.readItems(ws, kind).find(id); !ok {
		return fault(http.StatusNotFound, fmt.Sprintf("%s %s not existed in workspace %d", kind, quoteShort(id), ws.ID))
	}
	return nil
}
