// Package sortkey names the keys a list of items sorts by: the column each
// is (its header), the name saved views and the config give it, and how
// the texts an item is sorted by compare.
package sortkey

import (
	"cmp"
	"strings"
)

// Key is a column a list sorts by.
type Key int

const (
	Priority Key = iota
	ID
	Title
	Status
	Owner
	Modified
	Created
	Count // how many there are
)

// String is the header of the column the key sorts by.
func (k Key) String() string {
	switch k {
	case ID:
		return "ID"
	case Title:
		return "Title"
	case Status:
		return "Status"
	case Owner:
		return "Owner"
	case Modified:
		return "Modified"
	case Created:
		return "Created"
	}
	return "Priority"
}

// Compare compares the texts two items are sorted by under key k: ids by
// length first, as numbers, the rest as strings.
func Compare(k Key, a, b string) int {
	if k == ID {
		return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
	}
	return strings.Compare(a, b)
}

// Sort is the order of a list: a key, ascending or descending.
type Sort struct {
	Key  Key
	Desc bool
}

// Name is the sort as views name it: the key's name ("title"), after "-"
// when descending.
func (s Sort) Name() string {
	name := strings.ToLower(s.Key.String())
	if s.Desc {
		return "-" + name
	}
	return name
}

// Parse reads a sort as Name writes it; false for a key it does not know.
func Parse(name string) (Sort, bool) {
	key := strings.TrimPrefix(name, "-")
	for k := range Count {
		if strings.ToLower(k.String()) == key {
			return Sort{Key: k, Desc: key != name}, true
		}
	}
	return Sort{}, false
}
