package sandbox

import "strings"

// Text filters compare ignoring case, as the service's database does. A
// pattern's "%" stands for any run of characters: "%export%" finds the texts
// that contain "export" and "export%" those that start with it. Every other
// character, "_" included, stands for itself. The title (name, title) is a
// like query, so its value is looked for anywhere: newFilter wraps it in "%".

// pattern is one alternative of a text filter, cut at its wildcards.
type pattern struct {
	parts []string // lower-cased; len 1 when there is no wildcard
}

func newPattern(a string) pattern {
	return pattern{parts: strings.Split(strings.ToLower(a), "%")}
}

// matches reports whether the text v fits the pattern.
func (p pattern) matches(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	if len(p.parts) == 1 {
		return v == p.parts[0]
	}
	first, last := p.parts[0], p.parts[len(p.parts)-1]
	if !strings.HasPrefix(v, first) {
		return false
	}
	v = v[len(first):]
	for _, mid := range p.parts[1 : len(p.parts)-1] {
		i := strings.Index(v, mid)
		if i < 0 {
			return false
		}
		v = v[i+len(mid):]
	}
	return strings.HasSuffix(v, last)
}

// anyPattern reports whether v fits one of the patterns.
func anyPattern(ps []pattern, v string) bool {
	for _, p := range ps {
		if p.matches(v) {
			return true
		}
	}
	return false
}
