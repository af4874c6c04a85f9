package main

import (
	"maps"
	"slices"
	"strings"

	"triage/store"
	"triage/ui/richtext"
)

// fieldChange names the field an edit changes and its values, for the log:
// "status planning → developing (resolution: fixed)", "owner demo; → demo;alice;",
// "iteration none → 1122001000000000001", `comment "why: …"`.
func fieldChange(e store.Edit) string {
	if e.Op == store.OpComment {
		text := strings.Join(richtext.PlainText(e.To), " ")
		return "comment " + quoteShort(text)
	}
	orNone := func(v string) string {
		if e.Op == store.OpIteration {
			v = store.NoIteration(v)
		}
		if v == "" {
			return noPriority
		}
		return v
	}
	out := string(e.Op) + " " + orNone(e.From) + " → " + orNone(e.To)
	if len(e.Fields) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(e.Fields)) {
			parts = append(parts, k+": "+e.Fields[k])
		}
		out += " (" + strings.Join(parts, ", ") + ")"
	}
	return out
}

// quoteShort quotes text cut to 40 characters.
func quoteShort(text string) string {
	if r := []rune(text); len(r) > 40 {
		text = string(r[:39]) + "…"
	}
	return `"` + text + `"`
}
