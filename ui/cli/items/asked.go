package items

import (
	"net/url"
	"time"

	"triage/api"
	"triage/ui/filter"
)

// serviceFilter is what the service narrows the list by, so that fewer
// pages come back: the first modified: term of one time, not negated, as
// TAPD's modified filter (a~b, both ends included, to the second; >a; <b).
// The whole filter still runs on what comes back. A created: term is not
// sent: a list past the service's 20,000 items a query is cut into windows
// of created time (api.ListPages), which a created filter would stop.
func serviceFilter(q *filter.Query) url.Values {
	for _, t := range q.Terms {
		if t.Field != "modified" || t.Neg || len(t.Spans) != 1 {
			continue
		}
		s := t.Spans[0]
		last := ""
		if s.To != "" {
			to, err := api.ParseTime(s.To)
			if err != nil {
				return nil
			}
			last = api.FormatTime(to.Add(-time.Second))
		}
		var v string
		switch {
		case s.From != "" && last != "":
			v = s.From + "~" + last
		case s.From != "":
			v = ">" + s.From
		default:
			v = "<" + last
		}
		return url.Values{"modified": {v}}
	}
	return nil
}
