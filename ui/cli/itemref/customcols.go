package itemref

import (
	"context"
	"slices"

	"triage/api"
	"triage/ui/filter"
)

// The custom fields a workspace defines are columns of `triage list` and
// terms of its filter by their names, as the service gives them
// (`--columns id,title,来源渠道`): read only when a column or a term names
// something that is not one of the list's own.

// NeedsCustom reports whether the columns or the filter name something
// only a custom field could be.
func (n Names) NeedsCustom(cols []string, query string) bool {
	for _, col := range cols {
		if _, field := n.Fields[col]; !field && !slices.Contains(ColumnNames, col) {
			return true
		}
	}
	return filter.MayNameCustom(query)
}

// ReadCustom reads the kind's enabled custom fields into n.
func (n *Names) ReadCustom(ctx context.Context, client *api.Client, ws int64) error {
	all, err := client.CustomFields(ctx, ws, n.Kind)
	if err != nil {
		return err
	}
	n.Custom = api.EnabledCustomFields(all)
	return nil
}

// customColumn is the custom field a column names, by the workspace's
// name or its wire name; the list's own columns come first.
func (n Names) customColumn(col string) (api.CustomField, bool) {
	if slices.Contains(ColumnNames, col) {
		return api.CustomField{}, false
	}
	return api.CustomFieldNamed(n.Custom, col)
}

// customCell is a custom field's value as a column shows it: a select's
// option by its label, members as nicks.
func customCell(f api.CustomField, it *api.Item) string {
	v, _ := it.Get(f.Field)
	return f.Shown(v)
}

// customNames are the names of the custom fields, for a message.
func (n Names) customNames() []string {
	out := make([]string, len(n.Custom))
	for i, f := range n.Custom {
		out[i] = f.Name
	}
	return out
}
