package listorder

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// SortedMsg brings the orders sorted away from the keys.
type SortedMsg struct {
	to      *Kept
	changes uint64
	by      [][]int32
}

// Keep keeps the orders sorted away from the keys, unless the items changed
// meanwhile, in the Kept that sorted them.
func (msg SortedMsg) Keep() {
	o := msg.to
	o.sorting = false
	if msg.changes != o.changes {
		return
	}
	for k, s := range msg.by {
		if s != nil && o.by[k] == nil {
			o.by[k] = s
		}
	}
}

// SortLater sorts, away from the keys, the orders of keys not kept yet, of
// n items, by the text each key sorts an item by (text), compared by cmp,
// equal texts in the order seq gives (then by position). keys are the keys
// to sort this way. nil when there is nothing to sort, or a sort is on.
func (o *Kept) SortLater(keys []int, n int, text func(k int, i int32) string, cmp func(k int, a, b string) int, seq []int32) tea.Cmd {
	if o.sorting {
		return nil
	}
	texts := make([][]string, len(o.by))
	wanted := false
	for _, k := range keys {
		if o.by[k] != nil {
			continue
		}
		t := make([]string, n)
		for i := range t {
			t[i] = text(k, int32(i))
		}
		texts[k], wanted = t, true
	}
	if !wanted {
		return nil
	}
	o.sorting = true
	msg := SortedMsg{to: o, changes: o.changes, by: make([][]int32, len(o.by))}
	seq = slices.Clone(seq)
	return func() tea.Msg {
		for k, t := range texts {
			if t == nil {
				continue
			}
			s := make([]int32, len(t))
			for i := range s {
				s[i] = int32(i)
			}
			slices.SortFunc(s, func(a, b int32) int {
				if c := cmp(k, t[a], t[b]); c != 0 {
					return c
				}
				if seq[a] != seq[b] {
					return int(seq[a]) - int(seq[b])
				}
				return int(a) - int(b)
			})
			msg.by[k] = s
		}
		return msg
	}
}
