package store

// A flat entry of tableVersion writes once the texts its items repeat (a
// workspace, a status, an owner, an iteration; a custom field's name and
// value) in a table, and each item refers to them by number: 100,000
// stories of four custom fields wrote the same names and values 100,000
// times, 29 MB where 12 MB hold them. Read back, the items share the
// table's strings.
//
// Each text of an item is a ref (a uvarint): a table string's number n as
// 2n+1, a text of the item's own of length l as 2l, cut from the text
// after the table's strings.

// tableMost is the most strings a table holds: past them, a text is
// written with its item (a free-text custom field, unique to each item).
const tableMost = 1 << 16

// tabledLongest is the longest text written in the table: longer ones
// are seldom repeated.
const tabledLongest = 64

// tabledTexts tells which of api.Item.Texts go in the table: not the id,
// title, times and description, which each item has its own.
var tabledTexts = [15]bool{1: true, 3: true, 4: true, 5: true, 6: true, 7: true, 10: true, 11: true, 12: true, 13: true}

// textTable is the table of an entry being encoded.
type textTable struct {
	index map[string]int
	texts []string
	size  int // the length of its texts together
}

// add puts s in the table, when it is not there, the table has room and s
// is short and not empty. s is copied only when it is added (a value of
// an extra field, the same in many items, is made a string once).
func add[T ~string | ~[]byte](t *textTable, s T) {
	if len(s) == 0 || len(s) > tabledLongest || len(t.texts) >= tableMost {
		return
	}
	if _, ok := t.index[string(s)]; ok {
		return
	}
	if t.index == nil {
		t.index = make(map[string]int)
	}
	t.index[string(s)] = len(t.texts)
	t.texts = append(t.texts, string(s))
	t.size += len(s)
}

// refOf is the ref of s in t, and whether s is written with its item
// (own). Only tabled texts are looked up: the first pass adds them as it
// goes, so any other could be found in the second pass and not in the
// first.
func refOf[T ~string | ~[]byte](t *textTable, s T, tabled bool) (ref uint64, own bool) {
	if tabled {
		if n, ok := t.index[string(s)]; ok {
			return uint64(n)<<1 | 1, false
		}
	}
	return uint64(len(s)) << 1, true
}
