package api

import (
	"bytes"
	"unicode/utf8"
)

// The one-pass reader of items. DecodeItems used to scan a page four times
// (the array, each wrapper, each item, each value); this reads it once,
// checking the syntax as it goes. It takes the shapes the service sends and
// gives up on anything else (a syntax error, a wrapper without its kind's
// key, an object or array in a typed field, nesting past maxReadDepth): the
// caller then decodes the input with encoding/json, which accepts or refuses
// it, with the same messages as ever. So the reader never has to name an
// error, and what it accepts it reads exactly as encoding/json would.

// itemReader reads the items of one input. Each item's typed values share
// one string (but those items repeat, see Item.repeated) and its extra
// values one byte slice, both made when the item is complete, so an item
// holds on to nothing of the input.
type itemReader struct {
	kind  Kind
	data  []byte
	keys  map[string]string // extra field names, interned across items
	share *sharedExtras     // the extra fields' maps, shared by items alike
	found []sharedField     // the extra fields of the current item, for share
	typed []typedSpan       // typed values of the current item, in text
	extra []extraSpan       // extra values of the current item, in raw
	text  []byte            // typed values of the current item, unquoted
	own   []byte            // those of them not repeated, for finish
	raw   []byte            // extra values of the current item, as sent
	key   []byte            // a key with escapes, unquoted
}

type typedSpan struct {
	ptr        *string
	start, end int
}

type extraSpan struct {
	name       string
	start, end int
}

// readItems reads a list, [{"Story":{...}},...], its items' extra fields
// shared through share; ok is false when it gives up.
func readItems(kind Kind, data []byte, share *sharedExtras) (items []Item, ok bool) {
	r := &itemReader{kind: kind, data: data, share: share}
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '[' {
		return nil, false
	}
	items = make([]Item, 0, 1+bytes.Count(data, r.wrapperKey()))
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return items, skipSpace(data, i+1) == len(data)
	}
	for {
		items = append(items, Item{})
		if i, ok = r.wrapped(i, &items[len(items)-1]); !ok {
			return nil, false
		}
		if i = skipSpace(data, i); i >= len(data) {
			return nil, false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
			continue
		case ']':
			return items, skipSpace(data, i+1) == len(data)
		}
		return nil, false
	}
}

// wrapperKey is the wrapper's key as it appears in a list, "Story" with its
// quotes: counting it sizes the list (a guess; append grows it if need be).
func (r *itemReader) wrapperKey() []byte {
	return AppendJSONString(nil, r.kind.Wrapper())
}

// readItem reads one wrapped item, {"Story":{...}}; ok is false when it gives up.
func readItem(kind Kind, data []byte) (it Item, ok bool) {
	r := &itemReader{kind: kind, data: data, share: &sharedExtras{}}
	i, ok := r.wrapped(skipSpace(data, 0), &it)
	if !ok || skipSpace(data, i) != len(data) {
		return Item{}, false
	}
	return it, true
}

// wrapped reads {"Story":{...}} at data[i] into it. As with encoding/json's
// maps, the last of repeated keys wins; other keys are skipped.
func (r *itemReader) wrapped(i int, it *Item) (int, bool) {
	data := r.data
	if i >= len(data) || data[i] != '{' {
		return 0, false
	}
	found := false
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return 0, false
	}
	for {
		name, next, ok := r.objectKey(i)
		if !ok {
			return 0, false
		}
		i = next
		if string(name) == r.kind.Wrapper() {
			if i >= len(data) || data[i] != '{' {
				return 0, false
			}
			*it = Item{Kind: r.kind}
			if i, ok = r.item(i, it); !ok {
				return 0, false
			}
			found = true
		} else if i, ok = skipValue(data, i, 1); !ok {
			return 0, false
		}
		var closed bool
		if i, closed, ok = nextMember(data, i); !ok || closed {
			return i, ok && found
		}
	}
}

// item reads the object at data[i] into it.
func (r *itemReader) item(i int, it *Item) (int, bool) {
	data := r.data
	r.typed, r.extra, r.text, r.raw = r.typed[:0], r.extra[:0], r.text[:0], r.raw[:0]
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, true
	}
	for {
		name, next, ok := r.objectKey(i)
		if !ok || next >= len(data) {
			return 0, false
		}
		i = next
		if p := it.field(string(name)); p != nil {
			start := len(r.text)
			if i, ok = r.scalar(i); !ok {
				return 0, false
			}
			r.typed = append(r.typed, typedSpan{p, start, len(r.text)})
		} else {
			end, ok := skipValue(data, i, 2)
			if !ok {
				return 0, false
			}
			start := len(r.raw)
			r.raw = append(r.raw, data[i:end]...)
			r.extra = append(r.extra, extraSpan{r.intern(name), start, len(r.raw)})
			i = end
		}
		var closed bool
		if i, closed, ok = nextMember(data, i); !ok || closed {
			if ok {
				r.finish(it)
			}
			return i, ok
		}
	}
}

// finish stores the values read into it, in the order read: the last of
// repeated keys wins. The values items repeat (a status, an owner) are the
// strings of the items read before; the others share one string.
func (r *itemReader) finish(it *Item) {
	s := r.share
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(r.typed) > 0 {
		r.own = r.own[:0]
		for _, t := range r.typed {
			if !it.repeated(t.ptr) {
				r.own = append(r.own, r.text[t.start:t.end]...)
			}
		}
		own, at := string(r.own), 0
		for _, t := range r.typed {
			if it.repeated(t.ptr) {
				*t.ptr = s.text(r.text[t.start:t.end])
				continue
			}
			*t.ptr = own[at : at+t.end-t.start]
			at += t.end - t.start
		}
	}
	if len(r.extra) > 0 {
		if cap(r.found) < len(r.extra) {
			r.found = make([]sharedField, 0, len(r.extra))
		}
		r.found = r.found[:0]
		for _, e := range r.extra {
			r.found = append(r.found, sharedField{Name: e.name, Value: r.raw[e.start:e.end]})
		}
		it.Extra = s.get(r.found)
	}
}

// objectKey reads a key and its colon at data[i]: it returns the key
// (unquoted) and the index of its value.
func (r *itemReader) objectKey(i int) (name []byte, value int, ok bool) {
	return objectKey(r.data, i, &r.key)
}

// intern returns name as a string, the same string for the same name.
func (r *itemReader) intern(name []byte) string {
	if s, ok := r.keys[string(name)]; ok {
		return s
	}
	if r.keys == nil {
		r.keys = make(map[string]string)
	}
	s := string(name)
	r.keys[s] = s
	return s
}

// scalar appends the text of the scalar at data[i] to r.text, as flexText
// reads it: a string unquoted, a number or boolean as written, null as
// nothing. An object or array is not a scalar: the reader gives up.
func (r *itemReader) scalar(i int) (int, bool) {
	data := r.data
	switch c := data[i]; {
	case c == '"':
		end, escaped, high, ok := scanString(data, i)
		if !ok {
			return 0, false
		}
		s := data[i+1 : end-1]
		if escaped || (high && !utf8.Valid(s)) {
			r.text = appendUnquoted(r.text, s)
		} else {
			r.text = append(r.text, s...)
		}
		return end, true
	case c == 'n':
		return literal(data, i, "null")
	case c == 't', c == 'f':
		end, ok := skipValue(data, i, 0)
		if ok {
			r.text = append(r.text, data[i:end]...)
		}
		return end, ok
	case c == '-' || (c >= '0' && c <= '9'):
		end, ok := scanNumber(data, i)
		if ok {
			r.text = append(r.text, data[i:end]...)
		}
		return end, ok
	}
	return 0, false
}
