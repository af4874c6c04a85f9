package board

import (
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
// cursor, but has the engine read an item only once the cursor has rested
// for previewDelay, and each item once (workspace.Engine.ReadWhole): holding
// j does not send a request a card.

const (
	previewDelay   = 150 * time.Millisecond
	previewSideMin = 160 // from this width the pane sits beside the board
	previewSideW   = 56  // its width there
)

// preview is the state of the pane.
type preview struct {
	open bool
	at   previewKey // the item it shows (or waits for)
	gen  uint64     // of the last cursor move, to drop older timers
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
	m.prev.at = key
	m.prev.gen++
	if _, ok, _ := m.eng.Whole(key.kind, key.id); ok {
		return nil
	}
	gen := m.prev.gen
	return m.after(previewDelay, previewTickMsg{gen: gen, key: key})
}

// onPreviewTick has the engine read the item the cursor rests on.
func (m *Model) onPreviewTick(msg previewTickMsg) tea.Cmd {
	if msg.gen != m.prev.gen || !m.prev.open {
		return nil
	}
	return m.eng.ReadWhole(msg.key.kind, msg.key.id)
}

// previewBeside reports whether the pane sits beside the board.
func (m *Model) previewBeside() bool { return m.outerW >= previewSideMin }

// previewHeight is the height of the pane under the board.
func (m *Model) previewHeight() int { return max(m.outerH/2, 8) }

// viewPreview draws the pane, w by h cells.
func (m *Model) viewPreview(w, h int) string {
	s := m.ctx.Styles
	d := m.cur()
	var (
		it    api.Item
		whole workspace.Whole
		full  bool
		err   error
	)
	i, ok := m.selected()
	if ok {
		it = d.items[i]
		if whole, full, err = m.eng.Whole(m.tab, it.ID); full {
			it = workspace.Merge(whole.Item, it) // the board's edits over the whole item
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
		switch {
		case err != nil:
			add(s.Error.Render("could not read the item: " + err.Error()))
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
			m.commentLines(whole.Comments, whole.Note, add)
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
