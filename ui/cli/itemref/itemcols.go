package itemref

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/filter"
	"triage/ui/i18n"
)

// The columns of `triage list` and the fields of `triage view`: the names
// the workspace gives its statuses, priorities and iterations, as the board
// shows them, and the text of each column.

// ColumnNames are the columns with a meaning of their own; any other
// name is a field's wire name, printed as the service sent it.
var ColumnNames = store.ItemColumns()

// NoPriority is the word for an item without a priority, in the list's
// column, the log and set's lines.
const NoPriority = "none"

// Names are a kind's field names in a workspace, from its field information.
type Names struct {
	Kind       api.Kind
	Fields     api.FieldInfo
	Priorities []api.PriorityOption
	// Custom are the kind's enabled custom fields, once read (ReadCustom).
	Custom []api.CustomField
}

// readFieldNames reads the field information of a kind.
func readFieldNames(ctx context.Context, client *api.Client, ws int64, kind api.Kind) (Names, error) {
	fi, err := client.FieldInfo(ctx, ws, kind)
	if err != nil {
		return Names{}, err
	}
	return Names{Kind: kind, Fields: fi, Priorities: fi.PriorityOptions()}, nil
}

// Priority is an item's priority as the board's columns name it: the
// option's value (key, "" for none) and label ("none" for none).
func (n Names) Priority(it *api.Item) (key, label string) {
	v := it.DisplayPriority()
	if v == "" {
		return "", NoPriority
	}
	for _, o := range n.Priorities {
		if o.Value == v {
			return o.Value, o.Label
		}
	}
	for _, o := range n.Priorities {
		if o.Label == v {
			return o.Value, o.Label
		}
	}
	return v, v
}

// Matches reports whether an item passes a filter, as on the board.
func (n Names) Matches(q *filter.Query, it *api.Item) bool {
	key, label := n.Priority(it)
	if key == "" {
		label = ""
	}
	return q.Match(filter.Item{
		Hay: strings.ToLower(it.Title + "\n" + People(it.Owner)), ID: it.ID, ShortID: it.ShortID(),
		Status: it.Status, StatusName: n.Fields.OptionLabel("status", it.Status),
		PriorityKey: key, PriorityLabel: label, Owner: it.Owner,
		IterationID: store.NoIteration(it.IterationID), IterationName: n.Fields.OptionLabel("iteration_id", store.NoIteration(it.IterationID)),
		Severity: it.Severity, SeverityName: n.Fields.OptionLabel("severity", it.Severity),
		Creator: it.Creator, Created: it.Created, Modified: it.Modified,
		Get: func(field string) string { v, _ := it.Get(field); return v },
	})
}

// FilterOptions are the statuses and priorities the filter's values are
// checked against, as the board's filter line checks them.
func (n Names) FilterOptions() filter.Options {
	return filter.FieldOptions(n.Fields, n.Priorities)
}

// CheckColumns refuses a column that is neither one of the list's own nor
// a field of the kind: one the field information names or one every item
// carries; it says which, and what may be used.
func (n Names) CheckColumns(cols []string) error {
	probe := api.Item{Kind: n.Kind}
	for _, col := range cols {
		if _, field := n.Fields[col]; field || slices.Contains(ColumnNames, col) {
			continue
		}
		if _, custom := n.customColumn(col); custom {
			continue
		}
		if _, carried := probe.Get(col); carried && col != "" {
			continue
		}
		fields := append(n.customNames(), slices.Sorted(maps.Keys(n.Fields))...)
		return api.Errorf("%w: --columns: %q is not a column%s: use %s, or a field of the %s here (%s)", wiring.ErrUsage,
			col, nearest(col, append(slices.Clone(ColumnNames), fields...)), strings.Join(ColumnNames, ", "),
			api.Say(n.Kind.Path()), filter.ListSome(fields, 8))
	}
	return nil
}

// nearest is " (did you mean NAME?)" for the name within two edits of typed,
// or "".
func nearest(typed string, names []string) string {
	best, bestDist := "", 3
	for _, name := range names {
		if d := editDistance(typed, name); d < bestDist {
			best, bestDist = name, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// editDistance is the number of letters to insert, delete or change to
// turn a into b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			change := prev[j-1]
			if a[i-1] != b[j-1] {
				change++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, change)
		}
		prev = cur
	}
	return prev[len(b)]
}

// Cell is the text of one column for an item, with no control characters.
func (n Names) Cell(it *api.Item, col, web string) string {
	var v string
	switch col {
	case "id":
		v = it.ShortID()
	case "full_id":
		v = it.ID
	case "kind":
		v = it.Kind.String()
	case "title":
		v = it.Title
	case "priority":
		_, v = n.Priority(it)
	case "status":
		v = n.Fields.OptionLabel("status", it.Status)
	case "owner":
		v = People(it.Owner)
	case "iteration":
		if it.IterationID != "" && it.IterationID != "0" {
			v = n.Fields.OptionLabel("iteration_id", it.IterationID)
		}
	case "severity":
		v = n.Fields.OptionLabel("severity", it.Severity)
	case "created":
		v = ShownTime(it.Created)
	case "modified":
		v = ShownTime(it.Modified)
	case "url":
		v = it.WebURL(web)
	default:
		if f, ok := n.customColumn(col); ok {
			v = customCell(f, it)
		} else {
			v, _ = it.Get(col)
		}
	}
	return Printable(v)
}

// Row is the cells of an item for the columns.
func (n Names) Row(it *api.Item, cols []string, web string) []string {
	out := make([]string, len(cols))
	for i, col := range cols {
		out[i] = n.Cell(it, col, web)
	}
	return out
}

// columnHeaders are the header cells of the columns with a meaning of
// their own, in English, which is also their key in the catalogues.
var columnHeaders = map[string]string{
	"id": "ID", "full_id": "FULL ID", "kind": "KIND", "title": "TITLE", "priority": "PRIORITY",
	"status": "STATUS", "owner": "OWNER", "iteration": "ITERATION", "severity": "SEVERITY",
	"created": "CREATED", "modified": "MODIFIED", "url": "URL",
}

// ColumnHeaders are the header cells of a table drawn on a terminal, in
// the language in use; a custom field is headed by its name, another
// field by its wire name.
func ColumnHeaders(cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		if h, ok := columnHeaders[c]; ok {
			out[i] = i18n.T(h)
		} else {
			out[i] = strings.ToUpper(strings.ReplaceAll(c, "_", " "))
		}
	}
	return out
}

// ShownRow is a row of cells as a table on a terminal shows it: the kind
// and the word for no priority in the language in use; the data of the
// service as it is. Piped lines keep Row's cells.
func ShownRow(row, cols []string) []string {
	for i, col := range cols {
		switch {
		case col == "kind" && row[i] != "":
			row[i] = i18n.T(row[i])
		case col == "priority" && row[i] == NoPriority:
			row[i] = i18n.T(NoPriority)
		}
	}
	return row
}

// wireName is the field behind a column, in the kind's wire names: a
// custom field's by its name.
func (n Names) wireName(col string) string {
	if f, ok := n.customColumn(col); ok {
		return f.Field
	}
	kind := n.Kind
	switch col {
	case "full_id", "url":
		return "id"
	case "title":
		return kind.TitleField()
	case "owner":
		return kind.OwnerField()
	case "priority":
		return "priority_label"
	case "iteration":
		return "iteration_id"
	case "kind":
		return ""
	}
	return col
}

// ListFieldsFor asks the service for what the filter and the columns read:
// the custom fields too, once read, which the filter may name.
func (n Names) ListFieldsFor(cols []string) []string {
	fields := api.ListFields(n.Kind)
	for _, f := range n.Custom {
		fields = append(fields, f.Field)
	}
	for _, c := range cols {
		if w := n.wireName(c); w != "" && !slices.Contains(fields, w) {
			fields = append(fields, w)
		}
	}
	return fields
}

// JsonFieldsFor are the fields --json writes: every one, or those of --columns.
func (n Names) JsonFieldsFor(chosen bool, cols []string) []string {
	if !chosen {
		return nil
	}
	fields := []string{"id"}
	for _, c := range cols {
		if w := n.wireName(c); w != "" && !slices.Contains(fields, w) {
			fields = append(fields, w)
		}
	}
	return fields
}

// WriteItemsJSON writes one JSON array of items, an item a line.
func WriteItemsJSON(w io.Writer, items []api.Item, fields []string) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("[")
	for i := range items {
		if i > 0 {
			bw.WriteString(",")
		}
		b, _ := items[i].MarshalFields(fields)
		bw.WriteString("\n")
		bw.Write(b)
	}
	bw.WriteString("\n]\n")
	return bw.Flush()
}

// People is a People field as shown: nicks joined by ", ".
func People(s string) string {
	return strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(s), ";"), ";", ", ")
}

// ShownTime is a service time in the local zone, to the minute.
func ShownTime(service string) string {
	t, err := api.ParseTime(service)
	if err != nil {
		return service
	}
	return t.In(time.Local).Format("2006-01-02 15:04")
}

// Printable keeps a value on one line and drops the control characters a
// terminal would act on (escapes among them).
func Printable(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return -1
		}
		return r
	}, s)
}

// ReadNames reads the field names of a kind, and keeps its priority labels for
// shell completion (a failure to keep them changes nothing else).
func ReadNames(ctx context.Context, t *wiring.Target, ws int64, kind api.Kind) (Names, error) {
	n, err := readFieldNames(ctx, t.Client, ws, kind)
	if err != nil {
		return n, err
	}
	if service, err := store.ServiceKey(t.Setup.Config.BaseURL); err == nil {
		_ = store.SaveLabels(t.Setup.Paths.CacheDir, service, kind, n.Priorities)
	}
	return n, nil
}
