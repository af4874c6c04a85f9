package filter

import (
	"slices"
	"strings"

	"triage/api"
	"triage/ui/i18n"
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

// IterationOptions are the iterations by name and id, for checking a
// filter's iter: values (Options.Iterations).
func IterationOptions(its []api.Iteration) []Option {
	out := make([]Option, len(its))
	for k, x := range its {
		out[k] = Option{Name: x.Name, Code: x.ID}
	}
	return out
}

// UnresolvedAlias says that no iteration is alias (@current, @next) on day
// today here, and what to use instead.
func UnresolvedAlias(alias, today string) string {
	return i18n.Tf("iter:%s: no open iteration is %s on %s here; name one (iter:NAME) or use iter:none", alias, strings.TrimPrefix(alias, "@"), today)
}

// unmatchedIterations says which values of an iter: term name no iteration
// here: an alias no iteration is today (IterAlias), an alias that is not
// one, or a name or id no iteration has. Checked once the iterations are
// known.
func (q *Query) unmatchedIterations(t Term, o *Options) []string {
	if o.Iterations == nil {
		return nil
	}
	var out []string
	for _, a := range t.Alts {
		switch {
		case a.Exact || a.Text == "none":
		case a.Text == "@current" || a.Text == "@next":
			if q.IterAlias[a.Text] == "" {
				out = append(out, UnresolvedAlias(a.Text, o.Today))
			}
		case strings.HasPrefix(a.Text, "@"):
			out = append(out, i18n.Tf("iter:%s is not an alias: use iter:@current or iter:@next", a.Text))
		case !slices.ContainsFunc(o.Iterations, func(x Option) bool { return strings.ToLower(x.Name) == a.Text || x.Code == a.Text }):
			names := []string{"none", "@current", "@next"}
			for _, x := range o.Iterations {
				names = append(names, x.Name)
			}
			out = append(out, i18n.Tf("iter:%s matches no iteration here (%s)", QuoteValue(a.Text), ListSome(names, 6)))
		}
	}
	return out
}
