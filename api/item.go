package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
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

// Texts are the item's typed text fields, in the order the item cache
// stores them: a new field goes at the end (the cache rebuilds an entry
// stored with another number of texts). Every copy of an item field by
// field (the cache, an answer laid over a card) goes through it.
func (it *Item) Texts() [15]*string {
	return [15]*string{&it.ID, &it.WorkspaceID, &it.Title, &it.Priority, &it.PriorityLabel, &it.Status,
		&it.Owner, &it.Creator, &it.Created, &it.Modified, &it.IterationID, &it.Label, &it.Severity,
		&it.StoryID, &it.Description}
}

// field returns the typed field behind a wire name for this item's kind, or
// nil. It is a switch, as it runs for every field of every item read.
func (it *Item) field(name string) *string {
	switch name {
	case "id":
		return &it.ID
	case "workspace_id":
		return &it.WorkspaceID
	case "priority":
		return &it.Priority
	case "priority_label":
		return &it.PriorityLabel
	case "status":
		return &it.Status
	case "created":
		return &it.Created
	case "modified":
		return &it.Modified
	case "iteration_id":
		return &it.IterationID
	case "label":
		return &it.Label
	case "description":
		return &it.Description
	case "name", "title":
		if name == it.Kind.TitleField() {
			return &it.Title
		}
	case "owner", "current_owner":
		if name == it.Kind.OwnerField() {
			return &it.Owner
		}
	case "creator", "reporter":
		if name == it.Kind.CreatorField() {
			return &it.Creator
		}
	case "severity":
		if it.Kind == Bug {
			return &it.Severity
		}
	case "story_id":
		if it.Kind == Task {
			return &it.StoryID
		}
	}
	return nil
}

// TypedFields lists the wire names of the fields of a kind that Item holds
// in typed fields, in the order they are written; every other field is kept
// in Extra.
func TypedFields(k Kind) []string { return slices.Clone(typedFields(k)) }

// kindTypedFields are the typed fields of each kind, built once: they are
// looked at for every item written.
var kindTypedFields = [...][]string{Story: typedFieldsOf(Story), Bug: typedFieldsOf(Bug), Task: typedFieldsOf(Task)}

// typedFields is TypedFields without the copy; the caller must not change it.
func typedFields(k Kind) []string {
	if k >= 0 && int(k) < len(kindTypedFields) {
		return kindTypedFields[k]
	}
	return typedFieldsOf(k)
}

func typedFieldsOf(k Kind) []string {
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
// string in a copy of Extra (items read together share their Extra).
func (it *Item) Set(name, value string) {
	if p := it.field(name); p != nil {
		*p = value
		return
	}
	extra := make(map[string]json.RawMessage, len(it.Extra)+1)
	maps.Copy(extra, it.Extra)
	extra[name] = AppendJSONString(nil, value)
	it.Extra = extra
}

// FieldNames lists every wire field the item carries: typed ones first, then the
// extra ones sorted.
func (it *Item) FieldNames() []string {
	names := TypedFields(it.Kind)
	extra := make([]string, 0, len(it.Extra))
	for k := range it.Extra {
		extra = append(extra, k)
	}
	slices.Sort(extra)
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
// item's field order (see FieldNames). Unknown names are skipped. An extra
// field with no JSON at all is written as null. It never fails.
func (it Item) MarshalFields(names []string) ([]byte, error) {
	if len(names) == 0 {
		names = nil
	}
	return it.appendFields(nil, names), nil
}

// appendFields appends the item as a JSON object, as MarshalFields writes it.
// Strings are written by AppendJSONString, extra fields as they are held.
func (it *Item) appendFields(dst []byte, names []string) []byte {
	typed := typedFields(it.Kind)
	extra := it.extraFields(names)
	size := 2
	for _, name := range typed {
		if names == nil || slices.Contains(names, name) {
			size += len(name) + len(*it.field(name)) + 6
		}
	}
	for _, f := range extra {
		size += len(f.name) + len(f.raw) + 4
	}
	if dst == nil {
		dst = make([]byte, 0, size)
	}
	dst = append(dst, '{')
	n := 0
	for _, name := range typed {
		if names == nil || slices.Contains(names, name) {
			dst = appendKey(dst, name, n)
			dst = AppendJSONString(dst, *it.field(name))
			n++
		}
	}
	for _, f := range extra {
		dst = appendKey(dst, f.name, n)
		if len(f.raw) > 0 {
			dst = append(dst, f.raw...)
		} else {
			dst = append(dst, "null"...)
		}
		n++
	}
	return append(dst, '}')
}

// extraField is an extra field of an item and its JSON.
type extraField struct {
	name string
	raw  json.RawMessage
}

// extraFields are the extra fields to write, among names (all when nil),
// sorted by name. The names are sorted alone, through their positions: a
// sort that moves no pointers is several times faster for 100 fields.
func (it *Item) extraFields(names []string) []extraField {
	var out []extraField
	if names != nil && len(names) < len(it.Extra) {
		for _, name := range names {
			if raw, ok := it.Extra[name]; ok {
				out = append(out, extraField{name, raw})
			}
		}
	} else if len(it.Extra) > 0 {
		out = make([]extraField, 0, len(it.Extra))
		for name, raw := range it.Extra {
			if names == nil || slices.Contains(names, name) {
				out = append(out, extraField{name, raw})
			}
		}
	}
	if len(out) < 2 {
		return out
	}
	order := make([]int32, len(out))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(out[a].name, out[b].name) })
	sorted := make([]extraField, 0, len(out))
	for i, pos := range order {
		if i == 0 || out[pos].name != sorted[len(sorted)-1].name {
			sorted = append(sorted, out[pos])
		}
	}
	return sorted
}

// appendKey appends the name of the n-th key of an object and its colon.
func appendKey(dst []byte, name string, n int) []byte {
	if n > 0 {
		dst = append(dst, ',')
	}
	return append(AppendJSONString(dst, name), ':')
}

// ShortID is the id without its kind and workspace prefix: the trailing
// sequence number with its leading zeros removed, as people quote it.
func (it *Item) ShortID() string { return ShortID(it.ID) }

// ShortID shortens an item id as Item.ShortID does, for those that hold
// only the id (the outbox's edits).
func ShortID(id string) string {
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
// It reads the data in one pass; input the one-pass reader does not take
// (malformed or of another shape) is decoded by encoding/json, which names
// what is wrong.
func DecodeItems(kind Kind, data json.RawMessage) ([]Item, error) {
	return decodeItemsSharing(kind, data, &sharedExtras{})
}

// DecodeItemsPooled is DecodeItems for a page of a list whose pages share
// the maps of their items' extra fields through pool.
func DecodeItemsPooled(kind Kind, data json.RawMessage, pool *ExtrasPool) ([]Item, error) {
	return decodeItemsSharing(kind, data, &pool.share)
}

func decodeItemsSharing(kind Kind, data json.RawMessage, share *sharedExtras) ([]Item, error) {
	data = bytes.TrimSpace(data)
	if string(data) == "{}" || string(data) == "null" {
		return nil, nil
	}
	if len(data) == 0 || data[0] != '[' {
		return nil, fmt.Errorf("expected a list of %s, got %s", kind.Path(), describeJSON(data))
	}
	if items, ok := readItems(kind, data, share); ok {
		return items, nil
	}
	return decodeItemsSlowly(kind, data)
}

// decodeItemsSlowly is DecodeItems by encoding/json, value by value.
func decodeItemsSlowly(kind Kind, data json.RawMessage) ([]Item, error) {
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
	if it, ok := readItem(kind, data); ok {
		return it, nil
	}
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
// the named fields when names is not empty. It never fails.
func WrapItem(it Item, names []string) (json.RawMessage, error) {
	if len(names) == 0 {
		names = nil
	}
	out := append(AppendJSONString([]byte{'{'}, it.Kind.Wrapper()), ':')
	out = it.appendFields(out, names)
	return append(out, '}'), nil
}
