package sandbox

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"triage/api"
)

// writeItem creates an item (no id) or updates one (id). Parameters that name
// no writable field of the kind are ignored, as the real service ignores
// them; read-only fields (id, workspace_id, created, modified, the modifier)
// are the service's to set. The answer is the whole item after the write.
func (w *world) writeItem(ws *Workspace, k api.Kind, form url.Values, p principal, now time.Time) (api.Item, json.RawMessage, *httpError) {
	specs := catalog(ws, k)
	set := w.items(ws, k)
	id := strings.TrimSpace(form.Get("id"))
	create := id == ""
	var it api.Item
	pos := -1
	if create {
		if strings.TrimSpace(form.Get(k.TitleField())) == "" {
			return api.Item{}, nil, unprocessable("%s is required.", k.TitleField())
		}
		it = blankItem(ws, k)
		it.Creator = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(form.Get(k.CreatorField())), ";"))
		if it.Creator == "" {
			it.Creator = w.actor(p)
		}
		it.Created = api.FormatTime(now)
		it.Set(modifierField(k), it.Creator)
	} else {
		if !isDigits(id) {
			return api.Item{}, nil, unprocessable("id must be a string of digits, got %s", quoteShort(id))
		}
		var ok bool
		if pos, ok = set.find(id); !ok {
			return api.Item{}, nil, &httpError{Status: http.StatusNotFound, Info: k.String() + " " + id + " not existed in workspace " + strconv.FormatInt(ws.ID, 10)}
		}
		if _, sent := form[k.TitleField()]; sent && strings.TrimSpace(form.Get(k.TitleField())) == "" {
			return api.Item{}, nil, unprocessable("%s may not be empty.", k.TitleField())
		}
		it = set.at(pos)
		it.Extra = maps.Clone(it.Extra)
		editor := strings.TrimSpace(form.Get("current_user"))
		if editor == "" {
			editor = w.actor(p)
		}
		it.Set(modifierField(k), editor)
	}
	if herr := w.checkPlan(ws, form); herr != nil {
		return api.Item{}, nil, herr
	}
	from := it.Status
	if herr := applyForm(&it, ws, k, specs, form, create); herr != nil {
		return api.Item{}, nil, herr
	}
	if name := strings.TrimSpace(form.Get("v_status")); name != "" {
		if herr := moveStatus(&it, ws, k, name, create); herr != nil {
			return api.Item{}, nil, herr
		}
	}
	if herr := w.checkItemRules(ws, k, from, &it, form, create); herr != nil {
		return api.Item{}, nil, herr
	}
	it.Modified = api.FormatTime(now)
	if create {
		set.Seq++
		it.ID = newID(ws.ID, set.Seq)
		set.add(it)
	} else {
		set.put(pos, it)
	}
	data := newLayout(k, specs, nil).appendItem(nil, &it)
	if !create && k == api.Bug {
		// TAPD's answer to a bug update also names the workspace as project_id.
		data = append(data[:len(data)-2], `,"project_id":"`...)
		data = append(strconv.AppendInt(data, ws.ID, 10), `"}}`...)
	}
	return it, data, nil
}

// applyForm writes the form's fields into it, checking select values and the
// priority rules of the workspace.
func applyForm(it *api.Item, ws *Workspace, k api.Kind, specs []fieldSpec, form url.Values, create bool) *httpError {
	names := slices.Sorted(maps.Keys(form))
	for _, name := range names {
		switch name {
		case "id", "workspace_id", "current_user", "priority", "priority_label":
			continue
		}
		spec, ok := lookup(specs, name)
		if !ok || spec.readonly || spec.createOnly || spec.unlisted {
			continue
		}
		v := form.Get(name)
		if spec.name != "description" {
			v = strings.TrimSpace(v)
		}
		if spec.strict && (v != "" || spec.name == "status") && !spec.allows(v) {
			return unprocessable("%s %s is not allowed for %s in workspace %d; allowed: %s",
				spec.name, quoteShort(v), k.Path(), ws.ID, strings.Join(spec.optionValues(), ", "))
		}
		switch spec.match {
		case matchPeople:
			v = joinPeople(v)
		case matchMulti:
			v = strings.Join(splitAlternatives(v, false), "|")
		}
		setField(it, spec, v)
	}
	_, hasLabel := form["priority_label"]
	_, hasLegacy := form["priority"]
	return ruleFor(ws, k).write(it, form.Get("priority_label"), hasLabel, form.Get("priority"), hasLegacy)
}

// blankItem is a new item of kind k: the first status, no iteration and no
// story ("0"), every other field unset.
func blankItem(ws *Workspace, k api.Kind) api.Item {
	it := api.Item{Kind: k, Status: statuses(k)[0].value, IterationID: "0", WorkspaceID: strconv.FormatInt(ws.ID, 10)}
	if k == api.Task {
		it.StoryID = "0"
	}
	return it
}

// setField stores a field's value. A value that is the field's unset one,
// or empty for a field unset as null, is not held: the item goes back to
// the unset value.
func setField(it *api.Item, spec *fieldSpec, v string) {
	if !spec.typed && (v == spec.unsetText || (v == "" && string(spec.unset) == "null")) {
		delete(it.Extra, spec.name)
		return
	}
	it.Set(spec.name, v)
}

// joinPeople writes nicks as the service stores them: each followed by ";".
func joinPeople(v string) string {
	var b strings.Builder
	for nick := range strings.SplitSeq(v, ";") {
		if nick = strings.TrimSpace(nick); nick != "" {
			b.WriteString(nick)
			b.WriteByte(';')
		}
	}
	return b.String()
}

// modifierField names the field that records who last wrote an item.
func modifierField(k api.Kind) string {
	if k == api.Bug {
		return "lastmodify"
	}
	return "modifier"
}

// actor is the nick a write is recorded under when the form names nobody:
// the user of a token, else the company's API account.
func (w *world) actor(p principal) string {
	if p.Nick != "" {
		return p.Nick
	}
	for _, c := range w.Companies {
		if c.ID == p.CompanyID {
			return c.APIUser
		}
	}
	return "api"
}

// snapshotItems remembers what a write to an item set may change (its
// length, its sequence and the item named by id) so that a write the
// database refused can be undone. The caller holds s.mu for writing.
func (s *Server) snapshotItems(key itemKey, id string) (undo func()) {
	set := s.world.Items[key]
	if set == nil {
		return func() { delete(s.world.Items, key) }
	}
	n, seq, sorted := set.len(), set.Seq, set.sortedCreated
	oldPos, known := set.find(id)
	var old api.Item
	_, wasEdited := set.edited[oldPos]
	if known {
		old = set.at(oldPos)
	}
	return func() {
		set.truncate(n)
		set.Seq, set.sortedCreated = seq, sorted
		switch {
		case known && oldPos >= set.lazyAt && oldPos < set.lazyAt+set.lazyN() && !wasEdited:
			delete(set.edited, oldPos)
			set.encoded.forget(set, oldPos)
		case known:
			set.put(oldPos, old)
		}
	}
}
