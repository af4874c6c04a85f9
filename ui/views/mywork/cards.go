package mywork

import (
	tea "charm.land/bubbletea/v2"
	"slices"

	"triage/api"
	"triage/ui/engine"
	"triage/ui/engine/mine"
)

// groups are the cards drawn, grouped as chosen: grouped again only when
// the work, a card or the grouping changed (regroup).
func (m *Model) groups() []mine.Group {
	if m.grouped == nil {
		m.grouped = mine.Groups(m.work, m.by)
		m.order = m.order[:0]
		for _, g := range m.grouped {
			m.order = append(m.order, g.Cards...)
		}
	}
	return m.grouped
}

// regroup says the cards must be grouped again before they are drawn.
func (m *Model) regroup() { m.grouped = nil }

// cards are the cards in the order drawn.
func (m *Model) cards() []mine.Card {
	m.groups()
	return m.order
}

// shown is a card as the engine's edits on their way leave it.
func (m *Model) shown(c mine.Card) mine.Card {
	if it, _, ok := m.eng.Over(c.Item.Kind, c.Item); ok {
		c.Item = it
	}
	return c
}

// count is how many cards there are.
func (m *Model) count() int { return mine.Count(m.work) }

// selected is the card under the cursor.
func (m *Model) selected() (mine.Card, bool) {
	cs := m.cards()
	if m.cursor < 0 || m.cursor >= len(cs) {
		return mine.Card{}, false
	}
	return m.shown(cs[m.cursor]), true
}

// moveTo puts the cursor on the card of an item, when it is drawn.
func (m *Model) moveTo(kind api.Kind, id string) {
	for i, c := range m.cards() {
		if c.Item.ID == id && c.Item.Kind == kind {
			m.cursor = i
			return
		}
	}
}

// clamp keeps the cursor on a card.
func (m *Model) clamp() {
	m.cursor = max(min(m.cursor, m.count()-1), 0)
}

// put keeps an item as its card shows it after an edit, so the card keeps
// the value once the engine is done with the edit. The work is shared with
// the reads and saves under way (refresh, names, save): it changes by a
// copy of the sets and of the set's items, never in place.
func (m *Model) put(it api.Item) {
	for s, set := range m.work.Sets {
		if set.Kind != it.Kind || wsOf(set.WorkspaceID) != it.WorkspaceID {
			continue
		}
		for i := range set.Items {
			if set.Items[i].ID == it.ID {
				m.work.Sets = slices.Clone(m.work.Sets)
				items := slices.Clone(set.Items)
				items[i] = it
				m.work.Sets[s].Items = items
				m.regroup()
				return
			}
		}
	}
}

// Changed takes what the engine says changed while the view is open (it
// watches in front of the board, then tells the board): an undo or a redo
// of any workspace's item, an answer of the service; each card keeps the
// value, so it shows it once the engine is done with the edit.
func (m *Model) Changed(msg engine.ChangedMsg) tea.Cmd {
	for _, items := range [][]engine.Shown{msg.Items, msg.Elsewhere} {
		for _, s := range items {
			if cur, ok := m.find(s.Kind, s.Item.ID); ok {
				m.put(m.eng.Card(s, cur))
			}
		}
	}
	if msg.Follow != nil {
		m.moveTo(msg.Follow.Kind, msg.Follow.Item.ID)
	}
	var ask tea.Cmd
	if msg.Conflicts {
		ask = m.ask()
		msg.Conflicts = false // asked here, not again by the board under the view
	}
	if m.board == nil {
		return ask
	}
	return tea.Batch(ask, m.board.Changed(msg))
}

// find is the card's item of a kind and id.
func (m *Model) find(kind api.Kind, id string) (api.Item, bool) {
	for _, set := range m.work.Sets {
		if set.Kind != kind {
			continue
		}
		for _, it := range set.Items {
			if it.ID == id {
				return it, true
			}
		}
	}
	return api.Item{}, false
}
