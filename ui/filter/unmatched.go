package filter

import (
	"slices"
	"strings"

	"triage/ui/i18n"
)

// unmatched says which values of a field term match none of the names a
// workspace shows for the field nor the codes behind them, one sentence
// each, so that a filter is never "no matches" without a reason. An exact
// alternative (@me) is not checked.
func unmatched(t Term, names, codes []string) []string {
	var out []string
	for _, a := range t.Alts {
		starts := func(o string) bool { return strings.HasPrefix(strings.ToLower(o), a.Text) }
		if a.Exact || slices.ContainsFunc(names, starts) || slices.ContainsFunc(codes, starts) {
			continue
		}
		out = append(out, i18n.Tf("%s:%s matches no %s here (%s)", t.Field, QuoteValue(a.Text), i18n.T(fieldNoun(t.Field)), ListSome(names, 6)))
	}
	return out
}

// fieldNoun names a field's values in a sentence.
func fieldNoun(field string) string {
	if field == "prio" {
		return "priority"
	}
	return field
}

// QuoteValue writes a value as the filter takes it: quoted when it has a space.
func QuoteValue(v string) string {
	if strings.ContainsAny(v, " \t") {
		return `"` + v + `"`
	}
	return v
}

// ListSome lists up to n distinct values (case-insensitively), then "…".
func ListSome(values []string, n int) string {
	var out []string
	seen := map[string]bool{}
	for _, v := range values {
		if k := strings.ToLower(v); !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	if len(out) > n {
		return strings.Join(out[:n], ", ") + ", …"
	}
	return strings.Join(out, ", ")
}
