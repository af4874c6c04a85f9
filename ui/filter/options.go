package filter

import (
	"iter"
	"slices"
	"strings"

	"triage/api"
	"triage/ui/i18n"
)

// Options are the values a workspace offers for the filter's fields, by
// the names shown and the codes behind them: what tab completes and what a
// term's values are checked against, so that a value matching nothing is
// named rather than leaving "0 of N".
type Options struct {
	Statuses   []Option // a status's name and code
	Priorities []Option // a priority's label and value; "none" with no code
	// Owners are the nicks an owner term may name: the workspace's
	// members, the owners on its items and the user. nil: not known, so not
	// checked.
	Owners []string
	// Iterations are the workspace's iterations, by name and id, and Today
	// the service's day (YYYY-MM-DD) they were resolved on. nil: not read,
	// so not checked.
	Iterations []Option
	Today      string
	// Severities are a bug's severities by name and code; nil for a kind
	// without one, which FieldsRead tells from fields not read yet.
	Severities []Option
	FieldsRead bool
	// Creators are the nicks a creator: or reporter: term may name: the
	// workspace's members, the items' creators and the user. nil: not
	// known, so not checked.
	Creators []string
	// Custom are the kind's enabled custom fields: tab completes their
	// names and a select's options (custom.go).
	Custom []api.CustomField
}

// Option is one value of a field: the name shown and the code behind it.
type Option struct{ Name, Code string }

// Values are the names and codes of a field's options; no names means the
// field's values are not known (an iteration, or owners not read).
func (o *Options) Values(field string) (names, codes []string) {
	var opts []Option
	switch field {
	case "status":
		opts = o.Statuses
	case "prio":
		opts = o.Priorities
	case "owner":
		return o.Owners, nil
	case "creator", "reporter":
		return o.Creators, nil
	case OpenField:
		return []string{OpenValue, ClosedValue}, nil
	case "severity":
		opts = o.Severities
	}
	for _, op := range opts {
		names = append(names, op.Name)
		if op.Code != "" {
			codes = append(codes, op.Code)
		}
	}
	return names, codes
}

// Unmatched says which values of the query's field terms match none of
// the workspace's options, one sentence each.
func (q *Query) Unmatched(o *Options) []string {
	var out []string
	for _, t := range q.Terms {
		switch {
		case t.Field == "iter":
			out = append(out, q.unmatchedIterations(t, o)...)
			continue
		case IsTimeField(t.Field), t.Field == OpenField:
			continue // read by ParseSpan or addOpen, which name what they cannot read
		case t.Field == "severity" && o.Severities == nil && o.FieldsRead:
			out = append(out, i18n.T("severity: only bugs have a severity: filter the bugs (tab on the board, --kind bug for triage list)"))
			continue
		}
		if t.Field == CustomTerm {
			out = append(out, unmatchedCustom(t)...)
			continue
		}
		if names, codes := o.Values(t.Field); len(names) > 0 {
			out = append(out, unmatched(t, names, codes)...)
		}
	}
	return out
}

// Owners lists, sorted and once each, the nicks an owner term may name: the
// user (me, "" for an API account), the workspace's members and the people
// in the items' owner fields (nicks joined by ";").
func Owners(me string, members []string, ownerFields iter.Seq[string]) []string {
	seen := map[string]bool{}
	for _, n := range append([]string{me}, members...) {
		if n = strings.TrimSpace(n); n != "" {
			seen[n] = true
		}
	}
	for field := range ownerFields {
		for _, n := range strings.Split(field, ";") {
			if n = strings.TrimSpace(n); n != "" {
				seen[n] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Example is a term of a field with a value this workspace offers: its
// first status or priority, @me or an owner, @current; the language's own
// example when the options name none.
func (o *Options) Example(field string) string {
	names, _ := o.Values(field)
	if field == "prio" && len(names) > 1 {
		names = names[1:] // a priority, not "none"
	}
	if len(names) == 0 || field == "iter" {
		return Example(field)
	}
	return field + ":" + QuoteValue(strings.ToLower(names[0]))
}

// FieldOptions are the statuses of a kind's field information, its
// priorities, "none" (no priority) first, and a bug's severities: what
// every filter of the kind is checked against; the caller adds the owners
// and creators it knows.
func FieldOptions(fi api.FieldInfo, priorities []api.PriorityOption) Options {
	o := Options{FieldsRead: fi != nil}
	for _, op := range fi["status"].Options.Pairs {
		o.Statuses = append(o.Statuses, Option{Name: op.Label, Code: op.Value})
	}
	o.Priorities = append(o.Priorities, Option{Name: "none"})
	for _, op := range priorities {
		o.Priorities = append(o.Priorities, Option{Name: op.Label, Code: op.Value})
	}
	for _, op := range fi["severity"].Options.Pairs {
		o.Severities = append(o.Severities, Option{Name: op.Label, Code: op.Value})
	}
	return o
}
