// Package items is `triage list` (the items of a kind that pass the
// board's filter, as a table, lines or JSON) and `triage view` (one item as
// the board's preview shows it, as JSON, or in the browser).
package items
