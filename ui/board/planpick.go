package board

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/picker"
	"triage/ui/workspace"
)

// openOwnerPicker offers the workspace's members, searchable by nick and
// name; enter adds or removes one, "done" sets the owners chosen. fp holds
// the owners chosen so far (nil: the item's owners).
func (m *Model) openOwnerPicker(fp *fieldPick) tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note("a assigns one item: put the cursor on it (esc clears the marks)")
	}
	d := m.cur()
	members, known, cmd := m.eng.Members()
	if !known {
		m.awaitPick = pickOwner
		return cmd
	}
	if fp == nil {
		fp = &fieldPick{owners: store.Owners(it.Owner)}
	}
	items := []picker.Item{{Title: "done", Detail: "set " + ownersText(fp.owners), Value: doneValue}}
	listed := map[string]bool{}
	for _, mb := range members {
		items = append(items, ownerItem(mb.Nick, mb.Name, slices.Contains(fp.owners, mb.Nick)))
		listed[mb.Nick] = true
	}
	for _, nick := range fp.owners {
		if !listed[nick] {
			items = append(items, ownerItem(nick, "not a member", true))
		}
	}
	return m.openFieldPicker(pickOwner, d.kind, it.ID, "Owners of #"+it.ShortID(), items, fp)
}

func ownerItem(nick, name string, chosen bool) picker.Item {
	mark := "  "
	if chosen {
		mark = "✓ "
	}
	return picker.Item{Title: mark + nick, Detail: name, Value: nick}
}

// ownersText names owners for the done choice: "alice, bob", or "no owner".
func ownersText(nicks []string) string {
	if len(nicks) == 0 {
		return "no owner"
	}
	return strings.Join(nicks, ", ")
}

// toggleMe adds the user to the selected item's owners, or removes them.
func (m *Model) toggleMe() tea.Cmd {
	i, it, ok := m.selectedItem()
	if !ok {
		return m.note("A changes one item: put the cursor on it (esc clears the marks)")
	}
	owners := store.Owners(it.Owner)
	if at := slices.Index(owners, m.ctx.User); at >= 0 {
		owners = slices.Delete(owners, at, at+1)
	} else {
		owners = append(owners, m.ctx.User)
	}
	return m.setField(m.cur(), i, workspace.Owner, store.JoinOwners(owners), nil)
}

// openIterationPicker offers "none" (unplan), then the open iterations, the
// current one marked, then the done ones.
func (m *Model) openIterationPicker() tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note("i plans one item: put the cursor on it (esc clears the marks)")
	}
	d := m.cur()
	its, known, cmd := m.eng.Iterations()
	if !known {
		m.awaitPick = pickIteration
		return cmd
	}
	today := m.ctx.Clock().In(api.ServiceZone).Format(time.DateOnly)
	items := []picker.Item{{Title: workspace.NoneWord, Detail: "unplan", Value: ""}}
	for _, open := range []bool{true, false} {
		for _, x := range iterationsByStart(its) {
			if (x.Status != "done") != open {
				continue
			}
			detail := x.StartDate + " – " + x.EndDate
			switch {
			case x.Status == "done":
				detail += " · done"
			case x.StartDate <= today && today <= x.EndDate:
				detail += " · current iteration"
			}
			if x.ID == store.NoIteration(it.IterationID) {
				detail += " · planned here"
			}
			items = append(items, picker.Item{Title: x.Name, Detail: detail, Value: x.ID})
		}
	}
	m.openFieldPicker(pickIteration, d.kind, it.ID, "Iteration of #"+it.ShortID(), items, &fieldPick{})
	m.pick.model.MoveTo(store.NoIteration(it.IterationID))
	return nil
}

// iterationsByStart sorts iterations by start date, oldest first.
func iterationsByStart(its []api.Iteration) []api.Iteration {
	out := slices.Clone(its)
	slices.SortStableFunc(out, func(a, b api.Iteration) int { return strings.Compare(a.StartDate, b.StartDate) })
	return out
}

// openSeverityPicker offers a bug's severities, from the field information.
func (m *Model) openSeverityPicker() tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note("! sets the severity of one bug: put the cursor on it")
	}
	d := m.cur()
	if d.kind != api.Bug {
		return m.note("only bugs have a severity")
	}
	var items []picker.Item
	for _, o := range d.fields["severity"].Options.Pairs {
		items = append(items, picker.Item{Title: o.Label, Value: o.Value})
	}
	if len(items) == 0 {
		return m.note("the service lists no severities for bugs")
	}
	m.openFieldPicker(pickSeverity, d.kind, it.ID, fmt.Sprintf("Severity of #%s", it.ShortID()), items, &fieldPick{})
	m.pick.model.SetCurrent(it.Severity)
	return nil
}

// onReferenceRead opens the picker that waited for what was read.
func (m *Model) onReferenceRead(msg workspace.ReferenceReadMsg) tea.Cmd {
	p := m.awaitPick
	m.awaitPick = 0
	var cmd tea.Cmd
	if m.awaitGroup {
		m.awaitGroup = false
		cmd = m.groupBy(workspace.Owner)
	}
	if m.awaitIters {
		m.awaitIters = false
		cmd = tea.Batch(cmd, m.needIterations(m.cur().typed))
	}
	switch p {
	case pickStatus:
		cmd = tea.Batch(cmd, m.openStatusPicker())
	case pickOwner:
		cmd = m.openOwnerPicker(nil)
	case pickIteration:
		cmd = m.openIterationPicker()
	}
	if msg.Err != nil {
		return tea.Batch(cmd, m.report(msg.Err))
	}
	return cmd
}
