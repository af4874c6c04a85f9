package common

import "strings"

// Sanitize is text from the service or the outbox made safe to draw:
// control characters (line breaks, tabs, escape sequences) become spaces.
func Sanitize(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return ' '
		}
		return r
	}, s)
}

// Clean is Sanitize with the ends trimmed.
func Clean(s string) string { return strings.TrimSpace(Sanitize(s)) }

// isControl reports the C0 and C1 control characters and DEL.
func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r < 0xa0) }
