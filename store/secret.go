package store

import (
	"fmt"
	"io"
)

// redacted is what a secret prints as.
const redacted = "[redacted]"

// Secret holds a password, token or client secret in memory. Printing it
// with any fmt verb, or encoding it as JSON, YAML or text, shows
// "[redacted]" (or nothing when it is empty); only Reveal gives the value.
type Secret string

// Reveal returns the secret itself, for the one place that must send it.
func (s Secret) Reveal() string { return string(s) }

// String redacts the secret.
func (s Secret) String() string { return redact(string(s)) }

// GoString redacts the secret for %#v.
func (s Secret) GoString() string { return fmt.Sprintf("%q", redact(string(s))) }

// Format redacts the secret for every fmt verb, %d and %x included.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, s.GoString())
		return
	}
	_, _ = io.WriteString(f, s.String())
}

// MarshalText redacts the secret in JSON, YAML and structured logs.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// redact hides a non-empty secret and keeps an empty one empty, so a dump
// still shows whether the secret is set.
func redact(s string) string {
	if s == "" {
		return ""
	}
	return redacted
}
