package sandbox

import (
	"triage/api"
)

// The field catalog: every field an item of a kind carries in a workspace,
// with how it is described (get_fields_info), filtered (lists) and written.
// One table drives all three, so they cannot disagree.

// matchMode says how a list filter compares a field's value with the
// alternatives of the query (a|b).
type matchMode int

const (
	matchExact    matchMode = iota // the value is one of the alternatives
	matchID                        // ids, listed with "," or "|"
	matchPeople                    // nicks joined by ";": one of them is an alternative
	matchMulti                     // values joined by "|": one of them is an alternative
	matchText                      // contains one of the alternatives, ignoring case
	matchTime                      // date prefix, range a~b, or >=, <=, >, < bounds
	matchPriority                  // the effective priority (see priorityRule)
)

// fieldSpec is one field of a kind in a workspace.
type fieldSpec struct {
	name     string
	label    string
	htmlType string
	options  api.Options
	colors   []api.ColorOption
	pure     bool // repeat options as pure_options
	readonly bool // the service sets it; writes are ignored
	// createOnly fields (creator, reporter) may be written when an item is
	// created and are ignored on update.
	createOnly bool
	// strict fields take only the values of their options.
	strict bool
	// nullable fields hold null rather than "" when unset.
	nullable bool
	match    matchMode
}

// text is a label in the two locales the sandbox speaks.
type text struct{ en, zh string }

func (t text) in(locale string) string {
	if locale == "zh" && t.zh != "" {
		return t.zh
	}
	return t.en
}

// choice is one option of a built-in select field.
type choice struct {
	value string
	label text
}

var (
	storyStatuses = []choice{
		{"planning", text{"Planning", "规划中"}},
		{"developing", text{"Developing", "实现中"}},
		{"resolved", text{"Resolved", "已实现"}},
		{"rejected", text{"Rejected", "已拒绝"}},
	}
	bugStatuses = []choice{
		{"new", text{"New", "新"}},
		{"in_progress", text{"In progress", "接受/处理"}},
		{"resolved", text{"Resolved", "已解决"}},
		{"verified", text{"Verified", "已验证"}},
		{"closed", text{"Closed", "已关闭"}},
		{"reopened", text{"Reopened", "重新打开"}},
		{"rejected", text{"Rejected", "已拒绝"}},
	}
	taskStatuses = []choice{
		{"open", text{"Open", "未开始"}},
		{"progressing", text{"In progress", "进行中"}},
		{"done", text{"Done", "已完成"}},
	}
	severities = []choice{
		{"fatal", text{"Fatal", "致命"}},
		{"serious", text{"Serious", "严重"}},
		{"normal", text{"Normal", "一般"}},
		{"prompt", text{"Prompt", "提示"}},
		{"advice", text{"Advice", "建议"}},
	}
)

// statuses are the workflow states of a kind, the first being a new item's.
func statuses(k api.Kind) []choice {
	switch k {
	case api.Bug:
		return bugStatuses
	case api.Task:
		return taskStatuses
	}
	return storyStatuses
}

func choiceOptions(cs []choice, locale string) api.Options {
	pairs := make([]api.Option, len(cs))
	for i, c := range cs {
		pairs[i] = api.Option{Value: c.value, Label: c.label.in(locale)}
	}
	return api.Options{Pairs: pairs}
}

// noOptions is the empty list the service sends for fields without options.
var noOptions = api.Options{Cascade: true}

// catalog lists the fields of kind k in workspace ws: the typed fields of
// api.Item in their wire order, then the kind's extra fields, then the
// workspace's custom fields.
func catalog(ws *Workspace, k api.Kind) []fieldSpec {
	loc := ws.Locale
	people := func(name string, label text) fieldSpec {
		return fieldSpec{name: name, label: label.in(loc), htmlType: "user_chooser", options: noOptions, match: matchPeople}
	}
	date := func(name string, label text) fieldSpec {
		return fieldSpec{name: name, label: label.in(loc), htmlType: "date", options: noOptions, nullable: true, match: matchTime}
	}
	input := func(name string, label text) fieldSpec {
		return fieldSpec{name: name, label: label.in(loc), htmlType: "input", options: noOptions}
	}
	label, legacy := priorityFields(ws, k)
	title := input(k.TitleField(), text{"Title", "标题"})
	title.match = matchText
	creator := people(k.CreatorField(), text{"Creator", "创建人"})
	creator.createOnly = true
	specs := []fieldSpec{
		{name: "id", label: "ID", htmlType: "input", options: noOptions, readonly: true, match: matchID},
		title,
		{name: "workspace_id", label: text{"Workspace", "项目"}.in(loc), htmlType: "input", options: noOptions, readonly: true},
		legacy,
		label,
		{name: "status", label: text{"Status", "状态"}.in(loc), htmlType: "select", options: choiceOptions(statuses(k), loc), strict: true},
		people(k.OwnerField(), text{"Owner", "处理人"}),
		creator,
		{name: "created", label: text{"Created", "创建时间"}.in(loc), htmlType: "datetime", options: noOptions, readonly: true, match: matchTime},
		{name: "modified", label: text{"Modified", "最后修改时间"}.in(loc), htmlType: "datetime", options: noOptions, readonly: true, match: matchTime},
		{name: "iteration_id", label: text{"Iteration", "迭代"}.in(loc), htmlType: "select", options: noOptions},
		{name: "label", label: text{"Labels", "标签"}.in(loc), htmlType: "input", options: noOptions, match: matchMulti},
	}
	switch k {
	case api.Bug:
		specs = append(specs, fieldSpec{name: "severity", label: text{"Severity", "严重程度"}.in(loc), htmlType: "select",
			options: choiceOptions(severities, loc), strict: true})
	case api.Task:
		specs = append(specs, input("story_id", text{"Story", "需求"}))
	}
	desc := fieldSpec{name: "description", label: text{"Description", "详细描述"}.in(loc), htmlType: "rich_edit", options: noOptions, match: matchText}
	specs = append(specs, desc)
	module := fieldSpec{name: "module", label: text{"Module", "模块"}.in(loc), htmlType: "cascade",
		options: api.Options{Tree: ws.Modules, Cascade: true}}
	modifier := people("modifier", text{"Last modified by", "最后修改人"})
	modifier.readonly = true
	switch k {
	case api.Story:
		specs = append(specs, module, date("begin", text{"Begin", "预计开始"}), date("due", text{"Due", "预计结束"}),
			people("cc", text{"CC", "抄送人"}), modifier)
	case api.Bug:
		modifier.name = "lastmodify"
		specs = append(specs, module, people("fixer", text{"Fixer", "修复人"}), date("deadline", text{"Deadline", "解决期限"}), modifier)
	case api.Task:
		specs = append(specs, date("begin", text{"Begin", "预计开始"}), date("due", text{"Due", "预计结束"}),
			input("effort", text{"Effort (hours)", "预估工时"}), input("progress", text{"Progress", "进度"}), modifier)
	}
	for _, f := range ws.Fields[k.String()] {
		specs = append(specs, customSpec(f))
	}
	return specs
}

// customSpec describes a custom field: a select takes only its options.
func customSpec(f FieldDef) fieldSpec {
	spec := fieldSpec{name: f.Name, label: f.Label, htmlType: f.HTMLType, options: noOptions}
	if len(f.Options) > 0 {
		pairs := make([]api.Option, len(f.Options))
		for i, o := range f.Options {
			pairs[i] = api.Option{Value: o, Label: o}
		}
		spec.options = api.Options{Pairs: pairs}
		spec.strict = f.HTMLType == "select"
	}
	return spec
}

// lookup finds a field of the catalog by name.
func lookup(specs []fieldSpec, name string) (*fieldSpec, bool) {
	for i := range specs {
		if specs[i].name == name {
			return &specs[i], true
		}
	}
	return nil, false
}

// allows reports whether a strict field takes value.
func (f *fieldSpec) allows(value string) bool {
	for _, o := range f.options.Pairs {
		if o.Value == value {
			return true
		}
	}
	return false
}

// optionValues lists the values of a field's options, for error messages.
func (f *fieldSpec) optionValues() []string {
	out := make([]string, len(f.options.Pairs))
	for i, o := range f.options.Pairs {
		out[i] = o.Value
	}
	return out
}
