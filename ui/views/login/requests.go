package login

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/i18n"
)

// begin registers a request: a task for the status line, a cancellable
// context, the spinner; the returned attempt tags its answer.
func (m *Model) begin(label string) (context.Context, int, tea.Cmd) {
	m.stop()
	ctx, cancel := context.WithCancel(m.ctx.Request())
	m.cancel, m.reqCtx = cancel, ctx
	m.attempt++
	m.busy = label
	m.err = nil
	m.task = m.ctx.Tasks.Start(label)
	return ctx, m.attempt, m.spin.Tick
}

// stop cancels the running request, if any, and closes a started flow; its
// answer will be dropped.
func (m *Model) stop() tea.Cmd {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.ctx.Tasks.Done(m.task)
	m.attempt++
	m.busy = ""
	m.pasting = false
	m.browserErr = nil
	flow := m.flow
	m.flow = nil
	if flow == nil {
		return nil
	}
	return func() tea.Msg {
		_ = flow.Close()
		return nil
	}
}

// settle ends the current request when its answer came.
func (m *Model) settle() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.ctx.Tasks.Done(m.task)
	m.busy = ""
}

func (m *Model) startFlow() tea.Cmd {
	ctx, attempt, tick := m.begin(i18n.T("starting the browser login"))
	a := m.auth
	return tea.Batch(tick, func() tea.Msg {
		flow, err := a.StartOAuth(ctx)
		return flowStartedMsg{attempt: attempt, flow: flow, err: err}
	})
}

func (m *Model) flowStarted(msg flowStartedMsg) tea.Cmd {
	if msg.attempt != m.attempt {
		if msg.flow != nil {
			flow := msg.flow
			return func() tea.Msg { _ = flow.Close(); return nil }
		}
		return nil
	}
	if msg.err != nil {
		m.settle()
		m.err = msg.err
		return nil
	}
	m.flow = msg.flow
	m.busy = i18n.T("waiting for the browser")
	m.ctx.Tasks.Done(m.task)
	m.task = m.ctx.Tasks.Start(m.busy)
	ctx, attempt, flow := m.reqCtx, m.attempt, msg.flow
	return tea.Batch(m.openBrowser(), func() tea.Msg {
		s, err := flow.Wait(ctx)
		return resultMsg{attempt: attempt, session: s, err: err}
	})
}

func (m *Model) openBrowser() tea.Cmd {
	flow, attempt := m.flow, m.attempt
	return func() tea.Msg {
		return browserOpenedMsg{attempt: attempt, err: flow.OpenBrowser()}
	}
}

// submit is enter on a method's screen.
func (m *Model) submit() tea.Cmd {
	switch m.step {
	case stepBrowser:
		if m.flow == nil {
			if m.busy == "" {
				return m.startFlow() // try again after a failure
			}
			return nil
		}
		text := strings.TrimSpace(m.paste.Value())
		if text == "" {
			m.err = errNoPaste
			return nil
		}
		m.pasting = true
		m.err = nil
		flow, attempt := m.flow, m.attempt
		return func() tea.Msg { return pastedMsg{attempt: attempt, err: flow.Paste(text)} }
	case stepToken:
		if m.busy != "" {
			return nil
		}
		token := strings.TrimSpace(m.token.Value())
		if token == "" {
			m.err = errNoToken
			return nil
		}
		ctx, attempt, tick := m.begin(i18n.T("checking the token"))
		a := m.auth
		return tea.Batch(tick, func() tea.Msg {
			s, err := a.LoginToken(ctx, token)
			return resultMsg{attempt: attempt, session: s, err: err}
		})
	case stepBasic:
		if m.busy != "" {
			return nil
		}
		user, password := strings.TrimSpace(m.user.Value()), m.password.Value()
		switch {
		case user == "":
			m.err = errNoUser
			m.password.Blur()
			m.user.Focus()
			return nil
		case m.user.Focused():
			m.switchField()
			return nil
		case password == "":
			m.err = errNoPassword
			return nil
		}
		ctx, attempt, tick := m.begin(i18n.T("checking the API account"))
		a := m.auth
		return tea.Batch(tick, func() tea.Msg {
			s, err := a.LoginBasic(ctx, user, password)
			return resultMsg{attempt: attempt, session: s, err: err}
		})
	}
	return nil
}

func (m *Model) result(msg resultMsg) tea.Cmd {
	if msg.attempt != m.attempt {
		return nil
	}
	m.settle()
	if msg.err != nil {
		m.err = explain(m.step, msg.err)
		if m.flow != nil {
			flow := m.flow
			m.flow = nil
			return func() tea.Msg { _ = flow.Close(); return nil }
		}
		return nil
	}
	m.flow = nil
	m.token.Reset()
	m.password.Reset()
	m.paste.Reset()
	s := msg.session
	return func() tea.Msg { return LoggedInMsg{Session: s} }
}

// explain adds what to do to a refused credential; other errors already say it.
func explain(s step, err error) error {
	if api.KindOf(err) != api.ErrCredentials {
		return err
	}
	switch s {
	case stepToken:
		return &hinted{err, "the service refused this token (wrong, revoked or expired): make a new one in the web settings and paste it here"}
	case stepBasic:
		return &hinted{err, "the service refused this API user or password: check them in the company settings (API account)"}
	}
	return err
}

// hinted is an error shown with its advice.
type hinted struct {
	err  error
	text string
}

func (h *hinted) Error() string { return h.text }
func (h *hinted) Unwrap() error { return h.err }
