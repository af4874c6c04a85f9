package board

import (
	"strings"
	"unicode"

	"triage/api"
)

// writeHaystack writes what the text filter searches for an item besides its
// id: title and owner, lower-cased.
func writeHaystack(b *strings.Builder, it *api.Item) {
	writeLower(b, it.Title)
	b.WriteByte('\n')
	writeLower(b, ownerName(it.Owner))
}

// writeLower writes s lower-cased as strings.ToLower does, without allocating.
func writeLower(b *strings.Builder, s string) {
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r + 'a' - 'A'))
		case r < 0x80:
			b.WriteByte(byte(r))
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
}
