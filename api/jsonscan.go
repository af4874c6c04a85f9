package api

import "unicode/utf8"

// JSON syntax, checked in one pass by the readers of items and envelopes
// (itemread.go, enveloperead.go): each function reads one construct at
// data[i], returns the index after it, and reports false for anything that
// is not valid JSON.

// maxReadDepth bounds the nesting the readers follow; deeper input goes to
// encoding/json.
const maxReadDepth = 64

// objectKey reads the key of an object member and its colon at data[i]: it
// returns the key, unquoted into *scratch when it holds escapes or invalid
// UTF-8, and the index of its value.
func objectKey(data []byte, i int, scratch *[]byte) (name []byte, value int, ok bool) {
	if i >= len(data) || data[i] != '"' {
		return nil, 0, false
	}
	end, escaped, high, ok := scanString(data, i)
	if !ok {
		return nil, 0, false
	}
	name = data[i+1 : end-1]
	if escaped || (high && !utf8.Valid(name)) {
		*scratch = appendUnquoted((*scratch)[:0], name)
		name = *scratch
	}
	if i = skipSpace(data, end); i >= len(data) || data[i] != ':' {
		return nil, 0, false
	}
	return name, skipSpace(data, i+1), true
}

// nextMember reads what follows a member of an object: a comma, or the
// closing brace (closed). It returns the index of the next key, or the index
// after the brace.
func nextMember(data []byte, i int) (next int, closed, ok bool) {
	if i = skipSpace(data, i); i >= len(data) {
		return 0, false, false
	}
	switch data[i] {
	case ',':
		return skipSpace(data, i+1), false, true
	case '}':
		return i + 1, true, true
	}
	return 0, false, false
}

// skipValue checks the JSON value at data[i] and returns the index after it.
// depth is the nesting of the value.
func skipValue(data []byte, i, depth int) (int, bool) {
	if i >= len(data) {
		return 0, false
	}
	switch c := data[i]; {
	case c == '"':
		end, _, _, ok := scanString(data, i)
		return end, ok
	case c == '{', c == '[':
		return skipContainer(data, i, depth)
	case c == 't':
		return literal(data, i, "true")
	case c == 'f':
		return literal(data, i, "false")
	case c == 'n':
		return literal(data, i, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		return scanNumber(data, i)
	}
	return 0, false
}

// skipContainer checks the object or array at data[i].
func skipContainer(data []byte, i, depth int) (int, bool) {
	if depth >= maxReadDepth {
		return 0, false
	}
	closing := byte(']')
	if data[i] == '{' {
		closing = '}'
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == closing {
		return i + 1, true
	}
	for {
		var ok bool
		if closing == '}' {
			if i >= len(data) || data[i] != '"' {
				return 0, false
			}
			if i, _, _, ok = scanString(data, i); !ok {
				return 0, false
			}
			if i = skipSpace(data, i); i >= len(data) || data[i] != ':' {
				return 0, false
			}
			i = skipSpace(data, i+1)
		}
		if i, ok = skipValue(data, i, depth+1); !ok {
			return 0, false
		}
		if i = skipSpace(data, i); i >= len(data) {
			return 0, false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case closing:
			return i + 1, true
		default:
			return 0, false
		}
	}
}

// literal checks that data[i:] starts with word (true, false, null).
func literal(data []byte, i int, word string) (int, bool) {
	if len(data)-i < len(word) || string(data[i:i+len(word)]) != word {
		return 0, false
	}
	return i + len(word), true
}

// scanNumber checks the JSON number at data[i] and returns the index after it.
func scanNumber(data []byte, i int) (int, bool) {
	if data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = skipDigits(data, i)
	default:
		return 0, false
	}
	if i < len(data) && data[i] == '.' {
		start := i + 1
		if i = skipDigits(data, start); i == start {
			return 0, false
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		start := i
		if i = skipDigits(data, start); i == start {
			return 0, false
		}
	}
	return i, true
}

func skipDigits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}
