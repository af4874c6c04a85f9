package board

import (
	"slices"
	"strings"
	"time"

	"triage/api"
	"triage/ui/engine"
	"triage/ui/filter"
	"triage/ui/views/board/listcols"
	"triage/ui/views/board/listorder"
	"triage/ui/views/board/sortkey"
)

// dataset is every index the board draws a kind's items from: columns,
// orders, filter matches, haystacks. The items are the engine's
// (engine.Items); the dataset is their index (engine.Index), told of
// every item appended or changed, and built anew over another set.
type dataset struct {
	kind   api.Kind
	src    *engine.Items
	opts   []api.PriorityOption // of src's field information, when the dataset was built
	fields api.FieldInfo        // src's field information, as of the last load told (onLoaded)

	// items and seq are src's List and Seq (column order: page number and
	// position in the page; created items negative), as of the last item
	// appended.
	items []api.Item
	seq   []int32
	col   []int32  // column of each item
	hay   []string // lower-cased title and owner, for the text filter (ids are digits)
	match []bool   // whether each item matches the text filter; kept only while it is on

	cols  []column
	colOf map[string]int // display priority (or the grouping field's value) → column
	// group is the field the columns stand for ("": the priority), and
	// groupOpts its options (group.go).
	group     engine.Field
	groupOpts []api.PriorityOption
	// priorityCol is each priority's column as if grouped by it, to sort
	// the list by priority when grouped by another field; nil otherwise.
	priorityCol map[string]int
	// iterAlias names the iterations @current and @next stand for on day
	// today, and iterOpts are the workspace's iterations, for the filter
	// (filter_workspace.go); nil while not read.
	iterAlias map[string]string
	iterOpts  []filter.Option
	today     string
	// finals are the kind's final statuses, for the filter's is: term
	// (filter_open.go); nil while not read or not named.
	finals map[string]bool

	typed string          // the text filter as typed
	query string          // lower-cased text filter; "" for none
	me    string          // the user's nick, for owner:@me
	tq    filter.Compiled // the filter parsed (query.go)
	past  []pastFilter    // the filters typed on the way to this one (query.go)
	prio  int             // column the priority filter keeps; -1 for none
	// clock is what today and 3d count from in created: and modified:;
	// nil: time.Now.
	clock func() time.Time

	sort sortkey.Sort
	// orders holds every item sorted by each key the list was sorted by
	// (orders.go); nil for a key not sorted by yet, and for the priority
	// while its order is the columns'.
	orders listorder.Kept
	list   []int32 // the items the list shows, in list order
	// listDirty says list must be rebuilt from the order before it is read.
	listDirty bool
	listSel   int
	listTop   int

	cur  int // selected column
	left int // first column drawn

	widths cellWidths // what the list's columns need (list_widths.go)

	// custom are the kind's custom fields, which the filter and the list's
	// columns name (the engine's, when the dataset was made).
	custom []api.CustomField
	// customWidths are their widest values as list columns, measured for
	// customFor items (list_custom.go); nil: not measured.
	customWidths []listcols.Custom
	customFor    int
}

// datasetOf is an empty index over a kind's items, in the columns of its
// priorities; src.Keep has it index the items.
func datasetOf(src *engine.Items) *dataset {
	d := &dataset{
		kind:   src.Kind,
		src:    src,
		opts:   src.Fields.PriorityOptions(),
		fields: src.Fields,
		prio:   -1,
		sort:   sortkey.Sort{Key: sortkey.Priority},
		orders: listorder.NewKept(int(sortkey.Count)),
	}
	d.cols, d.colOf = layoutColumns(d.opts)
	return d
}

// colLess orders items within a column: by sequence key, then position.
func (d *dataset) colLess(a, b int32) bool {
	if sa, sb := d.seq[a], d.seq[b]; sa != sb {
		return sa < sb
	}
	return a < b
}

// colCmp is colLess as a comparison, for sorting.
func (d *dataset) colCmp(a, b int32) int {
	switch {
	case a == b:
		return 0
	case d.colLess(a, b):
		return -1
	}
	return 1
}

// boardCmp orders items as the board shows them: by column, then within
// their column.
func (d *dataset) boardCmp(a, b int32) int {
	if d.col[a] != d.col[b] {
		return int(d.col[a] - d.col[b])
	}
	return d.colCmp(a, b)
}

// filtering reports whether the text filter is on.
func (d *dataset) filtering() bool { return d.query != "" }

// visible returns the items column c shows.
func (d *dataset) visible(c int) []int32 {
	if d.filtering() {
		return d.cols[c].vis
	}
	return d.cols[c].all
}

// passing counts the items that pass both filters, from the columns: no
// need to build the list for it.
func (d *dataset) passing() int {
	if d.prio >= 0 {
		return len(d.visible(d.prio))
	}
	n := 0
	for c := range d.cols {
		n += len(d.visible(c))
	}
	return n
}

// shownInList reports whether item i passes both filters.
func (d *dataset) shownInList(i int32) bool {
	if d.filtering() && !d.match[i] {
		return false
	}
	return d.prio < 0 || int(d.col[i]) == d.prio
}

// columnFor returns the column of a display priority, adding a column for a
// value the options do not know.
func (d *dataset) columnFor(p string) int {
	if c, ok := d.colOf[p]; ok {
		return c
	}
	c := len(d.cols)
	d.cols = append(d.cols, column{key: p, label: "? " + p, option: -1, unknown: true})
	d.colOf[p] = c
	return c
}

// Grew indexes the items appended to src from first on: one pass per index.
// The haystacks of each page's worth of items share one allocation.
func (d *dataset) Grew(first int32) {
	d.items, d.seq = d.src.List, d.src.Seq
	d.reserve(cap(d.items))
	n := int32(len(d.items))
	for lo := first; lo < n; lo += api.PageSize {
		var hb strings.Builder
		for i := lo; i < min(lo+api.PageSize, n); i++ {
			d.col = append(d.col, int32(d.columnFor(d.keyOf(&d.items[i]))))
			d.widths.measure(&d.items[i])
			filter.WriteHaystack(&hb, d.items[i].Title, d.items[i].Owner)
			hb.WriteByte(0)
		}
		d.appendHaystacks(hb.String())
	}
	d.indexNew(first)
}

// appendHaystacks cuts joined haystacks, each ended by a 0 byte, into one
// string per item, all sharing one allocation.
func (d *dataset) appendHaystacks(joined string) {
	for joined != "" {
		end := strings.IndexByte(joined, 0)
		d.hay = append(d.hay, joined[:end])
		joined = joined[end+1:]
	}
}

// indexNew merges the items from first onwards into the column, filter and
// list indexes.
func (d *dataset) indexNew(first int32) {
	n := int32(len(d.items))
	if first == n {
		return
	}
	d.forgetPast()
	if d.filtering() {
		for i := first; i < n; i++ {
			d.match = append(d.match, d.matches(i))
		}
	}
	batch := make([]int32, 0, n-first)
	for i := first; i < n; i++ {
		batch = append(batch, i)
	}
	slices.SortFunc(batch, d.boardCmp)
	for lo := 0; lo < len(batch); {
		c := d.col[batch[lo]]
		hi := lo
		for hi < len(batch) && d.col[batch[hi]] == c {
			hi++
		}
		run := batch[lo:hi]
		col := &d.cols[c]
		col.all = listorder.Merge(col.all, run, d.colLess)
		if d.filtering() {
			for _, i := range run {
				if d.match[i] {
					col.vis = listorder.Insert(col.vis, i, d.colLess)
				}
			}
		}
		lo = hi
	}
	d.orders.Added(batch, d.orderCmp)
	d.listDirty = true
}

// Detach takes item i out of every index, before one of its fields changes.
func (d *dataset) Detach(i int32) {
	col := &d.cols[d.col[i]]
	col.all = listorder.Remove(col.all, i, d.colLess)
	if d.filtering() && d.match[i] {
		col.vis = listorder.Remove(col.vis, i, d.colLess)
	}
	if !d.listDirty && d.shownInList(i) {
		d.list = listorder.Remove(d.list, i, d.listLess)
	}
	d.orders.Detach(i, d.orderCmp)
}

// Attach puts item i back into every index after its fields changed.
func (d *dataset) Attach(i int32) {
	d.forgetPast()
	d.customWidths = nil
	d.col[i] = int32(d.columnFor(d.keyOf(&d.items[i])))
	d.widths.measure(&d.items[i])
	var hb strings.Builder
	filter.WriteHaystack(&hb, d.items[i].Title, d.items[i].Owner)
	d.hay[i] = hb.String()
	col := &d.cols[d.col[i]]
	col.all = listorder.Insert(col.all, i, d.colLess)
	if d.filtering() {
		d.match[i] = d.matches(i)
		if d.match[i] {
			col.vis = listorder.Insert(col.vis, i, d.colLess)
		}
	}
	d.orders.Attach(i, d.orderCmp)
	if !d.listDirty && d.shownInList(i) {
		d.list = listorder.Insert(d.list, i, d.listLess)
	}
}

// replace sets item i to it, through the engine's items, which keep every
// index in order.
func (d *dataset) replace(i int32, it api.Item) { d.src.Set(i, it) }

// add appends an item the user created; it comes first in its column.
func (d *dataset) add(it api.Item) int32 { return d.src.Add(it) }

// setPriorityFilter keeps only column c (-1: every column).
func (d *dataset) setPriorityFilter(c int) {
	if c != d.prio {
		d.prio = c
		d.listDirty = true
	}
}

// find returns the position of the item with an id. It scans: it serves
// the service's answers, not key presses.
func (d *dataset) find(id string) (int32, bool) { return d.src.Find(id) }

// ownerName is a people field as shown: nicks without the trailing `;`,
// several separated by commas.
func ownerName(s string) string {
	s = strings.TrimSuffix(strings.TrimSpace(s), ";")
	if strings.IndexByte(s, ';') >= 0 {
		s = strings.ReplaceAll(s, ";", ", ")
	}
	return s
}

// statusName is the display name of a status code from the workspace's
// field information (planning → Planning, 规划中), or the code itself.
func statusName(fi api.FieldInfo, code string) string { return fi.OptionLabel("status", code) }

// iterationName is the name of an iteration from the field information
// (iteration_id options, id → name), or its id; "" for none.
func iterationName(fi api.FieldInfo, id string) string {
	if id == "" || id == "0" {
		return ""
	}
	return fi.OptionLabel("iteration_id", id)
}

// reserve makes room for n items, so a large list grows its indexes once.
func (d *dataset) reserve(n int) {
	if n <= cap(d.col) {
		return
	}
	d.col = slices.Grow(d.col, n-len(d.col))
	d.hay = slices.Grow(d.hay, n-len(d.hay))
}

// carry takes over the view settings of the dataset it replaces (a load,
// or the options arriving), before it indexes its items: filters, list
// order and the selected column.
func (d *dataset) carry(old *dataset) {
	if old == nil {
		return
	}
	d.sort = old.sort
	d.typed = old.typed
	d.iterAlias, d.iterOpts, d.today = old.iterAlias, old.iterOpts, old.today
	d.finals = old.finals
	if old.group != "" {
		d.regroup(old.group, old.groupOpts)
	}
	d.setQuery(old.query, old.me) // matched on d's own items, columns and statuses
	if old.prio >= 0 {
		d.prio = d.columnFor(old.cols[old.prio].key)
	}
	if old.cur < len(old.cols) {
		if c, ok := d.colOf[old.cols[old.cur].key]; ok {
			d.cur = c
		}
	}
	d.listDirty = true
}
