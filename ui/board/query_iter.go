package board

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// The filter's iteration term: iter:@current, iter:@next (the open
// iteration whose dates hold today, the next one to start), an
// iteration's id or name without spaces, or none. @current and @next come
// from the workspace's iterations, read once; the filter applies again
// when they arrive.

// iterPasses reports whether item i is planned in one of the filter's
// iterations.
func (d *dataset) iterPasses(t *fieldTerm, i int32) bool {
	id := store.NoIteration(d.items[i].IterationID)
	name := strings.ToLower(d.fields.OptionLabel("iteration_id", id))
	for _, alt := range t.Alts {
		a := alt.Text
		if alias, ok := d.iterAlias[a]; ok {
			a = alias
		}
		switch {
		case a == "none" && id == "":
			return true
		case id != "" && (a == id || a == name):
			return true
		}
	}
	return false
}

// iterAliases names @current and @next among iterations, on day today
// (YYYY-MM-DD, the service's): the open iteration whose dates hold today,
// and the first to start after it (or after today).
func iterAliases(its []api.Iteration, today string) map[string]string {
	out := map[string]string{}
	for _, x := range iterationsByStart(its) {
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

// needIterations reads the iterations when the filter names @current or
// @next and they are not known; the filter applies again once they are.
func (m *Model) needIterations(q string) tea.Cmd {
	if !strings.Contains(q, "@current") && !strings.Contains(q, "@next") {
		return nil
	}
	its, known, cmd := m.eng.Iterations()
	if !known {
		m.awaitIters = true
		return cmd
	}
	d := m.cur()
	d.iterAlias = iterAliases(its, m.ctx.Clock().In(api.ServiceZone).Format(time.DateOnly))
	d.query = "" // applies again with the aliases
	m.applyQuery(d.typed)
	return nil
}
