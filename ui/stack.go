package ui

import (
	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
)

// footerLines are the lines under the views: short help and status line.
const footerLines = 2

// top is the view with the focus, or nil.
func (m *Model) top() common.Component {
	if len(m.stack) == 0 {
		return nil
	}
	return m.stack[len(m.stack)-1]
}

// push sizes a view, puts it on top and starts its work.
func (m *Model) push(c common.Component) tea.Cmd {
	c.SetSize(m.ctx.Width, m.ctx.Height)
	m.stack = append(m.stack, c)
	if i, ok := c.(common.Initializer); ok {
		return i.Init()
	}
	return nil
}

// pop removes the view on top.
func (m *Model) pop() {
	if len(m.stack) == 0 {
		return
	}
	if m.stack[len(m.stack)-1] == common.Component(m.spaces) {
		m.spaces = nil
	}
	m.stack = m.stack[:len(m.stack)-1]
}

// replace empties the stack and shows c alone.
func (m *Model) replace(c common.Component) tea.Cmd {
	m.stack, m.spaces = nil, nil
	return m.push(c)
}

// updateTop gives a message to the view on top.
func (m *Model) updateTop(msg tea.Msg) tea.Cmd {
	if len(m.stack) == 0 {
		return nil
	}
	i := len(m.stack) - 1
	var cmd tea.Cmd
	m.stack[i], cmd = m.stack[i].Update(msg)
	if c, ok := m.stack[i].(common.Closer); ok && c.Closed() && len(m.stack) > 1 {
		m.pop()
	}
	return cmd
}

// broadcast gives a message to every view, bottom first.
func (m *Model) broadcast(msg tea.Msg) tea.Cmd {
	cmds := make([]tea.Cmd, len(m.stack))
	for i := range m.stack {
		m.stack[i], cmds[i] = m.stack[i].Update(msg)
	}
	return tea.Batch(cmds...)
}

// resize gives every view the area above the footer.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	m.ctx.Width, m.ctx.Height = w, max(h-footerLines, 1)
	for _, c := range m.stack {
		c.SetSize(m.ctx.Width, m.ctx.Height)
	}
}
