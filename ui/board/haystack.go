package board

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"triage/api"
)

// writeHaystack writes what the text filter searches for an item besides its
// id: title and owner (as ownerName shows it), lower-cased.
func writeHaystack(b *strings.Builder, it *api.Item) {
	writeLower(b, it.Title)
	b.WriteByte('\n')
	owners := strings.TrimSuffix(strings.TrimSpace(it.Owner), ";")
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
