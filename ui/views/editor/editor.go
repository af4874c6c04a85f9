// Package editor is the item editor: the title, the priority (chosen from
// the workspace's options), the status, owners, iteration and a bug's
// severity of an item; or, in create mode, a new item with the fields its
// workspace's creation step asks for, those it requires checked (create.go).
// It emits common.SaveItemMsg or common.CreateItemMsg; the root passes them
// to the board.
package editor

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/i18n"
)

// field is the field with the focus.
type field int

const (
	fieldTitle field = iota
	fieldPriority
)

// Model is the editor.
type Model struct {
	ctx     *common.Context
	keys    KeyMap
	kind    api.Kind
	item    *api.Item // nil: create
	options []api.PriorityOption
	fields  api.FieldInfo
	custom  []api.CustomField // the kind's enabled custom fields (custom.go)
	members []api.Member      // the workspace's members, for a member field

	title    common.TextField
	priority string // value to send as priority_label; "" none
	initial  string // the priority shown when the editor opened
	focus    field
	more     []other       // the other fields (fields.go)
	creating *newForm      // a new item's required fields (create.go); nil when editing
	choose   *picker.Model // open while choosing the priority or another field
	// steps are the workflow's steps from the item's status (nil: not
	// known); moving is the status chosen while its required fields are
	// asked, and statusFields what they were given (status_steps.go).
	steps        []api.Transition
	moving       *statusMove
	statusFields map[string]string
	confirm      bool // asking "Discard changes? y/n"
	err          error
	// closed: a save, or esc with nothing to lose, closed the editor
	// (common.Closer); a save's message reaches the engine after.
	closed bool

	width, height int
}

// Closed reports whether the view closed itself; the root pops it at once.
func (m *Model) Closed() bool { return m.closed }

// New opens the editor on msg.Item, or for a new item of msg.Kind when Item is nil.
func New(ctx *common.Context, msg common.OpenEditorMsg) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap(), kind: msg.Kind, options: msg.Options, fields: msg.Fields,
		custom: msg.Custom, members: msg.Members, steps: msg.Steps,
		title: common.NewTextField(ctx.Styles, "> ", i18n.Tf("%s title", i18n.T(msg.Kind.String())))}
	ctx.KeyOverrides.Remap("editor", &m.keys)
	if msg.Item != nil {
		it := *msg.Item
		m.item = &it
		m.title.SetValue(it.Title)
		m.initial = it.DisplayPriority()
		m.priority = m.initial
		m.loadOthers(it)
	} else {
		m.loadNew(msg.Create)
	}
	m.title.Focus()
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Changed reports whether the title or the priority differs from what was loaded.
func (m *Model) Changed() bool {
	title := ""
	if m.item != nil {
		title = m.item.Title
	}
	return m.title.Value() != title || m.priority != m.initial || len(m.otherChanges()) > 0 || m.newChanged()
}

// Capturing reports whether the keyboard belongs to a field or a question.
func (m *Model) Capturing() bool {
	return m.focus == fieldTitle || m.typing(m.focus) || m.confirm || m.choose != nil
}

// Title names the view for the help.
func (m *Model) Title() string { return i18n.T("Editor") }

// KeyMap returns the editor's keys, or the priority picker's while it is
// open. What enter does follows the field in focus: it chooses the
// priority, or a value from a list, and on a typed field it goes to the
// next field, which tab/↓ says already.
func (m *Model) KeyMap() help.KeyMap {
	if m.choose != nil {
		return m.choose.KeyMap()
	}
	keys := m.keys
	switch {
	case m.focus == fieldPriority:
	case m.focus == fieldTitle, m.typing(m.focus):
		keys.Choose.SetEnabled(false)
	default:
		keys.Choose.SetHelp(keys.Choose.Help().Key, "choose a value")
	}
	return keys
}

// SetSize sets the area the editor draws in.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.title.SetWidth(max(width-4-m.labelCells()-3, 10))
	if m.choose != nil {
		m.choose.SetSize(width-4, m.pickerHeight())
	}
}

// Update handles keys and the priority picker's answers.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		if m.choose != nil {
			_, cmd := m.choose.Update(msg)
			return m, cmd
		}
		if m.title.Update(msg) {
			m.err = nil
		}
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case m.confirm:
		switch {
		case key.Matches(msg, m.keys.Yes):
			m.confirm = false
			m.closed = true
		case key.Matches(msg, m.keys.No):
			m.confirm = false
		}
		return nil
	case m.choose != nil:
		return m.pickerKey(msg)
	case key.Matches(msg, m.keys.Save):
		return m.save()
	case key.Matches(msg, m.keys.Cancel):
		if m.Changed() {
			m.confirm = true
			return nil
		}
		m.closed = true
	case key.Matches(msg, m.keys.Next):
		m.moveFocus(1)
	case key.Matches(msg, m.keys.Prev):
		m.moveFocus(-1)
	case key.Matches(msg, m.keys.Choose):
		switch o := m.otherAt(m.focus); {
		case m.focus == fieldTitle, m.typing(m.focus):
			m.moveFocus(1)
		case m.focus == fieldPriority:
			m.openPicker()
		default:
			m.openOtherPicker(o)
		}
	case m.focus == fieldTitle:
		if m.title.Update(msg) {
			m.err = nil
		}
	case m.typing(m.focus):
		m.otherAt(m.focus).typed().Update(msg)
	}
	return nil
}

// pickerKey gives a key to the priority picker; enter and the esc that
// leaves it are handled here, at once, so keys typed next meet the form.
func (m *Model) pickerKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Choose):
		if it, ok := m.choose.Selected(); ok {
			if o := m.otherAt(m.focus); o != nil && o.ticking() {
				m.chooseTick(o, it.Value)
				return nil
			}
			if !m.statusChosen(it.Value) {
				return nil // a field the move requires is asked next
			}
			if o := m.otherAt(m.focus); o != nil {
				o.value = it.Value
			} else {
				m.priority = it.Value
			}
			m.choose = nil
		}
		return nil
	case key.Matches(msg, m.keys.Cancel) && m.choose.Filter() == "" && !m.choose.Capturing():
		m.choose, m.moving = nil, nil
		return nil
	}
	_, cmd := m.choose.Update(msg)
	return cmd
}

// moveFocus moves the focus to the next (1) or previous (-1) field of the
// form, round.
func (m *Model) moveFocus(step int) {
	form := m.form()
	at := 0
	for k, f := range form {
		if f == m.focus {
			at = k
		}
	}
	m.focus = form[(at+step+len(form))%len(form)]
	m.title.Blur()
	for _, o := range m.more {
		if t := o.typed(); t != nil {
			t.Blur()
		}
	}
	switch {
	case m.focus == fieldTitle:
		m.title.Focus()
	case m.typing(m.focus):
		m.otherAt(m.focus).typed().Focus()
	}
}

// openPicker offers the options in the service's order, the current value
// first when the options do not have it, and "no priority" when creating.
func (m *Model) openPicker() {
	var items []picker.Item
	if m.priority != "" && m.option(m.priority) == nil {
		items = append(items, picker.Item{Title: ansi.Strip(m.ctx.Styles.Marks.Unknown) + " " + m.priority,
			Detail: i18n.T("not in this workspace's options"), Value: m.priority})
	}
	for _, o := range m.options {
		detail := ""
		if o.Label != o.Value {
			detail = o.Value
		}
		items = append(items, picker.Item{Title: o.Label, Detail: detail, Value: o.Value, Color: o.Color})
	}
	if m.item == nil {
		items = append(items, picker.Item{Title: i18n.T("No priority"), Value: ""})
	}
	m.choose = picker.New(m.ctx, i18n.T("Priority"), items)
	m.choose.SetSize(m.width-4, m.pickerHeight())
	if m.priority != "" {
		m.choose.SetCurrent(m.priority)
	}
}

func (m *Model) pickerHeight() int { return max(m.height-8, 4) }

func (m *Model) option(value string) *api.PriorityOption {
	for i := range m.options {
		if m.options[i].Value == value {
			return &m.options[i]
		}
	}
	return nil
}

// save checks the title and emits the change (or the new item); nothing
// changed just closes the editor.
func (m *Model) save() tea.Cmd {
	title := strings.TrimSpace(m.title.Value())
	if title == "" {
		m.err = errors.New(i18n.T("the title is empty: type one, or press esc to leave"))
		m.focus = fieldPriority
		m.moveFocus(-1)
		return nil
	}
	if m.item == nil {
		if k, err := m.missingNew(); err != nil {
			m.err = err
			m.focusOther(k)
			return nil
		}
		m.closed = true
		return common.Cmd(common.CreateItemMsg{New: api.NewItem{
			Kind: m.kind, WorkspaceID: m.ctx.WorkspaceID, Title: title,
			PriorityLabel: m.priority, Creator: m.ctx.User, Fields: m.newFields(),
		}})
	}
	m.closed = true
	save := common.SaveItemMsg{Kind: m.kind, ID: m.item.ID, Title: m.item.Title,
		PriorityLabel: m.item.PriorityLabel, Original: *m.item}
	if title != m.item.Title {
		save.Title = title
	}
	if m.priority != m.initial {
		save.PriorityLabel = m.priority
	}
	save.Set = m.otherChanges()
	if _, moved := save.Set["status"]; moved {
		save.StatusFields = m.statusFields
	}
	if save.Title == m.item.Title && save.PriorityLabel == m.item.PriorityLabel && len(save.Set) == 0 {
		return nil
	}
	return common.Cmd(save)
}
