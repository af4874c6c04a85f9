package mywork

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/engine/mine"
	"triage/ui/i18n"
)

// header is the lines above the list: the title, and the note wrapped to
// the width (a blank line when there is none).
func (m *Model) header() []string {
	lines := []string{m.ctx.Styles.Title.Render(m.title())}
	note := m.note()
	if note == "" {
		return append(lines, "")
	}
	return append(lines, wrap(note, max(m.width, 20))...)
}

// listHeight is how many lines the list has.
func (m *Model) listHeight() int { return max(m.height-len(m.header()), 1) }

// View draws the title (how many items, in how many workspaces, how fresh),
// a note when the login does not reach every workspace, and the cards
// under their groups' headings.
func (m *Model) View() string {
	s := m.ctx.Styles
	lines := m.header()
	groups := m.groups()
	switch {
	case len(groups) == 0 && !m.cached || len(groups) == 0 && m.refreshing:
		lines = append(lines, s.Subtle.Render(i18n.T("Reading the items waiting on you in every workspace…")))
	case len(groups) == 0:
		lines = append(lines, s.Subtle.Render(i18n.T("Nothing waits on you: no open item names you as its owner.")))
	default:
		lines = append(lines, m.list(groups)...)
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], m.width, "…")
	}
	if m.asking != nil {
		return m.drawQuestion(strings.Join(lines, "\n"))
	}
	return strings.Join(lines, "\n")
}

// title says what the view holds and how fresh it is.
func (m *Model) title() string {
	spaces := map[int64]bool{}
	for _, s := range m.work.Sets {
		if s.Err != mine.NotGranted {
			spaces[s.WorkspaceID] = true
		}
	}
	parts := []string{i18n.T("My work"), i18n.Tf("%s in %s", common.Plural(m.count(), i18n.T("item"), i18n.T("items")),
		common.Plural(len(spaces), i18n.T("workspace"), i18n.T("workspaces"))),
		m.byWhat()}
	switch {
	case m.refreshing && m.work.SavedAt.IsZero():
		parts = append(parts, i18n.T("reading…"))
	case m.refreshing:
		parts = append(parts, i18n.Tf("%s, refreshing…", mine.Age(m.work.SavedAt, m.ctx.Clock())))
	default:
		parts = append(parts, mine.Age(m.work.SavedAt, m.ctx.Clock()))
	}
	return strings.Join(parts, " · ")
}

// note says which workspaces the view leaves out and why: those the login
// does not reach (a browser login reaches the one it was granted), then
// those whose last read failed.
func (m *Model) note() string {
	s := m.ctx.Styles
	var reached, refused []string
	failed := map[string]string{}
	for _, set := range m.work.Sets {
		switch set.Err {
		case "":
			reached = appendOnce(reached, set.WorkspaceName)
		case mine.NotGranted:
			refused = appendOnce(refused, set.WorkspaceName)
		default:
			failed[set.WorkspaceName] = set.Err
		}
	}
	switch {
	case len(refused) > 0:
		return s.Warning.Render(i18n.Tf("This login reaches %s only, so my work holds only %s: to see %s too, log in with a personal access token (triage login --token) or authorize it (triage login --web).",
			strings.Join(reached, i18n.T(", ")), them(len(reached)), strings.Join(refused, i18n.T(", "))))
	case len(failed) > 0:
		for name, why := range failed {
			return s.Error.Render(i18n.Tf("%s could not be read (r tries again): %s", name, why))
		}
	case m.err != nil:
		return s.Error.Render(i18n.Tf("The last refresh failed (r tries again): %s", m.err.Error()))
	}
	return ""
}

// line is a line of the list: a group's heading (card -1) or a card.
type line struct {
	group, card int
	heading     int // the line of its group's heading
}

// list draws the groups' headings and cards, scrolled to the cursor; only
// the lines on screen are drawn.
func (m *Model) list(groups []mine.Group) []string {
	wsWidth := 0
	for _, set := range m.work.Sets {
		wsWidth = max(wsWidth, ansi.StringWidth(set.WorkspaceName))
	}
	wsWidth = min(wsWidth, 18)
	var (
		lines  []line
		cursor int
		n      int
	)
	for g, grp := range groups {
		at := len(lines)
		lines = append(lines, line{group: g, card: -1, heading: at})
		for i := range grp.Cards {
			if n == m.cursor {
				cursor = len(lines)
			}
			lines = append(lines, line{group: g, card: i, heading: at})
			n++
		}
	}
	h := m.listHeight()
	switch {
	case cursor < m.top:
		m.top = max(cursor-1, 0)
	case cursor >= m.top+h:
		m.top = cursor - h + 1
	}
	m.top = max(min(m.top, len(lines)-h), 0)
	shown := lines[m.top:min(m.top+h, len(lines))]
	if m.top > 0 && lines[m.top].heading != m.top {
		// The group's heading stays on the first line, over its cards.
		if cursor >= m.top+h-1 {
			m.top++
		}
		shown = lines[m.top:min(m.top+h, len(lines))]
		if lines[m.top].heading != m.top {
			shown = append([]line{lines[lines[m.top].heading]}, lines[m.top:min(m.top+h-1, len(lines))]...)
		}
	}
	out := make([]string, len(shown))
	for i, l := range shown {
		grp := groups[l.group]
		if l.card < 0 {
			out[i] = m.ctx.Styles.Accent.Render(fmt.Sprintf("%s (%d)", m.groupTitle(grp), len(grp.Cards)))
			continue
		}
		out[i] = m.card(grp.Cards[l.card], l.group == lines[cursor].group && l.card == lines[cursor].card, wsWidth)
	}
	return out
}

// card draws one card: its mark, workspace, kind, number, priority,
// status and title.
func (m *Model) card(c mine.Card, selected bool, wsWidth int) string {
	s := m.ctx.Styles
	mark := s.Marks.Blank
	if selected {
		mark = s.Marks.Cursor
	}
	if it, st, ok := m.eng.Over(c.Item.Kind, c.Item); ok {
		c.Item = it
		switch st {
		case engine.Failed:
			mark = s.Marks.Error
		case engine.Conflict:
			mark = s.Marks.Conflict
		default:
			mark = s.Marks.Pending
		}
	}
	prio := c.Item.DisplayPriority()
	if c.Item.Kind == api.Bug {
		prio = api.BugDisplayName(prio)
	}
	if prio == "" {
		prio = "—"
	}
	line := fmt.Sprintf("%s %s  %s %s %s %s %s", mark, pad(c.Workspace, wsWidth), pad(i18n.T(c.Item.Kind.String()), 5), pad("#"+api.ShortID(c.Item.ID), 7),
		pad(prio, 12), pad(m.names.Status(c.WorkspaceID, c.Item.Kind, c.Item.Status), 12), c.Item.Title)
	if selected {
		return s.Selected.Render(line)
	}
	return line
}

// pad cuts or pads text to a width of cells.
func pad(text string, width int) string {
	text = ansi.Truncate(text, width, "…")
	return text + strings.Repeat(" ", max(width-ansi.StringWidth(text), 0))
}

// byWhat says what the cards are grouped by.
func (m *Model) byWhat() string {
	if m.by == mine.ByPriority {
		return i18n.T("by priority")
	}
	return i18n.T("by workspace")
}

// groupTitle is a group's heading: a workspace by its name, a priority
// rank (mine.Ranks) in the language in use.
func (m *Model) groupTitle(grp mine.Group) string {
	if m.by == mine.ByPriority {
		if at := slices.Index(mine.Ranks, grp.Title); at >= 0 {
			return rankNames()[at]
		}
	}
	return grp.Title
}

// rankNames are mine.Ranks in the language in use: one message, so that
// TAPD's labels of the same words (High) stay as the service gives them
// elsewhere.
func rankNames() []string {
	return strings.Split(i18n.T("Urgent|High|Middle|Low|Nice to have|Other priority|No priority"), "|")
}

// them is how the note names the workspaces reached.
func them(n int) string {
	if n == 1 {
		return i18n.T("it")
	}
	return i18n.T("them")
}

// appendOnce appends a name not listed yet.
func appendOnce(list []string, name string) []string {
	for _, n := range list {
		if n == name {
			return list
		}
	}
	return append(list, name)
}
