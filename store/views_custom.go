package store

import "strings"

// A view's columns: may name the workspace's custom fields as the list
// shows them: by their names as the workspace gives them (来源渠道,
// Customer), or as cf:NAME for a name written like one of the list's own
// columns (cf:team). The board shows those the workspace defines.

// customColumns is a view's columns: as read: each name trimmed.
func customColumns(value string) string {
	var names []string
	for c := range strings.SplitSeq(value, ",") {
		c = strings.TrimSpace(c)
		if name, ok := strings.CutPrefix(c, "cf:"); ok {
			c = "cf:" + strings.TrimSpace(name)
		}
		names = append(names, c)
	}
	return strings.Join(names, ",")
}

// IsCustomColumn reports whether a column of a view's columns: names a
// custom field: cf:NAME, or a name that is not written as the list's own
// columns are (lower-case letters and _), such as 来源渠道 or Customer.
func IsCustomColumn(c string) bool {
	if name, ok := strings.CutPrefix(c, "cf:"); ok {
		return name != ""
	}
	return c != "" && strings.Trim(c, "abcdefghijklmnopqrstuvwxyz_") != ""
}
