package sandbox

import (
	"strconv"

	"triage/api"
)

// The flat records TAPD lists around items besides iterations and comments:
// release plans, labels, modules, versions, features, story categories,
// story templates, removed stories, workflows, timesheets, test cases, test
// plans, wikis, attachments, relations, iteration types and iteration
// custom fields. Each is a recordKind (records.go) served at its TAPD path
// with a list and, where TAPD has one, a count and a write (record_write.go).
// Shapes: ENDPOINTS.md, one TAPD doc page each.

// recordSpec is how one kind of record is served.
type recordSpec struct {
	kind     recordKind
	count    bool     // GET path/count counts
	write    bool     // POST path creates (no id) or updates (id)
	required []string // what a creation must name
	creator  string   // the field a creation records its author in, "" for none
	keep     []string // fields an update does not change
	defaults record   // a creation's values for fields it does not name
	scope    api.Kind // the scope reading and writing need
}

// customFieldNames1to50 are the custom_field_1 … custom_field_50 that test
// cases and test plans carry, null when unset.
func customFieldNames1to50() []string {
	out := make([]string, 50)
	for i := range out {
		out[i] = "custom_field_" + strconv.Itoa(i+1)
	}
	return out
}

var (
	releaseKind = recordKind{wrapper: "Release",
		fields: []string{"id", "workspace_id", "name", "description", "startdate", "enddate", "creator", "created", "modified", "status"},
		times:  []string{"startdate", "enddate", "created", "modified"}, like: []string{"name"}}
	labelKind = recordKind{wrapper: "LabelPool",
		fields: []string{"id", "workspace_id", "name", "color", "creator", "modifier", "created", "modified", "color_value"},
		times:  []string{"created", "modified"}, like: []string{"name"}}
	moduleKind = recordKind{wrapper: "Module",
		fields: []string{"id", "name", "description", "owner", "created", "workspace_id"},
		times:  []string{"created"}, like: []string{"name"}}
	versionKind = recordKind{wrapper: "Version",
		fields: []string{"id", "name", "description", "created", "owner", "due", "completed", "default", "parent_id", "path",
			"module_id", "start", "realend", "testtime", "realbegin", "releasetime", "business_module", "version_type",
			"modifier", "modified_time", "status", "workspace_id", "creator"},
		times: []string{"created"}, like: []string{"name"}}
	featureKind = recordKind{wrapper: "Feature",
		fields: []string{"id", "name", "description", "created", "owner", "due", "completed", "default", "module_id",
			"release_id", "release_name", "priority", "estimate", "estimate_completed", "modified", "workspace_id"},
		times: []string{"created", "modified"}, like: []string{"name"}}
	categoryKind = recordKind{wrapper: "Category",
		fields: []string{"id", "workspace_id", "name", "description", "parent_id", "modified", "created", "creator", "modifier"},
		times:  []string{"created", "modified"}, like: []string{"name"}}
	templateKind = recordKind{wrapper: "WorkitemTemplate",
		fields: []string{"id", "name", "description", "sort", "default", "creator", "editor_type", "workspace_id"}}
	removedStoryKind = recordKind{wrapper: "RemovedStory",
		fields: []string{"id", "name", "creator", "created", "operation_user", "deleted", "is_archived"},
		times:  []string{"created", "deleted"}}
	workflowKind = recordKind{wrapper: "Workflow",
		fields: []string{"id", "workspace_id", "name", "description", "system_name", "is_default", "created", "creator", "modified", "modifier", "type"},
		times:  []string{"created", "modified"}}
	timesheetKind = recordKind{wrapper: "Timesheet",
		fields: []string{"id", "entity_type", "entity_id", "timespent", "spentdate", "owner", "created", "modified", "workspace_id", "memo", "is_delete"},
		times:  []string{"spentdate", "created", "modified"}}
	tcaseKind = recordKind{wrapper: "Tcase",
		fields: append([]string{"id", "steps", "workspace_id", "category_id", "created", "modifier", "modified", "creator",
			"status", "name", "precondition", "expectation", "type", "priority"}, customFieldNames1to50()...),
		times: []string{"created", "modified"}, like: []string{"name"}}
	testPlanKind = recordKind{wrapper: "TestPlan",
		fields: append([]string{"id", "workspace_id", "name", "description", "version", "owner", "status", "type",
			"start_date", "end_date", "creator", "created", "modified", "modifier", "created_from"}, customFieldNames1to50()...),
		times: []string{"start_date", "end_date", "created", "modified"}, like: []string{"name"}}
	wikiKind = recordKind{wrapper: "Wiki",
		fields: []string{"id", "name", "workspace_id", "description", "markdown_description", "is_rich", "parent_wiki_id",
			"note", "view_count", "created", "creator", "modified", "modifier"},
		times: []string{"created", "modified"}, like: []string{"name"}}
	attachmentKind = recordKind{wrapper: "Attachment",
		fields: []string{"id", "type", "entry_id", "filename", "content_type", "created", "workspace_id", "owner"},
		times:  []string{"created"}}
	relationKind = recordKind{wrapper: "Relation",
		fields: []string{"id", "workspace_id", "source_type", "source_id", "target_type", "target_id", "modified", "created"},
		times:  []string{"created", "modified"}}
	iterationTypeKind = recordKind{wrapper: "WorkitemType",
		fields: []string{"id", "workspace_id", "entity_type", "name", "creator", "created", "modified"}}
	iterationFieldKind = recordKind{wrapper: "CustomFieldConfig",
		fields: []string{"id", "workspace_id", "entry_type", "custom_field", "type", "name", "options", "enabled", "sort", "memo"}}
)

// The record kinds served at their TAPD paths (routes.go): each one's
// scope, whether it has a count and a write, and what a write needs.
var (
	releaseRecords = recordSpec{kind: releaseKind, count: true, scope: api.Story}
	labelRecords   = recordSpec{kind: labelKind, count: true, write: true, required: []string{"name"}, creator: "creator", keep: []string{"name"},
		defaults: record{"color": "1", "color_value": "#2FB280", "modifier": ""}, scope: api.Story}
	moduleRecords = recordSpec{kind: moduleKind, count: true, write: true, required: []string{"name"}, creator: "owner",
		defaults: record{"description": ""}, scope: api.Story}
	versionRecords = recordSpec{kind: versionKind, count: true, write: true, required: []string{"name"}, creator: "creator",
		defaults: record{"completed": "0", "default": "0", "status": "Unclosed"}, scope: api.Story}
	featureRecords = recordSpec{kind: featureKind, count: true, write: true, required: []string{"name"}, creator: "owner",
		defaults: record{"description": "", "completed": "0", "default": "0", "module_id": "0", "release_id": "0",
			"release_name": "", "priority": "0", "estimate": "0", "estimate_completed": "0"}, scope: api.Story}
	categoryRecords = recordSpec{kind: categoryKind, count: true, write: true, required: []string{"name"}, creator: "creator",
		defaults: record{"description": "", "parent_id": "0"}, scope: api.Story}
	templateRecords     = recordSpec{kind: templateKind, scope: api.Story}
	removedStoryRecords = recordSpec{kind: removedStoryKind, scope: api.Story}
	workflowRecords     = recordSpec{kind: workflowKind, scope: api.Story}
	timesheetRecords    = recordSpec{kind: timesheetKind, count: true, write: true,
		required: []string{"entity_type", "entity_id", "timespent", "owner"}, defaults: record{"is_delete": "0"}, scope: api.Task}
	tcaseRecords = recordSpec{kind: tcaseKind, count: true, write: true, required: []string{"name"}, creator: "creator",
		defaults: record{"category_id": "-1", "status": "normal", "type": "", "priority": ""}, scope: api.Story}
	testPlanRecords = recordSpec{kind: testPlanKind, count: true, write: true, required: []string{"name", "creator"},
		defaults: record{"description": "", "version": "", "owner": "", "status": "open", "type": "", "created_from": ""}, scope: api.Story}
	wikiRecords = recordSpec{kind: wikiKind, count: true, write: true, required: []string{"name", "creator"}, creator: "creator",
		defaults: record{"description": "", "markdown_description": "", "is_rich": "0", "parent_wiki_id": "0", "note": "", "view_count": "0"},
		scope:    api.Story}
	attachmentRecords = recordSpec{kind: attachmentKind, count: true, scope: api.Story}
	// relationRecords are the relations between items, written with POST
	// /relations and /stories/add_story_link_relations (relations.go).
	relationRecords = recordSpec{kind: relationKind, write: true,
		required: []string{"source_type", "source_id", "target_type", "target_id"}, scope: api.Story}
	iterationTypeRecords  = recordSpec{kind: iterationTypeKind, scope: api.Story}
	iterationFieldRecords = recordSpec{kind: iterationFieldKind, scope: api.Story}
)

// recordSpecs are the record kinds served besides iterations and comments.
var recordSpecs = []recordSpec{
	releaseRecords, labelRecords, moduleRecords, versionRecords, featureRecords, categoryRecords, templateRecords,
	removedStoryRecords, workflowRecords, timesheetRecords, tcaseRecords, testPlanRecords, wikiRecords, attachmentRecords,
	relationRecords, iterationTypeRecords, iterationFieldRecords,
}

// recordKindByWrapper finds the kind of stored records by their wrapper.
func recordKindByWrapper(wrapper string) (recordKind, bool) {
	for _, k := range []recordKind{iterationKind, commentKind} {
		if k.wrapper == wrapper {
			return k, true
		}
	}
	for _, spec := range recordSpecs {
		if spec.kind.wrapper == wrapper {
			return spec.kind, true
		}
	}
	return recordKind{}, false
}

// readRecordSet returns the records of a kind in a workspace for readers,
// who hold only the read lock: an empty set that is not stored when none.
func (w *world) readRecordSet(ws int64, k recordKind) *recordSet {
	if rs, ok := w.Records[recordKey{ws, k.wrapper}]; ok {
		return rs
	}
	return &recordSet{}
}
