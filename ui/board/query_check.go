package board

import (
	"fmt"
	"slices"
	"strings"
)

// queryProblems is what the filter line says about the filter: the terms it
// could not read, and the values that match nothing in the workspace's
// options (statuses and priorities from the field information, owners
// from the people on its items). The value checks are remembered until the
// items change.
func (d *dataset) queryProblems() []string {
	tq := &d.tq
	if len(tq.terms) == 0 {
		return tq.problems
	}
	if tq.checkedN != len(d.items)+1 {
		tq.valueProblems = d.checkValues()
		tq.checkedN = len(d.items) + 1
	}
	return append(slices.Clip(tq.problems), tq.valueProblems...)
}

// checkValues lists the values of the field terms that match no option.
func (d *dataset) checkValues() []string {
	var out []string
	var owners []string
	for _, t := range d.tq.terms {
		names, codes := d.fieldOptions(t.Field, &owners)
		if len(names) == 0 {
			continue
		}
		for _, a := range t.Alts {
			starts := func(o string) bool { return strings.HasPrefix(strings.ToLower(o), a.Text) }
			if a.Exact || slices.ContainsFunc(names, starts) || slices.ContainsFunc(codes, starts) {
				continue
			}
			out = append(out, fmt.Sprintf("%s:%s matches no %s here (%s)", t.Field, quoteValue(a.Text), fieldNoun(t.Field), listSome(names, 6)))
		}
	}
	return out
}

// fieldOptions are the values a field term can match: the names shown
// (statuses' and priorities' labels, "none", owners' nicks, read once into
// owners) and the codes behind them (statuses' codes, priorities' values).
func (d *dataset) fieldOptions(field string, owners *[]string) (names, codes []string) {
	switch field {
	case "status":
		for _, o := range d.fields["status"].Options.Pairs {
			names, codes = append(names, o.Label), append(codes, o.Value)
		}
		return names, codes
	case "prio":
		for _, c := range d.cols {
			if c.key == "" {
				names = append(names, "none")
				continue
			}
			names, codes = append(names, c.label), append(codes, c.key)
		}
		return names, codes
	}
	if *owners == nil {
		*owners = d.ownerNicks()
	}
	return *owners, nil
}

// ownerNicks lists the nicks of the items' owners and the user, sorted.
func (d *dataset) ownerNicks() []string {
	seen := map[string]bool{}
	if d.me != "" {
		seen[d.me] = true
	}
	for i := range d.items {
		for _, o := range strings.Split(d.items[i].Owner, ";") {
			if o = strings.TrimSpace(o); o != "" {
				seen[o] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for o := range seen {
		out = append(out, o)
	}
	slices.Sort(out)
	return out
}

// fieldNoun names a field's values in a sentence.
func fieldNoun(field string) string {
	switch field {
	case "status":
		return "status"
	case "prio":
		return "priority"
	}
	return "owner"
}

// quoteValue writes a value as the filter takes it: quoted when it has a space.
func quoteValue(v string) string {
	if strings.ContainsAny(v, " \t") {
		return `"` + v + `"`
	}
	return v
}

// listSome lists up to n distinct values (case-insensitively), then "…".
func listSome(values []string, n int) string {
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

// person is the nick owner:@me stands for: the user logged in, or "" for
// an API account (Basic), which is not a person and owns nothing.
func (m *Model) person() string {
	if m.ctx.Method == "basic" {
		return ""
	}
	return m.ctx.User
}
