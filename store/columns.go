package store

// itemColumns are the columns an item is shown in, by name, in the order
// they are drawn and listed: `triage list --columns` takes every one; the
// board's list mode draws those on the board (a view's columns: chooses
// among them, the title always shown).
var itemColumns = [...]struct {
	name    string
	onBoard bool
}{
	{"id", true},
	{"full_id", false},
	{"kind", false},
	{"title", true},
	{"priority", true},
	{"status", true},
	{"owner", true},
	{"iteration", true},
	{"severity", true},
	{"created", true},
	{"modified", true},
	{"url", false},
}

// ItemColumns are the names of every column of an item, in order.
func ItemColumns() []string {
	names := make([]string, 0, len(itemColumns))
	for _, c := range itemColumns {
		names = append(names, c.name)
	}
	return names
}

// BoardColumns are the names of the columns the board's list mode draws,
// in order.
func BoardColumns() []string {
	var names []string
	for _, c := range itemColumns {
		if c.onBoard {
			names = append(names, c.name)
		}
	}
	return names
}
