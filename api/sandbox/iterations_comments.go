package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"triage/api"
)

// /iterations (list, count, create, update) and /comments (list, count,
// create). Iterations are planned work, so reading and writing them needs the
// story scope; a comment needs the scope of the kind it is written on.

// recordKey names the records of one kind in one workspace.
type recordKey struct {
	Workspace int64
	Wrapper   string
}

// bucketRecords holds the records written through the API:
// "<workspace>/<Wrapper>/<id>" → record JSON. The seeded ones are made
// anew at every start (seedRecords); stored ones replace or join them.
var bucketRecords = []byte("records")

// recordSetOf returns the records of a kind in a workspace, creating the set.
func (w *world) recordSetOf(ws int64, k recordKind) *recordSet {
	if w.Records == nil {
		w.Records = make(map[recordKey]*recordSet)
	}
	key := recordKey{ws, k.wrapper}
	rs := w.Records[key]
	if rs == nil {
		rs = &recordSet{}
		w.Records[key] = rs
	}
	return rs
}

// seedRecords makes the seeded iterations and comments of every workspace:
// the six iterations the items are planned in (generate.go), two-week
// sprints ending at now's sprint, and a comment on each of the first three
// stories and bugs.
func (w *world) seedRecords(now time.Time) {
	for _, ws := range w.Workspaces {
		nicks := w.memberNicks(ws)
		wsID := strconv.FormatInt(ws.ID, 10)
		its := w.recordSetOf(ws.ID, iterationKind)
		first := now.In(api.ServiceZone).AddDate(0, 0, -14*5)
		for i := range 6 {
			start, end := first.AddDate(0, 0, 14*i), first.AddDate(0, 0, 14*i+13)
			status, completed := "done", end.Format(time.DateOnly)+" 18:00:00"
			if i >= 4 {
				status, completed = "open", ""
			}
			r := record{
				"id": its.nextID(ws.ID), "workspace_id": wsID,
				"name":      text{fmt.Sprintf("Sprint %d", i+1), fmt.Sprintf("迭代%d", i+1)}.in(ws.Locale),
				"startdate": start.Format(time.DateOnly), "enddate": end.Format(time.DateOnly),
				"status": status, "release_id": releaseID(ws, i*releasesPerWorkspace/6), "description": "", "creator": nicks[0],
				"created": start.AddDate(0, 0, -3).Format(time.DateOnly) + " 10:00:00", "entity_type": "iteration",
				"parent_id": "0", "workitem_type_id": "0", "templated_id": "0", "plan_app_id": "0", "label": "",
			}
			r["modified"], r["ancestor_id"], r["path"] = r["created"], r["id"], r["id"]+":"
			if completed != "" {
				r["completed"] = completed
			}
			its.add(r)
		}
		comments := w.recordSetOf(ws.ID, commentKind)
		for _, k := range []api.Kind{api.Story, api.Bug} {
			set := w.readItems(ws, k)
			for i := 0; i < 3 && i < set.len(); i++ {
				it := set.at(i)
				comments.add(record{
					"id": comments.nextID(ws.ID), "workspace_id": wsID,
					"title":       text{"Comment added", "添加评论"}.in(ws.Locale),
					"description": "<p>" + text{"Checked with the team: keep it on the list.", "已与团队确认，保留在列表中。"}.in(ws.Locale) + "</p>",
					"author":      nicks[i%len(nicks)], "entry_type": commentEntryType(k), "entry_id": it.ID,
					"reply_id": "0", "root_id": "0", "created": it.Created, "modified": it.Created,
				})
			}
		}
	}
	w.seedCatalogRecords()
}

// commentEntryType is the entry_type of comments on kind k, as TAPD names it.
func commentEntryType(k api.Kind) string {
	switch k {
	case api.Bug:
		return "bug"
	case api.Task:
		return "tasks"
	}
	return "stories"
}

// commentKindOf reads an entry_type: stories, bug, bug_remark or tasks.
func commentKindOf(entryType string) (api.Kind, bool) {
	switch entryType {
	case "stories":
		return api.Story, true
	case "bug", "bug_remark":
		return api.Bug, true
	case "tasks":
		return api.Task, true
	}
	return 0, false
}

// writeRecord creates (no id) or updates (id; iterations only) a record
// under the write lock and saves it; the answer is {"Iteration":{...}}.
func (s *Server) writeRecord(p principal, k recordKind, scope api.Kind, form url.Values) (json.RawMessage, *httpError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ws, herr := s.reachWorkspace(p, form)
	if herr != nil {
		return nil, herr
	}
	if herr := checkScope(p, scope, true); herr != nil {
		return nil, herr
	}
	rs := s.world.recordSetOf(ws.ID, k)
	now := api.FormatTime(s.now())
	var r record
	if k.wrapper == iterationKind.wrapper {
		r, herr = s.writeIteration(ws, rs, form, p, now)
	} else {
		r, herr = s.writeComment(ws, rs, form, p, now)
	}
	if herr != nil {
		return nil, herr
	}
	if s.db != nil {
		key := strconv.FormatInt(ws.ID, 10) + "/" + k.wrapper + "/" + r["id"]
		if err := s.db.apply(change{bucket: bucketRecords, key: key, value: r}); err != nil {
			return nil, storageFailed()
		}
	}
	return k.appendWrapped(nil, r, k.fields), nil
}

// writeIteration creates an iteration (name, startdate, enddate, creator
// required, as TAPD asks) or updates one (id, current_user required).
func (s *Server) writeIteration(ws *Workspace, rs *recordSet, form url.Values, p principal, now string) (record, *httpError) {
	if herr := badDate(form, "startdate", "enddate"); herr != nil {
		return nil, herr
	}
	if st := form.Get("status"); st != "" && st != "open" && st != "done" {
		return nil, fault(http.StatusUnprocessableEntity, "status must be open or done, got "+quoteName(st))
	}
	if herr := s.world.checkPlan(ws, form); herr != nil {
		return nil, herr
	}
	in := recordParams(iterationKind, form, "id", "workspace_id", "created", "modified", "completed", "ancestor_id", "path")
	if id := strings.TrimSpace(form.Get("id")); id != "" {
		if _, herr := required(form, "current_user"); herr != nil {
			return nil, herr
		}
		old := rs.find(id)
		if old == nil {
			return nil, fault(http.StatusNotFound, fmt.Sprintf("iteration %s not existed", quoteName(id)))
		}
		delete(in, "creator")
		for n, v := range in {
			old[n] = v
		}
		old["modified"] = now
		if in["status"] == "done" && old["completed"] == "" {
			old["completed"] = now
		}
		return old, nil
	}
	for _, n := range []string{"name", "startdate", "enddate", "creator"} {
		if _, herr := required(form, n); herr != nil {
			return nil, herr
		}
	}
	if in["enddate"] < in["startdate"] {
		return nil, fault(http.StatusUnprocessableEntity, "enddate must not be before startdate")
	}
	r := record{"status": "open", "release_id": "0", "description": "", "entity_type": "iteration",
		"parent_id": "0", "workitem_type_id": "0", "templated_id": "0", "plan_app_id": "0", "label": ""}
	for n, v := range in {
		r[n] = v
	}
	r["id"], r["workspace_id"] = rs.nextID(ws.ID), strconv.FormatInt(ws.ID, 10)
	r["created"], r["modified"], r["ancestor_id"], r["path"] = now, now, r["id"], r["id"]+":"
	return rs.add(r), nil
}

// writeComment creates a comment on an item of the workspace (entry_type,
// entry_id, description, author required, as TAPD asks), or updates the
// description of the comment named by id (comment/update_comment).
func (s *Server) writeComment(ws *Workspace, rs *recordSet, form url.Values, p principal, now string) (record, *httpError) {
	if id := strings.TrimSpace(form.Get("id")); id != "" {
		return updateComment(ws, rs, id, form, p, now)
	}
	for _, n := range []string{"entry_type", "entry_id", "description", "author"} {
		if _, herr := required(form, n); herr != nil {
			return nil, herr
		}
	}
	kind, _ := commentKindOf(form.Get("entry_type"))
	entry := strings.TrimSpace(form.Get("entry_id"))
	if _, ok := s.world.readItems(ws, kind).find(entry); !ok {
		return nil, fault(http.StatusNotFound, fmt.Sprintf("%s %s not existed in workspace %d", kind, quoteName(entry), ws.ID))
	}
	r := recordParams(commentKind, form, "id", "workspace_id", "created", "modified")
	r["id"], r["workspace_id"], r["entry_id"] = rs.nextID(ws.ID), strconv.FormatInt(ws.ID, 10), entry
	r["created"], r["modified"] = now, now
	if r["title"] == "" {
		r["title"] = text{"Comment added", "添加评论"}.in(ws.Locale)
	}
	for _, n := range []string{"reply_id", "root_id"} {
		if r[n] == "" {
			r[n] = "0"
		}
	}
	return rs.add(r), nil
}

// loadRecordsInto lays the stored records over the seeded ones.
func loadRecordsInto(tx *bolt.Tx, w *world) error {
	b := tx.Bucket(bucketRecords)
	if b == nil {
		return nil
	}
	return b.ForEach(func(key, v []byte) error {
		parts := strings.SplitN(string(key), "/", 3)
		ws, err := strconv.ParseInt(parts[0], 10, 64)
		if err != nil || len(parts) != 3 {
			return fmt.Errorf("record key %q", key)
		}
		k, known := recordKindByWrapper(parts[1])
		if !known {
			return fmt.Errorf("record key %q: unknown kind", key)
		}
		var r record
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("record %s: %w", key, err)
		}
		rs := w.recordSetOf(ws, k)
		if old := rs.find(r["id"]); old != nil {
			for n, val := range r {
				old[n] = val
			}
			return nil
		}
		rs.add(r)
		if len(r["id"]) > 9 {
			if seq, err := strconv.ParseInt(r["id"][len(r["id"])-9:], 10, 64); err == nil {
				rs.seq = max(rs.seq, seq)
			}
		}
		sortRecords(rs.list)
		return nil
	})
}
