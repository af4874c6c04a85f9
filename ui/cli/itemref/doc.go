// Package itemref is how the command line names items and shows their
// fields: an item's name on the command line (12, #12, bug/12, a full id
// or a web address: Ref, Parse), reading the items names stand for
// (LookupItems), and a kind's field names in a workspace with the text of
// each column of `triage list` and field of `triage view` (Names,
// ColumnNames). list, view, set and log share it.
package itemref
