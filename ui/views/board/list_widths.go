package board

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/i18n"
	"triage/ui/views/board/listcols"
)

// cellWidths is what the list's columns need to show every item uncut:
// the widest id and owner, and the codes of the fields shown by their
// option's name (status, iteration, severity), whose names are measured
// when the list is drawn, since the field information may name them
// anew. It only grows while the dataset lives; a load builds it again.
type cellWidths struct {
	id, owner        int
	status, iter     map[string]struct{}
	severity         map[string]struct{}
	measured         [listcols.Count]int
	measuredUpToDate bool
}

// measure takes item it into the widths.
func (w *cellWidths) measure(it *api.Item) {
	if n := len(it.ShortID()) + 1; n > w.id { // "#" and the short id, digits
		w.id, w.measuredUpToDate = n, false
	}
	if n := ownerWidth(it.Owner); n > w.owner {
		w.owner, w.measuredUpToDate = n, false
	}
	w.status = w.note(w.status, it.Status)
	w.iter = w.note(w.iter, it.IterationID)
	w.severity = w.note(w.severity, it.Severity)
}

// note adds a code to a set of codes.
func (w *cellWidths) note(set map[string]struct{}, code string) map[string]struct{} {
	if _, ok := set[code]; ok {
		return set
	}
	if set == nil {
		set = make(map[string]struct{}, 8)
	}
	set[code] = struct{}{}
	w.measuredUpToDate = false
	return set
}

// ownerWidth is how wide ownerName draws a people field, without making it:
// each `;` between nicks becomes ", ".
func ownerWidth(s string) int {
	s = strings.TrimSuffix(strings.TrimSpace(s), ";")
	return ansi.StringWidth(s) + strings.Count(s, ";")
}

// listCells is the widest cell of each list column of d's items other
// than the title and the modified time, for listcols.Lay. The names of
// codes are measured again only after an item or the field information
// brought something new; the priorities, a handful, each time, as
// priorityCell shows them.
func (d *dataset) listCells() [listcols.Count]int {
	w := &d.widths
	if !w.measuredUpToDate {
		var c [listcols.Count]int
		c[listcols.ID], c[listcols.Owner] = w.id, w.owner
		for code := range w.status {
			c[listcols.Status] = max(c[listcols.Status], ansi.StringWidth(statusName(d.fields, code)))
		}
		for code := range w.iter {
			c[listcols.Iteration] = max(c[listcols.Iteration], ansi.StringWidth(iterationName(d.fields, code)))
		}
		for code := range w.severity {
			c[listcols.Severity] = max(c[listcols.Severity], ansi.StringWidth(d.fields.OptionLabel("severity", code)))
		}
		w.measured, w.measuredUpToDate = c, true
	}
	c := w.measured
	c[listcols.Priority] = ansi.StringWidth(i18n.T(noneWord))
	for k := range d.cols {
		if d.cols[k].unknown { // "? value"; the other columns are the options, or No priority shown as noneWord
			c[listcols.Priority] = max(c[listcols.Priority], ansi.StringWidth(d.cols[k].label))
		}
	}
	for _, o := range d.opts {
		c[listcols.Priority] = max(c[listcols.Priority], ansi.StringWidth(o.Label))
	}
	return c
}
