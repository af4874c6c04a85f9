package api

import (
	"bytes"
	"strconv"
)

// The one-pass reader of envelopes. encoding/json checks a body, then
// decodes it and copies data out: two scans of a page before its items are
// read. This reads it once. Like the item reader, it gives up on anything
// unusual (a syntax error; no status, or one that is not an integer or a
// string of digits; an object or array as info; a key that only differs in
// case from status, data, info or meta, which encoding/json would match)
// and leaves it to encoding/json.

// envelopeKeys are the keys of an envelope; encoding/json matches them in
// any case.
var envelopeKeys = [...]string{"status", "data", "info", "meta"}

// readEnvelope reads an envelope from a body that starts with '{' and has
// no white space around it; ok is false when it gives up.
func readEnvelope(body []byte) (env Envelope, ok bool) {
	var (
		code                 int
		haveStatus           bool
		dataSpan, meta, info []byte
		scratch              []byte
		i                    = skipSpace(body, 1)
	)
	if i < len(body) && body[i] == '}' {
		return Envelope{}, false
	}
	for {
		name, v, ok := objectKey(body, i, &scratch)
		if !ok || v >= len(body) {
			return Envelope{}, false
		}
		end, ok := skipValue(body, v, 1)
		if !ok {
			return Envelope{}, false
		}
		value := body[v:end]
		switch string(name) {
		case "status":
			if code, ok = statusCode(value); !ok {
				return Envelope{}, false
			}
			haveStatus = true
		case "data":
			dataSpan = value
		case "info":
			if info, ok = infoText(value, info[:0]); !ok {
				return Envelope{}, false
			}
		case "meta":
			meta = value
		default:
			if !plainKey(name) {
				return Envelope{}, false
			}
		}
		var closed bool
		if i, closed, ok = nextMember(body, end); !ok {
			return Envelope{}, false
		}
		if closed {
			break
		}
	}
	if skipSpace(body, i) != len(body) {
		return Envelope{}, false
	}
	if !haveStatus {
		return Envelope{}, false
	}
	env = Envelope{Status: code, Info: string(info), Meta: metaOf(meta)}
	if dataSpan != nil {
		env.Data = bytes.Clone(dataSpan)
	}
	return env, true
}

// plainKey reports whether a key other than the envelope's is surely not
// one of them for encoding/json: ASCII, and not one of them in another case.
func plainKey(name []byte) bool {
	for _, c := range name {
		if c >= 0x80 {
			return false
		}
	}
	for _, k := range envelopeKeys {
		if bytes.EqualFold(name, []byte(k)) {
			return false
		}
	}
	return true
}

// statusCode reads a status as FlexInt does: an integer, or a string of
// digits without escapes.
func statusCode(raw []byte) (int, bool) {
	if len(raw) >= 2 && raw[0] == '"' {
		raw = raw[1 : len(raw)-1]
		if len(raw) == 0 || bytes.ContainsFunc(raw, func(r rune) bool { return r < '0' || r > '9' }) {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	return int(n), err == nil
}

// infoText appends the text of info as FlexString reads it: a string
// unquoted, a number or boolean as written, null as nothing.
func infoText(raw, dst []byte) ([]byte, bool) {
	switch raw[0] {
	case '"':
		return appendUnquoted(dst, raw[1:len(raw)-1]), true
	case 'n':
		return dst, true
	case '{', '[':
		return nil, false
	}
	return append(dst, raw...), true
}
