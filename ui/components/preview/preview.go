// Package preview is the preview pane (P): the whole item under a view's
// cursor (title, status and iteration by name, owners, times, the
// description as text, the comments). It follows the cursor, but has the
// engine read an item only once the cursor has rested for Delay, and each
// item once until a load shows it changed (engine.Engine.ReadWhole):
// holding j does not send a request a card, nor does moving back and forth. The view that embeds it says what is selected and how its fields
// are named; the pane keeps only which item it shows.
package preview

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
)

const (
	// Delay is how long the cursor rests on an item before it is read.
	Delay = 150 * time.Millisecond
	// SideMin is the width from which the pane sits beside the view.
	SideMin = 160
	// SideW is the pane's width there.
	SideW = 56
)

// Reader is what the pane asks the engine: an item read whole, whether it
// is read since it last changed (or being read), and to read one.
type Reader interface {
	Whole(kind api.Kind, id string) (engine.Whole, bool, error)
	WholeCurrent(kind api.Kind, id string) bool
	ReadWhole(kind api.Kind, id string) tea.Cmd
}

// Key names an item of the pane by kind and id: TAPD numbers each kind on
// its own under one prefix, so a story and a bug share ids.
type Key struct {
	Kind api.Kind
	ID   string
}

// TickMsg fires when the cursor has rested on an item.
type TickMsg struct {
	gen uint64
	key Key
}

// Model is the state of the pane.
type Model struct {
	ctx  *common.Context
	read Reader
	open bool
	at   Key    // the item it shows (or waits for)
	gen  uint64 // of the last cursor move, to drop older timers
	due  bool   // a timer runs for at
	// top is the first line shown, and maxTop the last it may be for the
	// item as last drawn (scroll.go).
	top, maxTop int
	// ScrollKeys names the embedding view's keys that scroll the pane
	// ("ctrl+d/ctrl+u"), for the sign that more lines follow.
	ScrollKeys string
	// FileKeys names the embedding view's keys of attachments ("F choose
	// · O open · K save"), shown over them; file is the one chosen, on
	// item fileOf (attachments.go).
	FileKeys string
	file     int
	fileOf   Key
	// After is the timer of the pane (tea.Tick; tests fire it at once).
	After func(time.Duration, tea.Msg) tea.Cmd
	// Changes says what changed in the item shown since the user last
	// looked (changes.go); nil: the pane shows no such section.
	Changes ChangesOf
}

// New is a closed pane reading through r.
func New(ctx *common.Context, r Reader) Model {
	return Model{ctx: ctx, read: r, After: tick}
}

// tick sends msg after d.
func tick(d time.Duration, msg tea.Msg) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// Open reports whether the pane is shown.
func (p *Model) Open() bool { return p.open }

// Toggle opens or closes the pane; the view follows it with Follow once
// it has sized itself.
func (p *Model) Toggle() {
	p.open = !p.open
	p.at, p.top = Key{}, 0
}

// Forget has the pane read its item again at the next Follow (after a
// comment, say), where it is scrolled to.
func (p *Model) Forget() { p.at = Key{} }

// Follow makes the pane follow the cursor on item key (ok false: nothing
// selected): a new item starts the delay before it is read.
func (p *Model) Follow(key Key, ok bool) tea.Cmd {
	if !p.open {
		return nil
	}
	if !ok {
		p.at, p.top = Key{}, 0
		return nil
	}
	if key == p.at && (p.due || p.read.WholeCurrent(key.Kind, key.ID)) {
		return p.readFiles(key) // shown and current (its files read again once it changed), or about to be read
	}
	if key != p.at && p.at != (Key{}) { // another item; after Forget, the same one read again keeps its place
		p.top = 0
	}
	p.at = key
	p.gen++
	if p.due = !p.read.WholeCurrent(key.Kind, key.ID); !p.due {
		return p.readFiles(key)
	}
	return p.After(Delay, TickMsg{gen: p.gen, key: key})
}

// OnTick has the engine read the item the cursor rests on.
func (p *Model) OnTick(msg TickMsg) tea.Cmd {
	if msg.gen != p.gen || !p.open {
		return nil
	}
	p.due = false
	return tea.Batch(p.read.ReadWhole(msg.key.Kind, msg.key.ID), p.readFiles(msg.key))
}

// Beside reports whether the pane sits beside a view outerW cells wide.
func Beside(outerW int) bool { return outerW >= SideMin }

// Height is the height of the pane under a view outerH cells high.
func Height(outerH int) int { return max(outerH/2, 8) }
