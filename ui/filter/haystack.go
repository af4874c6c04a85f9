package filter

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// WriteHaystack writes what the text filter's words search in an item
// besides its id (Item.Hay): its title and owners (nicks joined by ";", as
// the service sends them) as the board shows them, "a, b", lower-cased,
// allocating nothing beyond b's growth.
func WriteHaystack(b *strings.Builder, title, owner string) {
	writeLower(b, title)
	b.WriteByte('\n')
	owners := strings.TrimSuffix(strings.TrimSpace(owner), ";")
	for {
		owner, rest, more := strings.Cut(owners, ";")
		writeLower(b, owner)
		if !more {
			return
		}
		b.WriteString(", ")
		owners = rest
	}
}

// writeLower writes s lower-cased as strings.ToLower does, without
// allocating: the spans that need no change at once, the rest a rune at a
// time.
func writeLower(b *strings.Builder, s string) {
	for s != "" {
		i := 0
		for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || s[i] > 'Z') {
			i++
		}
		b.WriteString(s[:i])
		if i == len(s) {
			return
		}
		if c := s[i]; c < utf8.RuneSelf {
			b.WriteByte(c + 'a' - 'A')
			s = s[i+1:]
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(unicode.ToLower(r))
		s = s[i+size:]
	}
}
