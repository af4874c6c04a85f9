package mywork

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/engine/mine"
	"triage/ui/i18n"
)

// An edit of a card goes through the engine the board edits with: staged on
// the card at once, queued in the outbox, read before it is written, undone
// by u. The engine sends it to the card's workspace (the item's
// workspace_id). The priorities offered are the item's workspace's, read
// once per workspace and kind when an edit first needs them.

// wsOf is a workspace id as items write it.
func wsOf(id int64) string { return strconv.FormatInt(id, 10) }

// move is a priority change asked of a card: by steps, or to the nth option.
type move struct {
	kind api.Kind // a story and a bug may share an id
	id   string
	step int // ±1; 0: nth
	nth  int
}

// fieldsMsg carries the field information of a kind in a workspace, read
// for the move that needed it.
type fieldsMsg struct {
	ws   int64
	kind api.Kind
	fi   api.FieldInfo
	err  error
	then move
}

// step moves the selected card to the next (d=1) or previous priority of
// its workspace.
func (m *Model) step(d int) tea.Cmd {
	c, ok := m.selected()
	if !ok {
		return nil
	}
	return m.move(c, move{kind: c.Item.Kind, id: c.Item.ID, step: d})
}

// setNth moves the selected card to the nth priority of its workspace.
func (m *Model) setNth(n int) tea.Cmd {
	c, ok := m.selected()
	if !ok {
		return nil
	}
	return m.move(c, move{kind: c.Item.Kind, id: c.Item.ID, nth: n})
}

// set is the set of a card's workspace and kind.
func (m *Model) set(c mine.Card) *store.TodoSet {
	for s := range m.work.Sets {
		if set := &m.work.Sets[s]; set.WorkspaceID == c.WorkspaceID && set.Kind == c.Item.Kind {
			return set
		}
	}
	return nil
}

// move applies a priority move to a card, once its workspace's priorities
// are known.
func (m *Model) move(c mine.Card, mv move) tea.Cmd {
	set := m.set(c)
	if set == nil {
		return nil
	}
	if set.Fields == nil {
		svc, ws, kind := m.ctx.Service, c.WorkspaceID, c.Item.Kind
		ctx := m.ctx.Request()
		task := i18n.Tf("reading the priorities of %s in %s", i18n.T(kind.Path()), c.Workspace)
		return m.ctx.Tasks.Run(task, func() tea.Msg {
			fi, err := svc.FieldInfo(ctx, ws, kind)
			return fieldsMsg{ws: ws, kind: kind, fi: fi, err: err, then: mv}
		})
	}
	opts := set.Fields.PriorityOptions()
	if len(opts) == 0 {
		return common.Cmd(common.StatusMsg{Err: errors.New(i18n.Tf("%s of %s have no priorities to choose from", i18n.T(c.Item.Kind.Path()), c.Workspace))})
	}
	at := -1
	cur := c.Item.DisplayPriority()
	for i, o := range opts {
		if o.Value == cur || o.Label == cur {
			at = i
		}
	}
	to := mv.nth
	if mv.step != 0 {
		to = at + mv.step // from no priority, ] goes to the first
	}
	switch {
	case mv.step == 0 && to >= len(opts):
		return common.Cmd(common.StatusMsg{Text: i18n.Tf("%s has %d priorities for %s: press 1–%d", c.Workspace, len(opts), i18n.T(c.Item.Kind.Path()), len(opts))})
	case to < 0 || to >= len(opts) || to == at:
		return nil
	}
	m.eng.SetWorkspaceFields(c.WorkspaceID, c.Item.Kind, set.Fields)
	shown, cmd := m.eng.Apply(c.Item.Kind, engine.Change{Item: c.Item, Field: engine.Priority, To: opts[to].Value})
	for _, it := range shown {
		m.put(it)
	}
	m.moveTo(c.Item.Kind, c.Item.ID)
	return cmd
}

// onFields keeps the priorities read and makes the move that waited.
func (m *Model) onFields(msg fieldsMsg) tea.Cmd {
	if msg.err != nil {
		return common.Cmd(common.StatusMsg{Err: fmt.Errorf(i18n.T("nothing changed: the priorities could not be read (press the key again): %w"), msg.err)})
	}
	m.work.Sets = slices.Clone(m.work.Sets) // shared with the reads under way (put)
	for s := range m.work.Sets {
		if set := &m.work.Sets[s]; set.WorkspaceID == msg.ws && set.Kind == msg.kind {
			set.Fields = msg.fi
		}
	}
	for _, c := range m.cards() {
		if c.Item.ID == msg.then.id && c.Item.Kind == msg.then.kind && c.WorkspaceID == msg.ws {
			return m.move(m.shown(c), msg.then)
		}
	}
	return nil
}
