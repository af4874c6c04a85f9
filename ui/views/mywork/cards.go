package mywork

import (
	"triage/api"
	"triage/ui/engine/mine"
)

// groups are the cards drawn, grouped as chosen, each as the engine's
// edits leave it.
func (m *Model) groups() []mine.Group {
	gs := mine.Groups(m.work, m.by)
	if !m.eng.Editing() {
		return gs
	}
	for g := range gs {
		for i := range gs[g].Cards {
			c := &gs[g].Cards[i]
			if it, _, ok := m.eng.Over(c.Item.Kind, c.Item); ok {
				c.Item = it
			}
		}
	}
	return gs
}

// cards are the cards in the order drawn.
func (m *Model) cards() []mine.Card {
	var out []mine.Card
	for _, g := range m.groups() {
		out = append(out, g.Cards...)
	}
	return out
}

// count is how many cards there are.
func (m *Model) count() int { return mine.Count(m.work) }

// selected is the card under the cursor.
func (m *Model) selected() (mine.Card, bool) {
	cs := m.cards()
	if m.cursor < 0 || m.cursor >= len(cs) {
		return mine.Card{}, false
	}
	return cs[m.cursor], true
}

// moveTo puts the cursor on the card of an item, when it is drawn.
func (m *Model) moveTo(id string) {
	for i, c := range m.cards() {
		if c.Item.ID == id {
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
// the value once the engine is done with the edit.
func (m *Model) put(it api.Item) {
	for s := range m.work.Sets {
		set := &m.work.Sets[s]
		if set.Kind != it.Kind || wsOf(set.WorkspaceID) != it.WorkspaceID {
			continue
		}
		for i := range set.Items {
			if set.Items[i].ID == it.ID {
				set.Items[i] = it
				return
			}
		}
	}
}

// keepEdited keeps every card as the engine's edits leave it now: a card
// an undo or a refusal changed shows it after the engine forgets the edit.
func (m *Model) keepEdited() {
	if !m.eng.Editing() {
		return
	}
	for s := range m.work.Sets {
		set := &m.work.Sets[s]
		for i := range set.Items {
			if it, _, ok := m.eng.Over(set.Kind, set.Items[i]); ok {
				set.Items[i] = it
			}
		}
	}
}
