package board

import (
	"triage/api"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/paint"
)

// A card's texts are measured and cut once for a width: the two lines of
// its title and its detail line, each fitted to the cells it has. A key
// press then redraws the cards in view by joining strings, without
// measuring a title again (display widths and cutting are most of a
// frame's cost).

// maxCardTexts bounds the texts kept; past it they are made afresh.
const maxCardTexts = 4096

// cardText is what a card shows of an item, each line exactly room cells,
// and what it was made from.
type cardText struct {
	id, title, code, owner string // what they were made of: the status by its code
	room                   int
	first, rest, detail    string
}

// cardTexts keeps the card texts of the items of one dataset by position.
type cardTexts struct {
	set *dataset
	by  map[int32]*cardText
}

// cardText returns the texts of item i of d for cards whose texts have room
// cells, making them when the item changed since or the width did.
func (m *Model) cardText(d *dataset, i int32, room int) *cardText {
	c := &m.cards
	if c.set != d || len(c.by) >= maxCardTexts {
		c.set, c.by = d, make(map[int32]*cardText, 64)
	}
	it := &d.items[i]
	t := c.by[i]
	if t != nil && t.room == room && t.id == it.ID && t.title == it.Title && t.code == it.Status && t.owner == it.Owner {
		return t
	}
	status := statusName(d.fields, it.Status)
	if t == nil {
		t = new(cardText)
		c.by[i] = t
	}
	first, rest := paint.SplitTitle(it.Title, room)
	*t = cardText{
		id: it.ID, title: it.Title, code: it.Status, owner: it.Owner, room: room,
		first: fitString(first, room), rest: fitString(rest, room), detail: fitString(cardDetail(it, status), room),
	}
	return t
}

// cardDetail is a card's last line: short id (or that its item is not
// created yet), status name, owners.
func cardDetail(it *api.Item, status string) string {
	detail := "#" + it.ShortID()
	if engine.IsLocalID(it.ID) {
		detail = i18n.T("not created yet")
	}
	if status != "" {
		detail += " · " + status
	}
	if owner := ownerName(it.Owner); owner != "" {
		detail += " · " + owner
	}
	return detail
}
