package filter

import (
	"slices"
	"strings"

	"triage/api"
)

// IterAliases names @current and @next among a workspace's iterations, on
// day today (YYYY-MM-DD, the service's): the open iteration whose dates
// hold today, and the first to start after it (or after today).
func IterAliases(its []api.Iteration, today string) map[string]string {
	byStart := slices.SortedStableFunc(slices.Values(its), func(a, b api.Iteration) int {
		return strings.Compare(a.StartDate, b.StartDate)
	})
	out := map[string]string{}
	for _, x := range byStart {
		if x.Status == "done" {
			continue
		}
		switch {
		case x.StartDate <= today && today <= x.EndDate && out["@current"] == "":
			out["@current"] = x.ID
		case x.StartDate > today && out["@next"] == "":
			out["@next"] = x.ID
		}
	}
	return out
}

// IterAliasesNamed lists the aliases (@current, @next) the query's iter:
// terms name, each once, in order.
func (q *Query) IterAliasesNamed() []string {
	var out []string
	for _, t := range q.Terms {
		if t.Field != "iter" {
			continue
		}
		for _, a := range t.Alts {
			if strings.HasPrefix(a.Text, "@") && !slices.Contains(out, a.Text) {
				out = append(out, a.Text)
			}
		}
	}
	return out
}
