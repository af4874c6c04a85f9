package filter

import "strings"

// Complete is tab in the filter: it completes the last term of q, a
// field's name (status:, owner:, prio:, iter:, created:…, a custom
// field's: 客户:) or a value from the workspace's options (@me first for a
// person; for a time, the words of TimeSamples; a custom select's
// options), and returns the new text
// and the choices that fit (one: it was completed). When several fit it
// completes what they share.
func (o *Options) Complete(q string, person bool) (string, []string) {
	start := lastTermStart(q)
	head, term := q[:start], q[start:]
	neg := ""
	if rest, ok := strings.CutPrefix(term, "-"); ok {
		neg, term = "-", rest
	}
	key, value, hasKey := strings.Cut(term, ":")
	if !hasKey {
		var fields []string
		for _, f := range Fields() {
			if strings.HasPrefix(f.Name, strings.ToLower(term)) {
				fields = append(fields, f.Name+":")
			}
		}
		fields = append(fields, o.customNamesFrom(term)...)
		return head + neg + completion(term, fields, false), fields
	}
	field := FieldOf(strings.ToLower(key))
	var names []string
	switch {
	case field != "":
		names, _ = o.Values(field)
	case o.customValues(key) != nil:
		names = o.customValues(key)
	default:
		return q, nil
	}
	sep := strings.LastIndexAny(value, "|,") + 1
	before, typed := value[:sep], strings.TrimPrefix(value[sep:], `"`)
	if IsTimeField(field) {
		names = TimeSamples()
	}
	if takesPeople(field) && person {
		names = append([]string{"@me"}, names...)
	}
	var fit []string
	seen := map[string]bool{}
	for _, n := range names {
		if l := strings.ToLower(n); strings.HasPrefix(l, strings.ToLower(typed)) && !seen[l] {
			seen[l] = true
			fit = append(fit, n)
		}
	}
	return head + neg + key + ":" + before + completion(typed, fit, true), fit
}

// completion is the text that replaces typed: the one choice (quoted when
// it has a space, for a value), or what all choices share.
func completion(typed string, choices []string, value bool) string {
	switch len(choices) {
	case 0:
		if value && strings.ContainsAny(typed, " \t") {
			return `"` + typed
		}
		return typed
	case 1:
		if value {
			return QuoteValue(choices[0])
		}
		return choices[0]
	}
	shared := []rune(strings.ToLower(choices[0]))
	for _, c := range choices[1:] {
		c = strings.ToLower(c)
		for !strings.HasPrefix(c, string(shared)) {
			shared = shared[:len(shared)-1]
		}
	}
	return sharedPrefix(typed, string(shared), value)
}

// sharedPrefix is what several choices share, or typed when they share no
// more, opening a quote for a value with a space.
func sharedPrefix(typed, shared string, value bool) string {
	if len(shared) <= len(typed) {
		shared = strings.ToLower(typed)
	}
	if value && strings.ContainsAny(shared, " \t") {
		return `"` + shared
	}
	return shared
}

// lastTermStart is where the last term of q begins: after the last space
// outside quotes.
func lastTermStart(q string) int {
	start, inQuote := 0, false
	for i, r := range q {
		switch {
		case r == '"':
			inQuote = !inQuote
		case !inQuote && (r == ' ' || r == '\t'):
			start = i + 1
		}
	}
	return start
}
