package sandbox

import (
	"slices"
	"strconv"

	"triage/api"
)

// How items go on the wire. An item holds only the values it has (typed
// fields, and in Extra the extra fields that are set); the service writes
// every field of the catalog, in its order, a field the item does not hold
// with its unset value (null, "", "0"...), and derived fields computed. So a
// million items cost memory for what they hold, and a list without fields=
// is as long as the real service's.

// text is the value of a field of it as text, for filters and order: what
// the wire says, with null as "".
func (f *fieldSpec) text(it *api.Item) string {
	switch {
	case f.typed:
		v, _ := it.Get(f.name)
		return v
	case f.derive != noDerive:
		return f.derived(it)
	}
	raw, ok := it.Extra[f.name]
	if !ok {
		return f.unsetText
	}
	if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' && !slices.Contains(raw[1:len(raw)-1], '\\') {
		return string(raw[1 : len(raw)-1])
	}
	v, _ := it.Get(f.name)
	return v
}

// derived is the value of a derived field.
func (f *fieldSpec) derived(it *api.Item) string {
	switch f.derive {
	case deriveStatusName:
		for _, c := range statuses(it.Kind) {
			if c.value == it.Status {
				return c.label.in("zh")
			}
		}
		return it.Status
	case deriveID:
		return it.ID
	case deriveIDPath:
		return it.ID + ":"
	case deriveWorkitemType:
		ws, _ := strconv.ParseInt(it.WorkspaceID, 10, 64)
		return storyTypeID(ws, storyTypeOf(it).n)
	}
	return ""
}

// layout writes the items of one answer: the fields of the catalog, or
// those fields= names, in catalog order, each key encoded once.
type layout struct {
	wrapper []byte // {"Story":
	fields  []wireField
	known   map[string]bool // the catalog's names
	all     bool            // every field: extra fields outside the catalog follow
	asked   []string        // fields= names outside the catalog, sorted
}

type wireField struct {
	spec *fieldSpec
	key  []byte // "name":
}

// newLayout is the layout of the catalog specs, with only the fields named
// (all when names is empty).
func newLayout(k api.Kind, specs []fieldSpec, names []string) *layout {
	l := &layout{
		wrapper: append(api.AppendJSONString([]byte{'{'}, k.Wrapper()), ':'),
		known:   make(map[string]bool, len(specs)),
		all:     len(names) == 0,
	}
	for i := range specs {
		spec := &specs[i]
		l.known[spec.name] = true
		if l.all || slices.Contains(names, spec.name) {
			l.fields = append(l.fields, wireField{spec: spec, key: append(api.AppendJSONString(nil, spec.name), ':')})
		}
	}
	for _, n := range names {
		if !l.known[n] && !slices.Contains(l.asked, n) {
			l.asked = append(l.asked, n)
		}
	}
	slices.Sort(l.asked)
	return l
}

// appendItem appends it wrapped once, {"Story":{...}}. Extra fields the
// catalog does not know (kept from older data) are written after the
// catalog's, sorted, when every field is asked for or when fields= names them.
func (l *layout) appendItem(b []byte, it *api.Item) []byte {
	b = append(b, l.wrapper...)
	b = append(b, '{')
	held := 0
	for i, f := range l.fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, f.key...)
		spec := f.spec
		switch {
		case spec.typed:
			v, _ := it.Get(spec.name)
			b = api.AppendJSONString(b, v)
		case spec.derive != noDerive:
			b = api.AppendJSONString(b, spec.derived(it))
		default:
			if raw, ok := it.Extra[spec.name]; ok && len(raw) > 0 {
				b = append(b, raw...)
				held++
			} else {
				b = append(b, spec.unset...)
			}
		}
	}
	n := len(l.fields)
	for _, name := range l.outside(it, held) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(api.AppendJSONString(b, name), ':')
		b = append(b, it.Extra[name]...)
	}
	return append(b, '}', '}')
}

// outside lists the extra fields of it to write that the catalog does not
// know; held is how many extra fields of the catalog it holds.
func (l *layout) outside(it *api.Item, held int) []string {
	if !l.all {
		var out []string
		for _, n := range l.asked {
			if raw, ok := it.Extra[n]; ok && len(raw) > 0 {
				out = append(out, n)
			}
		}
		return out
	}
	if held >= len(it.Extra) {
		return nil
	}
	var out []string
	for name, raw := range it.Extra {
		if !l.known[name] && len(raw) > 0 {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
