package board

import (
	"slices"
	"strings"

	"triage/filter"
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
		out = append(out, filter.Unmatched(t.Term, names, codes)...)
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

// person is the nick owner:@me stands for: the user logged in, or "" for
// an API account (Basic), which is not a person and owns nothing.
func (m *Model) person() string {
	if m.ctx.Method == "basic" {
		return ""
	}
	return m.ctx.User
}
