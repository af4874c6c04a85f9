package common

import (
	tea "charm.land/bubbletea/v2"
	"errors"

	"triage/api"
	"triage/store"
)

// AuthExpiredMsg says a task met api.ErrTokenExpired or api.ErrCredentials.
// The root keeps every view, runs the login again, installs the new
// credential, then runs Retry (the failed work, resent).
type AuthExpiredMsg struct{ Retry tea.Cmd }

// ReauthenticatedMsg is sent by the root to every view after a successful
// login that followed an AuthExpiredMsg.
type ReauthenticatedMsg struct{}

// StatusMsg is something a view reports for the status line: a note, or an
// error. An error stays until the next note or error, or until its Task
// succeeds: a StatusMsg of the same Task with neither Text nor Err says so
// (see Succeeded), and takes the error away without hiding other news.
type StatusMsg struct {
	Text string
	Err  error
	// Task names the work the news is about, the same for every run of it
	// (e.g. "loading stories"); "" for news of no lasting work.
	Task string
}

// Succeeded is the StatusMsg that says a run of task went well: an error
// the last run of it left on the status line goes away.
func Succeeded(task string) tea.Cmd { return Cmd(StatusMsg{Task: task}) }

// OpenEditorMsg asks the root to open the editor on an item of Kind, with the
// allowed priorities in the service's order. Item nil means create.
type OpenEditorMsg struct {
	Kind    api.Kind
	Item    *api.Item
	Options []api.PriorityOption
	Fields  api.FieldInfo // the kind's field information, for status names
	// Custom are the kind's enabled custom fields, edited after the others;
	// Members are the workspace's members as known, for a member field.
	Custom  []api.CustomField
	Members []api.Member
	// Create, for a new item, are the fields its workflow's creation step
	// asks for (those Required must hold a value before it is queued).
	Create []api.TransitionField
	// Steps, for an item, are the steps of its workflow from its status,
	// which the status field offers; nil when they are not known (every
	// status is offered and the service decides).
	Steps []api.Transition
}

// SaveItemMsg is the editor's result: the root forwards it to the board,
// which applies it optimistically (Original lets it put the item back on
// failure). Title or PriorityLabel equal to Original's mean unchanged.
type SaveItemMsg struct {
	Kind          api.Kind
	ID            string
	Title         string
	PriorityLabel string
	Original      api.Item
	// Set are the other fields changed: status, owner, iteration_id,
	// severity (wire name → new value; an iteration "" unplans).
	Set map[string]string
	// StatusFields are the fields the move to Set's status requires,
	// sent with it (resolution: fixed).
	StatusFields map[string]string
}

// CreateItemMsg is the editor's result in create mode, forwarded to the board.
type CreateItemMsg struct{ New api.NewItem }

// OpenHelpMsg asks the root for the help of the view on top: a view that
// holds the keyboard (the root leaves ? to it) but types no text sends it
// on ?.
type OpenHelpMsg struct{}

// ThemeChangedMsg is sent by the root to every view after it rebuilt
// Context.Styles in place (background detected): a view that copied styles
// into a sub-model applies them again.
type ThemeChangedMsg struct{}

// Cmd wraps a message in a command.
func Cmd(msg tea.Msg) tea.Cmd {
	return func() tea.Msg { return msg }
}

// OpenQueueMsg asks the root to open the triage queue over the board: the
// items of Kind that need a value of Field ("": the priority; else status,
// owner or iteration_id), in the order given, with the values allowed in
// the service's order and the kind's field information.
type OpenQueueMsg struct {
	Kind    api.Kind
	Items   []api.Item
	Options []api.PriorityOption
	Fields  api.FieldInfo
	Field   string
}

// OpenHistoryMsg asks the root to open the list of this session's changes,
// with the titles of the items they change when known.
type OpenHistoryMsg struct {
	Edits  []store.Edit
	Titles map[ItemRef]string
}

// ItemRef names an item of a workspace by kind and id: TAPD gives a story
// and a bug the same id for the same short id.
type ItemRef struct {
	Kind api.Kind
	ID   string
}

// EditsChangedMsg says that edits of the outbox moved on (sent, queued,
// failed, resolved): a view that lists them reads them again.
type EditsChangedMsg struct{}

// SwitchWorkspaceMsg asks the root for the workspace picker over the board,
// to open another workspace's board.
type SwitchWorkspaceMsg struct{}

// ErrAPIAccountWorkspaces is the one sentence, at the start and on w, for
// an API account asked to list workspaces: TAPD lists a person's, and an
// API account is not a person.
var ErrAPIAccountWorkspaces = errors.New("start triage with --workspace ID (or set TRIAGE_WORKSPACE): an API account cannot list workspaces")
