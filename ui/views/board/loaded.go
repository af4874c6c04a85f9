package board

import "triage/ui/engine"

// onLoaded draws what a load did to a kind's items (the engine's): a set
// indexed anew, with the view settings of the one before and the cursor on
// the same item; the items someone else changed marked until the next key.
func (m *Model) onLoaded(ld engine.Loaded) {
	k := ld.Kind
	d := m.sets[k]
	selID := ""
	if ld.Reset {
		if i, ok := m.selected(); ok && k == m.tab {
			selID = d.items[i].ID
		}
		old := d
		d = datasetOf(m.eng.Items(k))
		d.clock = m.ctx.Clock
		d.custom = m.eng.CustomFields(k)
		d.carry(old)
		d.src.Keep(d)
		m.sets[k] = d
	}
	d.fields = d.src.Fields
	m.regroupByNewFields(d)
	d.setCustom(m.eng.CustomFields(k))
	d.widths.measuredUpToDate = false // the codes' names may have changed with the fields
	if m.cards.set == d {
		m.cards.set = nil // the statuses' names may have changed with the fields
	}
	if ld.Refreshed {
		m.changed[k] = ld.Since
		if len(ld.Since) == 0 {
			m.changed[k] = nil
		}
	}
	leaveEmptyColumn(d)
	m.clamp(d)
	if !ld.Reset || selID == "" {
		return
	}
	if i, ok := d.find(selID); ok {
		m.follow(i)
	}
}
