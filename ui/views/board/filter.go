package board

import (
	"slices"
	"strings"
	"time"

	"triage/ui/filter"
)

// A keystroke in the filter costs what it must look at: a letter typed
// narrows the cards already shown, and a letter erased goes back to the
// cards the filter showed before it, kept while typing forward.

// maxPast bounds how many filters typed on the way are kept.
const maxPast = 32

// pastFilter is a filter typed on the way to the current one: its cards of
// each column, a superset of the current ones.
type pastFilter struct {
	query, me string
	tq        filter.Compiled
	vis       [][]int32
}

// forgetPast drops the filters kept: the items changed since.
func (d *dataset) forgetPast() { d.past = d.past[:0] }

// setQuery sets the text filter (any case) and rebuilds the filtered
// indexes: from the cards shown when the filter only narrowed, from a
// filter kept when it went back to one, else with one scan over the
// haystacks.
func (d *dataset) setQuery(q, me string) {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == d.query && me == d.me {
		return
	}
	if q == "" {
		d.query, d.me = q, me
		d.listDirty = true
		d.forgetPast()
		d.tq = filter.Compiled{}
		d.match = d.match[:0]
		for c := range d.cols {
			d.cols[c].vis = d.cols[c].vis[:0]
		}
		return
	}
	if d.goBack(q, me) {
		return
	}
	tq := d.compile(q, me)
	if d.query != "" && me == d.me && tq.Narrows(&d.tq) {
		d.narrow(tq)
	} else {
		d.scan(tq)
	}
	d.query, d.me = q, me
}

// compile reads q as the filter of d's kind: its custom fields, its
// clock, its iterations' aliases and its final statuses.
func (d *dataset) compile(q, me string) filter.Compiled {
	tq := filter.CompileWith(q, me, d.now(), d.custom)
	tq.IterAlias, tq.Finals = d.iterAlias, d.finals
	return tq
}

// now is the time by d's clock.
func (d *dataset) now() time.Time {
	if d.clock != nil {
		return d.clock()
	}
	return time.Now()
}

// rescan matches every item of d against its filter again.
func (d *dataset) rescan() {
	d.scan(d.compile(d.query, d.me))
}

// scan matches every item against a new filter.
func (d *dataset) scan(tq filter.Compiled) {
	d.forgetPast()
	d.tq = tq
	d.listDirty = true
	d.match = slices.Grow(d.match[:0], len(d.hay))[:len(d.hay)]
	if w, ok := tq.OneWord(); ok {
		for i, h := range d.hay {
			d.match[i] = strings.Contains(h, w)
		}
	} else {
		for i := range d.hay {
			d.match[i] = d.matches(int32(i))
		}
	}
	for c := range d.cols {
		col := &d.cols[c]
		vis := col.vis[:0]
		for _, i := range col.all {
			if d.match[i] {
				vis = append(vis, i)
			}
		}
		col.vis = vis
	}
}

// narrow matches only the cards shown against a filter that passes fewer,
// keeping the current filter to go back to. When they are many, it goes
// through the items in order, as the haystacks lie in memory, rather than
// column by column.
func (d *dataset) narrow(tq filter.Compiled) {
	if len(d.past) == maxPast {
		d.past = slices.Delete(d.past, 0, 1)
	}
	now := pastFilter{query: d.query, me: d.me, tq: d.tq, vis: make([][]int32, len(d.cols))}
	d.tq = tq
	shown := 0
	for c := range d.cols {
		shown += len(d.cols[c].vis)
	}
	w, one := tq.OneWord()
	switch {
	case shown > len(d.match)/sparseShown && one:
		for i, ok := range d.match {
			if ok && !strings.Contains(d.hay[i], w) {
				d.match[i] = false
			}
		}
	case shown > len(d.match)/sparseShown:
		for i, ok := range d.match {
			if ok && !d.matches(int32(i)) {
				d.match[i] = false
			}
		}
	default:
		for c := range d.cols {
			for _, i := range d.cols[c].vis {
				if !d.matches(i) {
					d.match[i] = false
				}
			}
		}
	}
	for c := range d.cols {
		col := &d.cols[c]
		now.vis[c] = col.vis
		vis := make([]int32, 0, len(col.vis))
		for _, i := range col.vis {
			if d.match[i] {
				vis = append(vis, i)
			}
		}
		col.vis = vis
	}
	d.past = append(d.past, now)
	if !d.listDirty {
		d.list = slices.DeleteFunc(d.list, func(i int32) bool { return !d.match[i] })
	}
}

// sparseShown: when fewer than one item in this many is shown, narrowing
// visits the cards shown column by column instead of every item in order.
const sparseShown = 16

// goBack returns to a filter kept, when q is one, and reports whether it did.
func (d *dataset) goBack(q, me string) bool {
	k := slices.IndexFunc(d.past, func(p pastFilter) bool { return p.query == q && p.me == me })
	if k < 0 || len(d.past[k].vis) != len(d.cols) {
		return false
	}
	p := d.past[k]
	d.past = d.past[:k]
	d.query, d.me, d.tq = p.query, p.me, p.tq
	d.listDirty = true
	for c := range d.cols {
		d.cols[c].vis = p.vis[c]
		for _, i := range p.vis[c] {
			d.match[i] = true
		}
	}
	return true
}
