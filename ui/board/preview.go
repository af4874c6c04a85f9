package board

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/richtext"
	"triage/ui/workspace"
)

// The preview pane (P) shows the whole item under the cursor: title, status
// and iteration by name, owners, times and the description as text. It sits
// beside the board on a wide terminal and under it otherwise. It follows the
// cursor, but reads an item from the service only once the cursor has rested
// for previewDelay, and each item once: holding j does not send a request a
// card.

const (
	previewDelay    = 150 * time.Millisecond
	previewSideMin  = 160 // from this width the pane sits beside the board
	previewSideW    = 56  // its width there
	previewMaxItems = 256 // whole items kept; the oldest go first
)

// preview is the state of the pane.
type preview struct {
	open  bool
	at    previewKey // the item it shows (or waits for)
	gen   uint64     // of the last cursor move, to drop older timers and answers
	full  map[previewKey]api.Item
	notes map[previewKey]itemNotes // the comments of the items of full
	order []previewKey             // of full, oldest first
	err   error
}

// previewKey names an item of the pane by kind and id: TAPD numbers each
// kind on its own under one prefix, so a story and a bug share ids.
type previewKey struct {
	kind api.Kind
	id   string
}

// previewTickMsg fires when the cursor has rested on an item.
type previewTickMsg struct {
	gen uint64
	key previewKey
}

// previewItemMsg carries an item read for the pane, and its comments.
type previewItemMsg struct {
	gen   uint64
	key   previewKey
	item  api.Item
	notes itemNotes
	err   error
}

// itemNotes are an item's comments, or why they could not be read.
type itemNotes struct {
	list []api.Comment
	note string
}

// togglePreview opens or closes the pane.
func (m *Model) togglePreview() tea.Cmd {
	m.prev.open = !m.prev.open
	m.prev.at = previewKey{}
	m.SetSize(m.outerW, m.outerH)
	return m.previewFollow()
}

// previewFollow makes the pane follow the cursor: a new item starts the
// delay before it is read.
func (m *Model) previewFollow() tea.Cmd {
	if !m.prev.open {
		return nil
	}
	i, ok := m.selected()
	if !ok {
		m.prev.at = previewKey{}
		return nil
	}
	key := previewKey{m.tab, m.cur().items[i].ID}
	if key == m.prev.at {
		return nil
	}
	m.prev.at, m.prev.err = key, nil
	m.prev.gen++
	if _, ok := m.prev.full[key]; ok {
		return nil
	}
	gen := m.prev.gen
	return m.after(previewDelay, previewTickMsg{gen: gen, key: key})
}

// onPreviewTick reads the item the cursor rests on.
func (m *Model) onPreviewTick(msg previewTickMsg) tea.Cmd {
	if msg.gen != m.prev.gen || !m.prev.open {
		return nil
	}
	svc, ws, base := m.ctx.Service, m.ws, m.ctx.Request()
	return m.ctx.Tasks.Run("reading #"+api.ShortID(msg.key.id), func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 30*time.Second)
		defer cancel()
		it, err := svc.Get(ctx, ws, msg.key.kind, msg.key.id)
		var notes itemNotes
		if err == nil {
			notes.list, notes.note = readComments(ctx, svc, ws, msg.key.kind, msg.key.id)
		}
		return previewItemMsg{gen: msg.gen, key: msg.key, item: it, notes: notes, err: err}
	})
}

// onPreviewItem keeps an item read for the pane.
func (m *Model) onPreviewItem(msg previewItemMsg) tea.Cmd {
	if msg.err != nil {
		if msg.gen == m.prev.gen {
			m.prev.err = msg.err
		}
		return nil
	}
	if m.prev.full == nil {
		m.prev.full, m.prev.notes = make(map[previewKey]api.Item), make(map[previewKey]itemNotes)
	}
	m.prev.notes[msg.key] = msg.notes
	if _, ok := m.prev.full[msg.key]; !ok {
		m.prev.order = append(m.prev.order, msg.key)
	}
	m.prev.full[msg.key] = msg.item
	for len(m.prev.order) > previewMaxItems {
		delete(m.prev.full, m.prev.order[0])
		delete(m.prev.notes, m.prev.order[0])
		m.prev.order = m.prev.order[1:]
	}
	return nil
}

// previewBeside reports whether the pane sits beside the board.
func (m *Model) previewBeside() bool { return m.outerW >= previewSideMin }

// previewHeight is the height of the pane under the board.
func (m *Model) previewHeight() int { return max(m.outerH/2, 8) }

// viewPreview draws the pane, w by h cells.
func (m *Model) viewPreview(w, h int) string {
	s := m.ctx.Styles
	d := m.cur()
	var it api.Item
	i, ok := m.selected()
	if ok {
		it = d.items[i]
		if full, ok := m.prev.full[previewKey{m.tab, it.ID}]; ok {
			it = workspace.Merge(full, it) // the board's edits over the whole item
		}
	}
	inner := max(w-4, 10)
	var lines []string
	add := func(text string) {
		for _, l := range strings.Split(ansi.Wordwrap(text, inner, ""), "\n") {
			lines = append(lines, l)
		}
	}
	switch {
	case !ok:
		lines = append(lines, s.Subtle.Render("nothing selected"))
	default:
		add(s.Title.Render("#" + it.ShortID() + " " + common.Sanitize(it.Title)))
		lines = append(lines, "")
		field := func(label, value string) {
			if value != "" {
				add(s.Subtle.Render(label+" ") + common.Sanitize(value))
			}
		}
		field("Priority ", m.priorityLabel(d.kind, it.DisplayPriority()))
		field("Status   ", statusName(d.fields, it.Status))
		field("Owner    ", ownerName(it.Owner))
		field("Iteration", iterationName(d.fields, it.IterationID))
		switch {
		case it.Created != "" && it.Modified != "":
			add(s.Subtle.Render("Created   ") + common.Sanitize(m.ctx.ShownTime(it.Created)) + s.Subtle.Render(" · modified ") + common.Sanitize(m.ctx.ShownTime(it.Modified)))
		case it.Created != "":
			field("Created  ", m.ctx.ShownTime(it.Created))
		default:
			field("Modified ", m.ctx.ShownTime(it.Modified))
		}
		lines = append(lines, "")
		_, full := m.prev.full[previewKey{m.tab, it.ID}]
		switch {
		case m.prev.err != nil && m.prev.at == (previewKey{m.tab, it.ID}):
			add(s.Error.Render("could not read the item: " + m.prev.err.Error()))
		case !full:
			lines = append(lines, s.Subtle.Render("reading the description…"))
		case strings.TrimSpace(it.Description) == "":
			lines = append(lines, s.Subtle.Render("no description"))
		default:
			for _, l := range richtext.PlainText(it.Description) {
				add(l)
			}
		}
		if full {
			n := m.prev.notes[previewKey{m.tab, it.ID}]
			m.commentLines(n.list, n.note, add)
		}
	}
	if len(lines) > h-2 {
		lines = lines[:max(h-2, 0)]
	}
	box := s.Dialog.Width(w).Height(h).MaxHeight(h).Render(strings.Join(lines, "\n"))
	return box
}

// iterationName is the name of an iteration from the field information
// (iteration_id options, id → name), or its id; "" for none.
func iterationName(fi api.FieldInfo, id string) string {
	if id == "" || id == "0" {
		return ""
	}
	return fi.OptionLabel("iteration_id", id)
}

// withPreview lays the pane beside the board drawn or under it.
func (m *Model) withPreview(board string) string {
	if m.previewBeside() {
		pane := strings.Split(m.viewPreview(previewSideW, m.outerH), "\n")
		rows := strings.Split(board, "\n")
		var b strings.Builder
		for y := range m.outerH {
			if y > 0 {
				b.WriteByte('\n')
			}
			row := ""
			if y < len(rows) {
				row = rows[y]
			}
			b.WriteString(row)
			pad(&b, m.width-ansi.StringWidth(row)+1)
			if y < len(pane) {
				b.WriteString(pane[y])
			}
		}
		return b.String()
	}
	return board + "\n" + m.viewPreview(m.outerW, m.previewHeight())
}
