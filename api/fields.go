package api

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// FieldInfo is the data of get_fields_info: field name → description.
type FieldInfo map[string]Field

// Field describes one field of a kind in a workspace.
type Field struct {
	Name         string        `json:"name"`
	Label        string        `json:"label"`
	HTMLType     string        `json:"html_type"`
	Options      Options       `json:"options"`
	ColorOptions []ColorOption `json:"color_options,omitempty"`
}

// UnmarshalJSON reads a field leniently: scalars may be strings, numbers or
// null; color_options may be missing, [] or a list. What the client does not
// use (pure_options, readonly, memo, user_options) is not read, so no shape
// of theirs can fail a decode.
func (f *Field) UnmarshalJSON(b []byte) error {
	var raw struct {
		Name         FlexString      `json:"name"`
		Label        FlexString      `json:"label"`
		HTMLType     FlexString      `json:"html_type"`
		Options      Options         `json:"options"`
		ColorOptions json.RawMessage `json:"color_options"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*f = Field{
		Name: string(raw.Name), Label: string(raw.Label), HTMLType: string(raw.HTMLType),
		Options: raw.Options,
	}
	co := bytes.TrimSpace(raw.ColorOptions)
	if len(co) > 0 && co[0] == '[' {
		var list []struct {
			Value FlexString `json:"value"`
			Label FlexString `json:"label"`
			Color FlexString `json:"color"`
		}
		if err := json.Unmarshal(co, &list); err != nil {
			return fmt.Errorf("color_options: %w", err)
		}
		for _, c := range list {
			f.ColorOptions = append(f.ColorOptions, ColorOption{Value: string(c.Value), Label: string(c.Label), Color: string(c.Color)})
		}
	}
	return nil
}

// ColorOption is one entry of color_options.
type ColorOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Color string `json:"color"`
}

// Option is one value of a field: what to send, and what to show.
type Option struct {
	Value string
	Label string
}

// OptionNode is one node of a cascade field's options.
type OptionNode struct {
	Name     string       `json:"name"`
	Children []OptionNode `json:"children,omitempty"`
}

// Options holds a field's options in one of the service's three shapes: an
// object value → label (its order kept), an empty array, or a list of
// {name, children} trees.
type Options struct {
	Pairs []Option
	Tree  []OptionNode
	// Cascade records that the options came as a list, so an empty list is
	// written back as [] and a pair object as {}.
	Cascade bool
}

// IsZero reports whether there are no options at all.
func (o Options) IsZero() bool { return len(o.Pairs) == 0 && len(o.Tree) == 0 && !o.Cascade }

// Labels returns the value → label pairs (empty for tree options).
func (o Options) Labels() []Option { return o.Pairs }

// UnmarshalJSON reads any of the three shapes, keeping the object's key order.
func (o *Options) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*o = Options{}
	if len(b) == 0 || string(b) == "null" || string(b) == `""` {
		return nil
	}
	switch b[0] {
	case '[':
		o.Cascade = true
		var nodes []json.RawMessage
		if err := json.Unmarshal(b, &nodes); err != nil {
			return fmt.Errorf("options: %w", err)
		}
		for _, n := range nodes {
			node, err := decodeNode(n, 0)
			if err != nil {
				return err
			}
			o.Tree = append(o.Tree, node)
		}
		return nil
	case '{':
		pairs, err := decodeOrderedPairs(b)
		if err != nil {
			return fmt.Errorf("options: %w", err)
		}
		o.Pairs = pairs
		return nil
	}
	return fmt.Errorf("options: expected an object or a list, got %s", describeJSON(b))
}

// maxOptionDepth bounds cascade trees so a hostile answer cannot exhaust the stack.
const maxOptionDepth = 32

func decodeNode(b json.RawMessage, depth int) (OptionNode, error) {
	if depth > maxOptionDepth {
		return OptionNode{}, fmt.Errorf("options: cascade deeper than %d levels", maxOptionDepth)
	}
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] != '{' {
		s, err := flexText(b)
		if err != nil {
			return OptionNode{}, fmt.Errorf("options: %w", err)
		}
		return OptionNode{Name: s}, nil
	}
	var raw struct {
		Name     FlexString        `json:"name"`
		Children []json.RawMessage `json:"children"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return OptionNode{}, fmt.Errorf("options: %w", err)
	}
	node := OptionNode{Name: string(raw.Name)}
	for _, c := range raw.Children {
		child, err := decodeNode(c, depth+1)
		if err != nil {
			return OptionNode{}, err
		}
		node.Children = append(node.Children, child)
	}
	return node, nil
}

// decodeOrderedPairs reads a JSON object of scalar values in document order.
func decodeOrderedPairs(b []byte) ([]Option, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var pairs []Option
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("expected a key, got %v", tok)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		label, err := flexText(raw)
		if err != nil {
			return nil, fmt.Errorf("option %q: %w", truncate(key, 40), err)
		}
		pairs = append(pairs, Option{Value: key, Label: label})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return pairs, nil
}

// MarshalJSON writes the options in the shape they came in.
func (o Options) MarshalJSON() ([]byte, error) {
	if o.Cascade || len(o.Tree) > 0 {
		if o.Tree == nil {
			return []byte("[]"), nil
		}
		return json.Marshal(o.Tree)
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, p := range o.Pairs {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, _ := json.Marshal(p.Value)
		v, _ := json.Marshal(p.Label)
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// PriorityOption is one allowed priority of a kind in a workspace, in the
// service's order: the value to send as priority_label, the label to show and
// its colour ("" when the service gives none).
type PriorityOption struct {
	Value string
	Label string
	Color string
}

// PriorityOptions extracts the allowed priorities from field information: the
// priority_label field if present, else the legacy priority field; colours from
// color_options. The service's order is kept; duplicates are dropped.
func (fi FieldInfo) PriorityOptions() []PriorityOption {
	f, ok := fi["priority_label"]
	if !ok || len(f.Options.Pairs) == 0 {
		f, ok = fi["priority"]
	}
	if !ok {
		return nil
	}
	colors := make(map[string]string, len(f.ColorOptions))
	for _, c := range f.ColorOptions {
		colors[c.Value] = c.Color
	}
	seen := make(map[string]bool, len(f.Options.Pairs))
	out := make([]PriorityOption, 0, len(f.Options.Pairs))
	for _, p := range f.Options.Pairs {
		v := NormalizePriority(p.Value)
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		label := p.Label
		if label == "" {
			label = v
		}
		out = append(out, PriorityOption{Value: v, Label: label, Color: colors[p.Value]})
	}
	return out
}

// OptionLabel is the label of value among the options of field (a status
// code's display name, an iteration id's name), or value itself when the
// field or the option is unknown.
func (fi FieldInfo) OptionLabel(field, value string) string {
	if f, ok := fi[field]; ok {
		for _, o := range f.Options.Pairs {
			if o.Value == value {
				return o.Label
			}
		}
	}
	return value
}
