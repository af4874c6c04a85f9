package fieldflow

import (
	"slices"

	"triage/store"
)

// HasOwner reports whether nick is one of owners (TAPD's "a;b;" list).
func HasOwner(owners, nick string) bool {
	return nick != "" && slices.Contains(store.Owners(owners), nick)
}

// CommonOwners are the owners every list has, in the first's order.
func CommonOwners(lists []string) []string {
	if len(lists) == 0 {
		return nil
	}
	var out []string
	for _, nick := range store.Owners(lists[0]) {
		if !slices.ContainsFunc(lists[1:], func(l string) bool { return !HasOwner(l, nick) }) {
			out = append(out, nick)
		}
	}
	return out
}
