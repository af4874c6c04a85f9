package common

import (
	"strconv"
	"strings"

	"triage/api"
)

// Count writes a number as every view writes counts: with comma
// separators from 1,000 on ("1 of 3,981", "100,240 stories").
func Count(n int) string {
	s := strconv.Itoa(n)
	if n < 1000 && n > -1000 {
		return s
	}
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	lead := len(s) % 3
	b.WriteString(s[:lead])
	for i := lead; i < len(s); i += 3 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// CountOf writes how many items of a kind: "1 bug", "3 bugs", "1,200 stories".
func CountOf(n int, k api.Kind) string { return Plural(n, k.String(), k.Path()) }

// Plural writes a count with its noun in the number it takes: "1 item",
// "3 items", "1,200 items".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Count(n) + " " + many
}
