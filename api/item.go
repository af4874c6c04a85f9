package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// Item is a story, bug or task. The fields the app uses are typed; every other
// field the service sends is kept as sent in Extra, so nothing is dropped on a
// round trip. Ids stay strings end to end: they pass JavaScript's safe integers.
type Item struct {
	Kind          Kind
	ID            string
	WorkspaceID   string
	Title         string // "name" of stories and tasks, "title" of bugs
	Priority      string // legacy priority, converted by the service
	PriorityLabel string
	Status        string
	Owner         string // "owner", or "current_owner" of bugs
	Creator       string // "creator", or "reporter" of bugs
	Created       string
	Modified      string
	IterationID   string
	Label         string
	Severity      string // bugs
	StoryID       string // tasks
	Description   string
	Extra         map[string]json.RawMessage
}

// itemField binds a wire field name to a typed field of Item.
type itemField struct {
	name string
	ptr  func(*Item) *string
}

// commonFields are the typed fields named the same in every kind.
var commonFields = [...]itemField{
	{"id", func(it *Item) *string { return &it.ID }},
	{"workspace_id", func(it *Item) *string { return &it.WorkspaceID }},
	{"priority", func(it *Item) *string { return &it.Priority }},
	{"priority_label", func(it *Item) *string { return &it.PriorityLabel }},
	{"status", func(it *Item) *string { return &it.Status }},
	{"created", func(it *Item) *string { return &it.Created }},
	{"modified", func(it *Item) *string { return &it.Modified }},
	{"iteration_id", func(it *Item) *string { return &it.IterationID }},
	{"label", func(it *Item) *string { return &it.Label }},
	{"description", func(it *Item) *string { return &it.Description }},
}

// field returns the typed field behind a wire name for this item's kind, or nil.
func (it *Item) field(name string) *string {
	switch name {
	case it.Kind.TitleField():
		return &it.Title
	case it.Kind.OwnerField():
		return &it.Owner
	case it.Kind.CreatorField():
		return &it.Creator
	case "severity":
		if it.Kind == Bug {
			return &it.Severity
		}
	case "story_id":
		if it.Kind == Task {
			return &it.StoryID
		}
	}
	for _, f := range commonFields {
		if f.name == name {
			return f.ptr(it)
		}
	}
	return nil
}

// typedNames lists the wire names of the typed fields of a kind, in the order
// they are written.
func typedNames(k Kind) []string {
	names := []string{"id", k.TitleField(), "workspace_id", "priority", "priority_label", "status",
		k.OwnerField(), k.CreatorField(), "created", "modified", "iteration_id", "label"}
	switch k {
	case Bug:
		names = append(names, "severity")
	case Task:
		names = append(names, "story_id")
	}
	return append(names, "description")
}

// Get returns the value of a wire field as text, and whether the item has it.
// Extra fields that are not scalars are returned as their JSON.
func (it *Item) Get(name string) (string, bool) {
	if p := it.field(name); p != nil {
		return *p, true
	}
	raw, ok := it.Extra[name]
	if !ok {
		return "", false
	}
	if s, err := flexText(raw); err == nil {
		return s, true
	}
	return string(raw), true
}

// Set stores a wire field as text: a typed field directly, any other as a JSON
// string in Extra.
func (it *Item) Set(name, value string) {
	if p := it.field(name); p != nil {
		*p = value
		return
	}
	if it.Extra == nil {
		it.Extra = make(map[string]json.RawMessage)
	}
	raw, _ := json.Marshal(value)
	it.Extra[name] = raw
}

// FieldNames lists every wire field the item carries: typed ones first, then the
// extra ones sorted.
func (it *Item) FieldNames() []string {
	names := typedNames(it.Kind)
	extra := make([]string, 0, len(it.Extra))
	for k := range it.Extra {
		extra = append(extra, k)
	}
	sort.Strings(extra)
	return append(names, extra...)
}

// UnmarshalJSON reads an item object; the Kind must be set beforehand (the
// wrapper key tells it, see DecodeItems). Values may be strings, numbers or null.
func (it *Item) UnmarshalJSON(b []byte) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return fmt.Errorf("%s: %w", it.Kind, err)
	}
	if fields == nil {
		return fmt.Errorf("%s: expected an object, got null", it.Kind)
	}
	for name, raw := range fields {
		p := it.field(name)
		if p == nil {
			if it.Extra == nil {
				it.Extra = make(map[string]json.RawMessage)
			}
			it.Extra[name] = raw
			continue
		}
		v, err := flexText(raw)
		if err != nil {
			return fmt.Errorf("%s field %s: %w", it.Kind, name, err)
		}
		*p = v
	}
	return nil
}

// MarshalJSON writes the item with its kind's wire names, typed fields first.
func (it Item) MarshalJSON() ([]byte, error) {
	return it.MarshalFields(nil)
}

// MarshalFields writes only the named fields (all when names is empty), in the
// item's field order. Unknown names are skipped.
func (it Item) MarshalFields(names []string) ([]byte, error) {
	var want map[string]bool
	if len(names) > 0 {
		want = make(map[string]bool, len(names))
		for _, n := range names {
			want[n] = true
		}
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	write := func(name string, raw []byte) {
		if !first {
			buf.WriteByte(',')
		}
		first = false
		key, _ := json.Marshal(name)
		buf.Write(key)
		buf.WriteByte(':')
		buf.Write(raw)
	}
	for _, name := range it.FieldNames() {
		if want != nil && !want[name] {
			continue
		}
		if p := it.field(name); p != nil {
			raw, err := json.Marshal(*p)
			if err != nil {
				return nil, err
			}
			write(name, raw)
			continue
		}
		write(name, it.Extra[name])
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// ShortID is the id without its kind and workspace prefix: the trailing
// sequence number with its leading zeros removed, as people quote it.
func (it *Item) ShortID() string {
	id := it.ID
	if len(id) > 9 {
		id = id[len(id)-9:]
	}
	for len(id) > 1 && id[0] == '0' {
		id = id[1:]
	}
	return id
}

// DisplayPriority is the priority to show: priority_label if set, else the
// legacy map of the item's kind, else the raw legacy string.
func (it *Item) DisplayPriority() string {
	return DisplayPriority(it.Kind, it.PriorityLabel, it.Priority)
}

// WebURL is the address of the item in the web app at web (no trailing slash).
func (it *Item) WebURL(web string) string {
	return fmt.Sprintf("%s/%s/%s/%s", web, it.WorkspaceID, it.Kind.WebPath(), it.ID)
}

// DecodeItems reads the data of a list response: an array of one-key objects
// such as [{"Story":{...}}]. An empty result may come as [] or {}.
func DecodeItems(kind Kind, data json.RawMessage) ([]Item, error) {
	data = bytes.TrimSpace(data)
	if string(data) == "{}" || string(data) == "null" {
		return nil, nil
	}
	if len(data) == 0 || data[0] != '[' {
		return nil, fmt.Errorf("expected a list of %s, got %s", kind.Path(), describeJSON(data))
	}
	var wrapped []json.RawMessage
	if err := json.Unmarshal(data, &wrapped); err != nil {
		return nil, fmt.Errorf("list of %s: %w", kind.Path(), err)
	}
	items := make([]Item, len(wrapped))
	for i, w := range wrapped {
		if err := decodeWrapped(kind, w, &items[i]); err != nil {
			return nil, fmt.Errorf("%s %d of %d: %w", kind, i+1, len(wrapped), err)
		}
	}
	return items, nil
}

// DecodeItem reads the data of a write response: one item wrapped once, {"Story":{...}}.
func DecodeItem(kind Kind, data json.RawMessage) (Item, error) {
	var it Item
	err := decodeWrapped(kind, data, &it)
	return it, err
}

func decodeWrapped(kind Kind, raw json.RawMessage, it *Item) error {
	var w map[string]json.RawMessage
	if err := json.Unmarshal(raw, &w); err != nil {
		return fmt.Errorf("expected {%q:{...}}, got %s", kind.Wrapper(), describeJSON(raw))
	}
	inner, ok := w[kind.Wrapper()]
	if !ok {
		return fmt.Errorf("expected {%q:{...}}", kind.Wrapper())
	}
	it.Kind = kind
	return it.UnmarshalJSON(inner)
}

// WrapItem is the wire form of one item in responses: {"Story":{...}}, with only
// the named fields when names is not empty.
func WrapItem(it Item, names []string) (json.RawMessage, error) {
	inner, err := it.MarshalFields(names)
	if err != nil {
		return nil, err
	}
	key, _ := json.Marshal(it.Kind.Wrapper())
	out := make([]byte, 0, len(inner)+len(key)+3)
	out = append(out, '{')
	out = append(out, key...)
	out = append(out, ':')
	out = append(out, inner...)
	return append(out, '}'), nil
}
