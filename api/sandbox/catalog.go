package sandbox

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"triage/api"
)

// The field catalog: every field an item of a kind carries in a workspace,
// with how it is described (get_fields_info), filtered (lists), written
// (writes) and put on the wire (wire.go), in the service's order. One table
// drives all four, so they cannot disagree.

// matchMode says how a list filter compares a field's value with the
// alternatives of the query (a|b).
type matchMode int

const (
	matchExact    matchMode = iota // the value is one of the alternatives
	matchID                        // ids, listed with "," or "|"
	matchPeople                    // nicks joined by ";": one of them is an alternative
	matchMulti                     // values joined by "|": one of them is an alternative
	matchText                      // a like query: the value, "%" a wildcard, anywhere in the text, ignoring case
	matchTime                      // a day or time, range a~b, or inclusive >, < bounds
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
	// typed fields are held in the typed fields of api.Item.
	typed bool
	// derive fields are computed from the item (see deriveRule).
	derive deriveRule
	// unset is the JSON written for an item that holds no value (null, "",
	// "0"...), and unsetText its text for filters and order.
	unset     json.RawMessage
	unsetText string
	// unlisted fields are custom fields the workspace has not configured:
	// items carry them (null or empty), get_fields_info does not describe
	// them and writes ignore them.
	unlisted bool
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

// catalog lists the fields of kind k in workspace ws in the order the
// service writes them: the system fields (catalog_table.go), then the custom
// fields of the kind (customNamesOf) as the workspace configured them, then
// configured custom fields of other names.
func catalog(ws *Workspace, k api.Kind) []fieldSpec {
	rows := systemFields(k)
	configured := ws.Fields[k.String()]
	custom := customNamesOf(k)
	specs := make([]fieldSpec, 0, len(rows)+len(custom)+len(configured))
	typed := api.TypedFields(k)
	for _, r := range rows {
		spec := systemSpec(ws, k, r)
		spec.typed = slices.Contains(typed, r.name)
		specs = append(specs, spec)
	}
	for _, name := range custom {
		i := slices.IndexFunc(configured, func(f FieldDef) bool { return f.Name == name })
		if i < 0 {
			specs = append(specs, unlistedSpec(name))
			continue
		}
		specs = append(specs, customSpec(configured[i]))
	}
	for _, f := range configured {
		if !slices.Contains(custom, f.Name) {
			specs = append(specs, customSpec(f))
		}
	}
	return specs
}

// systemSpec is the spec of a row of the system fields in ws.
func systemSpec(ws *Workspace, k api.Kind, r systemField) fieldSpec {
	spec := fieldSpec{
		name: r.name, label: r.label.in(ws.Locale), htmlType: r.html, options: noOptions,
		readonly: r.flags&readOnly != 0, createOnly: r.flags&createOnly != 0, derive: r.derive, match: r.match,
	}
	if spec.match == byType {
		spec.match = matchFor(r.html)
	}
	spec.setUnset(json.RawMessage(r.unset))
	switch r.source {
	case fromStatuses:
		spec.options, spec.strict = choiceOptions(statuses(k), ws.Locale), true
	case fromSeverities:
		spec.options, spec.strict = choiceOptions(severities, ws.Locale), true
	case fromModules:
		spec.options = api.Options{Tree: ws.Modules, Cascade: true}
	case fromPriorityLabel:
		spec.options, spec.colors = priorityOptions(ws, k, false)
		spec.pure, spec.match = true, matchPriority
	case fromPriority:
		var colors []api.ColorOption
		spec.options, colors = priorityOptions(ws, k, true)
		if k == api.Bug {
			spec.colors = colors // bugs' legacy words carry colours as priority_label does
		}
		spec.match = matchPriority
	}
	return spec
}

// matchFor is how filters compare a field of an html type.
func matchFor(htmlType string) matchMode {
	switch htmlType {
	case "user_chooser":
		return matchPeople
	case "date", "datetime":
		return matchTime
	case "rich_edit":
		return matchText
	}
	return matchExact
}

// customNames are the custom fields every story and task carries,
// configured or not; bugCustomNames those of bugs, which TAPD numbers
// differently: five named columns, then custom_field_6 … custom_field_150.
var (
	customNames    = customFieldNames(8, 50)
	bugCustomNames = customFieldNames(5, 150)
)

// customFieldNames lists named custom fields up to the named-th, numbered
// ones after them up to last, then the custom plan fields.
func customFieldNames(named, last int) []string {
	words := []string{"one", "two", "three", "four", "five", "six", "seven", "eight"}
	var names []string
	for _, w := range words[:named] {
		names = append(names, "custom_field_"+w)
	}
	for n := named + 1; n <= last; n++ {
		names = append(names, "custom_field_"+strconv.Itoa(n))
	}
	for n := 1; n <= 10; n++ {
		names = append(names, "custom_plan_field_"+strconv.Itoa(n))
	}
	return names
}

// customNamesOf are the custom fields items of kind k carry.
func customNamesOf(k api.Kind) []string {
	if k == api.Bug {
		return bugCustomNames
	}
	return customNames
}

// customUnset is the value of a custom field an item never had: "" for the
// named ones (older text columns), null for the numbered ones.
func customUnset(name string) json.RawMessage {
	suffix := strings.TrimPrefix(name, "custom_field_")
	if suffix != name && !isDigits(suffix) {
		return json.RawMessage(`""`)
	}
	return json.RawMessage(`null`)
}

// unlistedSpec is a custom field the workspace has not configured.
func unlistedSpec(name string) fieldSpec {
	spec := fieldSpec{name: name, label: name, htmlType: "input", options: noOptions, unlisted: true, readonly: true}
	spec.setUnset(customUnset(name))
	return spec
}

// customSpec describes a configured custom field: a select takes only its options.
func customSpec(f FieldDef) fieldSpec {
	spec := fieldSpec{name: f.Name, label: f.Label, htmlType: f.HTMLType, options: noOptions, match: matchFor(f.HTMLType)}
	spec.setUnset(customUnset(f.Name))
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

// setUnset sets the value of an item that holds none, and its text.
func (f *fieldSpec) setUnset(raw json.RawMessage) {
	f.unset = raw
	f.unsetText = ""
	if len(raw) >= 2 && raw[0] == '"' {
		f.unsetText = string(raw[1 : len(raw)-1])
	}
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
