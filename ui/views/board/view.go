package board

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/i18n"
	"triage/ui/views/board/paint"
)

// View draws the board: tabs, the information line, then the columns or the
// list, with the picker on top when open. Only what is visible is drawn.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(m.lastLen)
	m.writeTabs(&b)
	b.WriteByte('\n')
	m.writeInfo(&b)
	b.WriteByte('\n')
	if m.mode == modeList {
		m.writeList(&b)
	} else {
		m.writeColumns(&b)
	}
	out := b.String()
	if m.prev.Open() {
		out = m.withPreview(out)
	}
	switch {
	case m.viewEdit != nil:
		out = m.drawOver(out, m.viewEditBox())
	case m.prompt != nil:
		out = m.drawOver(out, m.prompt.View(m.ctx.Styles, m.width))
	case m.compose != nil:
		out = m.drawOver(out, m.compose.box.View(m.width))
	case m.pick != nil:
		out = m.drawOver(out, m.ctx.Styles.Dialog.Render(m.pickerView()))
	}
	m.lastLen = len(out)
	return out
}

// tabLabel is the text of a kind's tab: its name and how many items it
// has: those loaded once its load started, else as counted before it is
// opened (engine.Engine.CountUnloaded), else a dash.
func (m *Model) tabLabel(k api.Kind) string {
	n, known := m.tabCount(k)
	if !known {
		return i18n.T(k.Plural()) + " –"
	}
	return i18n.T(k.Plural()) + " " + common.Count(n) + m.seenTab(k)
}

// tabCount is the number a kind's tab shows, and false while it is unknown.
func (m *Model) tabCount(k api.Kind) (int, bool) {
	if n := len(m.sets[k].items); n > 0 || m.eng.Progress(k).Started {
		return n, true
	}
	return m.eng.Count(k)
}

// tabWidth is how wide a tab is drawn: its label and one cell of padding each side.
func tabWidth(label string) int { return ansi.StringWidth(label) + 2 }

// writeTabs draws the first line: the tabs, and which columns are in view
// when not all of them fit.
func (m *Model) writeTabs(b *strings.Builder) {
	d := m.cur()
	n, _ := m.fit(d)
	key := tabsKey{tab: m.tab, list: m.mode == modeList, left: d.left, n: n, columns: shownCount(d), width: m.width}
	for j, k := range api.Kinds {
		n, known := m.tabCount(k)
		key.counts[j], key.known[j] = n, known
		key.marked[j] = m.eng.MarkCount(k)
	}
	b.WriteString(m.paint.lines.tabs.Get(key, m.tabsLine))
}

// tabsLine is the first line as writeTabs draws it.
func (m *Model) tabsLine() string {
	var b strings.Builder
	s := m.ctx.Styles
	var line strings.Builder
	for _, k := range api.Kinds {
		label := m.tabLabel(k)
		if k == m.tab {
			line.WriteString(s.ActiveTab.Render(label))
		} else {
			line.WriteString(s.Tab.Render(label))
		}
	}
	right := ""
	d := m.cur()
	if n, _ := m.fit(d); m.mode == modeColumns && n < shownCount(d) {
		right = i18n.Tf("columns %s–%s of %s", common.Count(d.left+1), common.Count(d.left+n), common.Count(shownCount(d)))
		if d.left > 0 {
			right = "‹ " + right
		}
		if d.left+n < shownCount(d) {
			right += " ›"
		}
	}
	paint.WriteSides(&b, line.String(), s.Subtle.Render(right), m.width)
	return b.String()
}

// writeInfo draws the second line: the filters in force (the keys are in
// the help line), and the loading progress (or how many items are shown).
func (m *Model) writeInfo(b *strings.Builder) {
	d := m.cur()
	if m.filter.Focused() || m.filter.Value() != "" {
		m.writeInfoLine(b)
		return
	}
	l := m.eng.Progress(d.kind)
	key := infoKey{kind: d.kind, filtered: d.filtering(), list: m.mode == modeList, sort: d.sort, busy: l.Busy,
		left: leftText(l), loaded: l.Loaded, total: l.Total, items: len(d.items), passing: d.passing(), width: m.width}
	if d.prio >= 0 {
		key.prio = d.cols[d.prio].label
	}
	b.WriteString(m.paint.lines.info.Get(key, func() string {
		var line strings.Builder
		m.writeInfoLine(&line)
		return line.String()
	}))
}

// writeInfoLine draws the information line.
func (m *Model) writeInfoLine(b *strings.Builder) {
	s := m.ctx.Styles
	d := m.cur()
	var left strings.Builder
	switch {
	case m.filter.Focused() || m.filter.Value() != "":
		left.WriteString(m.filter.View())
		if problems := m.filterProblems(d); len(problems) > 0 {
			left.WriteString("  " + s.Warning.Render("✗ "+strings.Join(problems, "; ")))
		}
		if m.filterHint != "" {
			left.WriteString("  " + s.Subtle.Render(m.filterHint))
		}
	case d.prio < 0:
		left.WriteString(s.Subtle.Render(i18n.Tf("all %s, unfiltered", i18n.T(d.kind.Path()))))
	}
	if d.prio >= 0 {
		if left.Len() > 0 {
			left.WriteString("  ")
		}
		left.WriteString(s.Accent.Render(i18n.Tf("priority: %s", i18n.T(d.cols[d.prio].label))))
	}
	if m.mode == modeList {
		dir := "▲"
		if d.sort.Desc {
			dir = "▼"
		}
		left.WriteString("  ")
		left.WriteString(s.Subtle.Render(i18n.Tf("sorted by %s %s", i18n.T(d.sort.Key.String()), dir)))
	}
	paint.WriteSides(b, left.String(), m.progress(d), m.width)
}

// progress is the right side of the information line: a bar while loading,
// else the count of items shown.
func (m *Model) progress(d *dataset) string {
	s := m.ctx.Styles
	l := m.eng.Progress(d.kind)
	if l.Busy {
		const barWidth = 16
		filled := 0
		if l.Total > 0 {
			filled = min(barWidth, l.Loaded*barWidth/l.Total)
		}
		bar := strings.Repeat(m.paint.progressFilled, filled) + strings.Repeat(m.paint.progressEmpty, barWidth-filled)
		counts := common.Count(l.Loaded) + "/" + common.Count(l.Total)
		if left := leftText(l); left != "" {
			counts += " · " + left
		}
		return s.Accent.Render(bar) + " " + s.Subtle.Render(counts)
	}
	total := common.Count(len(d.items))
	if l.Total > len(d.items) {
		// The service lists at most api.MaxListItems items of a kind.
		total = i18n.Tf("%s listed of %s", common.Count(len(d.items)), common.Count(l.Total))
	}
	noun := i18n.T(d.kind.Path())
	if len(d.items) == 1 && l.Total <= 1 {
		noun = i18n.T(d.kind.String())
	}
	if d.filtering() || d.prio >= 0 {
		return s.Subtle.Render(i18n.Tf("%s of %s %s", common.Count(d.passing()), total, noun))
	}
	return s.Subtle.Render(i18n.Tf("%s %s", total, noun))
}
