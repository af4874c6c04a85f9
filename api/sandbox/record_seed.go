package sandbox

import (
	"slices"
	"strconv"
	"time"

	"triage/api"
)

// seedCatalogRecords makes the seeded records of record_kinds.go for every
// workspace: its two release plans (the ones its iterations name), a label
// pool entry per label its items carry, a module per top module, two
// versions, a feature, story categories, a story template, a removed
// story, its workflows, timesheets on its first tasks, test cases, a test
// plan, a wiki page, an attachment on its first story and on each of its
// first three bugs (attachments.go makes their files), and its iteration
// type and custom field. Called after seedRecords, on every start, so the
// stored records written through the API lay over them.
func (w *world) seedCatalogRecords() {
	for _, ws := range w.Workspaces {
		w.seedWorkspaceRecords(ws)
	}
}

// seedWorkspaceRecords makes the catalog records of one workspace.
func (w *world) seedWorkspaceRecords(ws *Workspace) {
	wsID := strconv.FormatInt(ws.ID, 10)
	nick := w.memberNicks(ws)[0]
	in := func(en, zh string) string { return text{en, zh}.in(ws.Locale) }
	add := func(k recordKind, r record) record {
		rs := w.recordSetOf(ws.ID, k)
		if r["id"] == "" {
			r["id"] = rs.nextID(ws.ID)
		}
		if slices.Contains(k.fields, "workspace_id") {
			r["workspace_id"] = wsID
		}
		return rs.add(r)
	}

	its := w.recordSetOf(ws.ID, iterationKind).list
	for i, o := range releaseOptions(ws).Pairs {
		r := record{"id": o.Value, "name": o.Label, "description": "", "creator": nick, "created": seedEpoch, "modified": seedEpoch, "status": "open"}
		for _, it := range its {
			if it["release_id"] != o.Value {
				continue
			}
			if r["startdate"] == "" || it["startdate"] < r["startdate"] {
				r["startdate"] = it["startdate"]
			}
			r["enddate"] = max(r["enddate"], it["enddate"])
		}
		add(releaseKind, r)
		w.recordSetOf(ws.ID, releaseKind).seq = int64(i + 1)
	}
	for _, l := range ws.Labels {
		add(labelKind, record{"name": l, "color": "1", "color_value": "#2FB280", "creator": nick, "modifier": "", "created": seedEpoch, "modified": seedEpoch})
	}
	var firstModule string
	for _, m := range ws.Modules {
		r := add(moduleKind, record{"name": m.Name, "description": "", "owner": nick, "created": seedEpoch})
		if firstModule == "" {
			firstModule = r["id"]
		}
	}
	for i, name := range []string{"1.0", "1.1"} {
		status := "Unclosed"
		if i == 0 {
			status = "Closed"
		}
		add(versionKind, record{"name": name, "created": seedEpoch, "completed": strconv.Itoa(1 - i), "default": "0", "status": status, "creator": nick})
	}
	add(featureKind, record{"name": in("Sign-in", "登录"), "description": "", "created": seedEpoch, "owner": nick, "completed": "0", "default": "0",
		"module_id": firstModule, "release_id": releaseID(ws, 0), "release_name": releaseOptions(ws).Pairs[0].Label, "priority": "0",
		"estimate": "0", "estimate_completed": "0", "modified": seedEpoch})
	add(categoryKind, record{"id": "-1", "name": in("Uncategorized", "未分类"), "description": in("Uncategorized", "未分类"), "parent_id": "0",
		"created": seedEpoch, "modified": seedEpoch, "modifier": nick})
	add(categoryKind, record{"name": in("Product", "产品需求"), "description": in("Product stories", "产品需求"), "parent_id": "0",
		"created": seedEpoch, "modified": seedEpoch, "modifier": nick})
	add(templateKind, record{"name": in("System default template", "系统默认模板"), "description": "", "sort": "1", "default": "1", "creator": "SYSTEM", "editor_type": "1"})
	removed := w.recordSetOf(ws.ID, removedStoryKind)
	removed.add(record{"id": newID(ws.ID, 900000001), "name": in("Duplicate of the sign-in story", "重复的登录需求"), "creator": nick,
		"created": seedEpoch, "operation_user": nick, "deleted": "2025-09-02 10:00:00", "is_archived": "0"})
	for _, system := range []string{"story", "bugtrace"} {
		add(workflowKind, record{"name": "system workflow", "description": in("Default workflow", "系统默认工作流"), "system_name": system,
			"is_default": "1", "created": seedEpoch, "creator": "", "modified": seedEpoch, "modifier": nick, "type": "classic"})
	}
	for i, it := range firstItems(w.readItems(ws, api.Task), 2) {
		day := it.Created
		if len(day) >= len(time.DateOnly) {
			day = day[:len(time.DateOnly)]
		}
		add(timesheetKind, record{"entity_type": "task", "entity_id": it.ID, "timespent": strconv.Itoa(2 + i), "spentdate": day,
			"owner": nick, "created": it.Created, "modified": it.Created, "memo": in("Worked on it", "处理中"), "is_delete": "0"})
	}
	for i, name := range []string{in("Sign in with a password", "密码登录"), in("Sign in twice", "重复登录")} {
		add(tcaseKind, record{"steps": in("1. Open the page 2. Sign in", "1. 打开页面 2. 登录"), "category_id": "-1", "created": seedEpoch,
			"modifier": nick, "modified": seedEpoch, "creator": nick, "status": "normal", "name": name,
			"precondition": in("A user exists", "用户已存在"), "expectation": in("The board opens", "进入看板"),
			"type": in("Functional", "功能测试"), "priority": []string{in("High", "高"), in("Middle", "中")}[i]})
	}
	add(testPlanKind, record{"name": in("Release 1.0 test plan", "1.0 版本测试计划"), "description": "", "version": "1.0", "owner": nick + ";",
		"status": "open", "type": "", "creator": nick, "created": seedEpoch, "modified": seedEpoch, "modifier": nick, "created_from": ""})
	add(wikiKind, record{"name": in("Team handbook", "团队手册"), "description": "", "markdown_description": in("# How we triage", "# 如何分诊"),
		"is_rich": "0", "parent_wiki_id": "0", "note": "", "view_count": "3", "created": seedEpoch, "creator": nick, "modified": seedEpoch, "modifier": nick})
	for _, it := range firstItems(w.readItems(ws, api.Story), 1) {
		add(attachmentKind, record{"type": "story", "entry_id": it.ID, "filename": "screenshot.png", "content_type": "image/png",
			"created": it.Created, "owner": nick})
	}
	members := w.memberNicks(ws)
	for i, it := range firstItems(w.readItems(ws, api.Bug), 3) {
		file := []struct{ name, contentType string }{
			{"screenshot.png", "image/png"}, {"console.log", "text/plain"}, {"after-fix.png", "image/png"},
		}[i]
		add(attachmentKind, record{"type": "bug", "entry_id": it.ID, "filename": file.name, "content_type": file.contentType,
			"created": it.Created, "owner": members[(i+1)%len(members)]})
	}
	add(iterationTypeKind, record{"entity_type": "iteration", "name": in("Iteration", "迭代"), "creator": "TAPD system", "created": seedEpoch, "modified": seedEpoch})
	add(iterationFieldKind, record{"entry_type": "iteration", "custom_field": "custom_field_1", "type": "text",
		"name": in("Goal", "迭代目标"), "enabled": "1", "sort": "1"})
}

// firstItems are the first n items of a set, fewer when it has fewer.
func firstItems(set *itemSet, n int) []api.Item {
	out := make([]api.Item, min(n, set.len()))
	for pos := range out {
		out[pos] = set.at(pos)
	}
	return out
}
