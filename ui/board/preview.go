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
	id    string // the item it shows (or waits for)
	gen   uint64 // of the last cursor move, to drop older timers and answers
	full  map[string]api.Item
	order []string // ids of full, oldest first
	err   error
}

// previewTickMsg fires when the cursor has rested on an item.
type previewTickMsg struct {
	gen uint64
	id  string
}

// previewItemMsg carries an item read for the pane.
type previewItemMsg struct {
	gen  uint64
	item api.Item
	err  error
}

// togglePreview opens or closes the pane.
func (m *Model) togglePreview() tea.Cmd {
	m.prev.open = !m.prev.open
	m.prev.id = ""
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
		m.prev.id = ""
		return nil
	}
	id := m.cur().items[i].ID
	if id == m.prev.id {
		return nil
	}
	m.prev.id, m.prev.err = id, nil
	m.prev.gen++
	if _, ok := m.prev.full[id]; ok {
		return nil
	}
	gen := m.prev.gen
	return m.after(previewDelay, previewTickMsg{gen: gen, id: id})
}

// onPreviewTick reads the item the cursor rests on.
func (m *Model) onPreviewTick(msg previewTickMsg) tea.Cmd {
	if msg.gen != m.prev.gen || !m.prev.open {
		return nil
	}
	svc, ws, kind, base := m.ctx.Service, m.ws, m.tab, m.ctx.Request()
	return m.ctx.Tasks.Run("reading #"+api.ShortID(msg.id), func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 30*time.Second)
		defer cancel()
		it, err := svc.Get(ctx, ws, kind, msg.id)
		return previewItemMsg{gen: msg.gen, item: it, err: err}
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
		m.prev.full = make(map[string]api.Item)
	}
	if _, ok := m.prev.full[msg.item.ID]; !ok {
		m.prev.order = append(m.prev.order, msg.item.ID)
	}
	m.prev.full[msg.item.ID] = msg.item
	for len(m.prev.order) > previewMaxItems {
		delete(m.prev.full, m.prev.order[0])
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
		if full, ok := m.prev.full[it.ID]; ok {
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
		_, full := m.prev.full[it.ID]
		switch {
		case m.prev.err != nil && m.prev.id == it.ID:
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
