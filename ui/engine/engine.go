package engine

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// Engine holds the items of the open workspace and the user's edits on
// their way to the service. It is driven from the program's Update: views
// call its intents and hand it its messages (Update); it answers with
// commands and ChangedMsg.
type Engine struct {
	ctx *common.Context
	ws  int64

	sets   [len(api.Kinds)]*Items    // each kind's items as shown
	loads  [len(api.Kinds)]loadState // each kind's load (load.go)
	gen    uint64                    // the generation of the latest load
	counts kindCounts                // the counts of the kinds not loaded yet (counts.go)
	whole  wholeItems                // the items read whole (whole.go)

	attached map[editKey]Attachments // the items' files (attachments.go)

	edits     map[editKey]*edit // item → the changes laid over it
	token     uint64            // the last queuing's token
	runs      map[uint64]*run   // the sends under way, by id (startRun)
	fields    [len(api.Kinds)]api.FieldInfo
	finals    [len(api.Kinds)]map[string]bool // final statuses per kind, for the queue; nil: not read yet
	ref       reference                       // what the field pickers offer (reference.go)
	names     map[int64]string                // the user's workspaces by id, for the edits of other workspaces' items (workspaces_other.go)
	elsewhere map[setKey]api.FieldInfo        // the field information of other workspaces' kinds, to name their edits' values (fields_other.go)
	seen      seenState                       // what the user has seen since they last looked (seen.go)
	kept      store.Reference                 // reference data kept between runs, with when it was read (kept.go)
	keptSaves *keptSaves                      // the order of their saves
	// creating is what a new item of each kind is made with (createfields.go)
	creating createFields

	failedCreates []store.Edit   // creates the service refused, for R
	provs         []*provisional // the creates on their way, each a card on the board (provisional.go)
	localN        uint64         // the local ids given so far
	lastCreate    string         // the title of a create newer than the last step: u says it is not undone
	conflicts     []store.Edit   // edits waiting for keep mine / take theirs

	stepCount  uint64               // the steps numbered so far (newStep)
	steps      []*step              // this session's steps that can be undone, oldest first
	made       []*step              // every step of this session, undos and redos too, oldest first (the U view's rows)
	undone     []*step              // the steps Undo undid, newest last: Redo applies them again
	unanswered map[uint64]*stepItem // the edits of steps whose queuing the outbox has not answered, by token
	undoLater  *step                // the step u asked to undo before it was saved (undo_later.go)

	// The outbox: how many edits wait for the service, and its flushes.
	waiting, conflictCount int
	flushGen               uint64
	flushing, flushIdle    bool
	authAsked              bool
	rest                   rest      // the sender holds the edits back (rest.go)
	ticking                bool      // the countdown's tick runs
	others                 elsewhere // the edits of other processes (elsewhere.go)

	lastErr     error
	lastErrTask string // the task lastErr came from (CacheTask, a load); "": an edit's

	// The cache: the kinds read from it, the debounced saves, and whether a
	// failed save was said.
	cacheRead   [len(api.Kinds)]bool
	saveGen     [len(api.Kinds)]uint64
	cacheWarned bool

	// watcher is the view told what changed within the Update that changed
	// it (Watch); nil: none yet.
	watcher Watcher

	// After is the timer of flushes and cache saves (tea.Tick; tests fire it at once).
	After func(time.Duration, tea.Msg) tea.Cmd
	// Poll is the timer of the look for other processes' edits (nil:
	// tea.Tick; tests fire it by hand).
	Poll func(time.Duration, tea.Msg) tea.Cmd
	// Now is the clock of the countdown to the next try (nil: time.Now).
	Now func() time.Time
}

// New returns the engine of a program's context; Open starts it on a workspace.
func New(ctx *common.Context) *Engine {
	g := &Engine{ctx: ctx, edits: make(map[editKey]*edit), runs: make(map[uint64]*run),
		unanswered: make(map[uint64]*stepItem), keptSaves: &keptSaves{written: map[int64]uint64{}}, After: tick}
	for _, k := range api.Kinds {
		g.sets[k] = newItems(k)
	}
	return g
}

// tick sends msg after d.
func tick(d time.Duration, msg tea.Msg) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// Open starts on a workspace: the items of another and their loads are
// dropped (a view loads the kinds it shows: Load), and the edits an earlier
// run left in the outbox are shown and sent.
func (g *Engine) Open(workspaceID int64) tea.Cmd {
	g.ws = workspaceID
	g.stopLoads()
	for _, k := range api.Kinds {
		g.sets[k] = newItems(k)
	}
	g.finals = [len(api.Kinds)]map[string]bool{}
	g.ref = reference{}
	g.creating = createFields{}
	g.provs = nil
	g.cacheRead = [len(api.Kinds)]bool{}
	g.lastErr = nil
	kept := g.loadKept()
	return tea.Batch(kept, g.startEdits(), g.watchElsewhere())
}

// Workspace is the workspace open.
func (g *Engine) Workspace() int64 { return g.ws }

// SetFields gives the engine a kind's field information, for the names of
// the values it reports ("#4 High → Low").
func (g *Engine) SetFields(kind api.Kind, fi api.FieldInfo) { g.fields[kind] = fi }

// ChangedMsg is the one message the engine tells the views with: what a
// load did to the items, the cards whose items changed (as the edits leave
// them now), the items created, the item the cursor goes to, and whether a
// conflict waits for an answer.
type ChangedMsg struct {
	Loaded []Loaded
	Items  []Shown
	// Elsewhere are the items of other workspaces than the one open, as
	// their cards show them now (edits made in my work): the board has
	// no card of them.
	Elsewhere []Shown
	Follow    *Shown // the cursor goes to this item when its tab is shown
	Reveal    bool   // the tab of Follow is shown first (an undo's item)
	Conflicts bool   // a conflict waits: a view that asks about them asks now
}

// Loaded is what a load, a refresh or the cache did to a kind's items.
// Items appended or changed in place were told to the view's Index already.
type Loaded struct {
	Kind api.Kind
	// Reset says that Items(Kind) is another set, or its field information
	// changed: a view indexes the items anew.
	Reset bool
	// Refreshed says that Since holds the items someone else changed since
	// the items shown before (nil: none), for a view to mark.
	Refreshed bool
	Since     map[string]bool
}

// Shown is an item as its card shows it now. Confirmed says the service
// took an edit of it (its bulk mark goes, the cache is saved soon); Created
// says it is new on the board. When Answer names a field, Item is only the
// service's answer to a write of it, from an edit the engine did not stage
// (an earlier run's): On lays it over the card.
type Shown struct {
	Kind      api.Kind
	Item      api.Item
	Confirmed bool
	Created   bool
	Answer    Field
	lay       bool // the engine knows only the item's id: its edits go over the card
}

// Card is a card after a change the engine told: the item shown, the answer
// laid over the card, or the edits laid over it.
func (g *Engine) Card(s Shown, card api.Item) api.Item {
	switch {
	case s.Answer != "":
		return mergeAnswer(card, store.Result{Edit: store.Edit{Op: s.Answer.op()}, Item: s.Item})
	case s.lay:
		it, _ := g.Lay(s.Kind, card)
		return it
	}
	return s.Item
}

// Update takes the engine's messages: the answers of its own work and the
// intents of the views that have no engine at hand (the editor, the queue,
// the U view). ok is false for any other message.
func (g *Engine) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case sentMsg:
		return g.onSent(msg), true
	case scheduleMsg:
		return g.onSchedule(msg), true
	case restTickMsg:
		return g.onRestTick(), true
	case flushTickMsg:
		return g.onFlushTick(msg), true
	case flushedMsg:
		return g.onFlushed(msg), true
	case pendingMsg:
		return g.onPending(msg), true
	case elsewhereTickMsg:
		return g.onElsewhereTick(), true
	case elsewhereMsg:
		return g.onElsewhere(msg), true
	case resolvedMsg:
		return g.onResolved(msg), true
	case finalsMsg:
		return g.onFinals(msg), true
	case referenceMsg:
		return g.onReference(msg), true
	case customFieldsMsg:
		return g.onCustomFields(msg), true
	case createFieldsMsg:
		return g.onCreateFields(msg), true
	case fieldsMsg:
		return g.onFields(msg), true
	case fieldsAgainMsg:
		return g.onFieldsAgain(msg), true
	case countMsg:
		return g.onCount(msg), true
	case pagesMsg:
		return g.onPages(msg), true
	case CachedMsg:
		return g.onCache(msg), true
	case changesMsg:
		return g.onChanges(msg), true
	case reloadMsg:
		return g.onReload(msg), true
	case wholeMsg:
		return g.onWhole(msg), true
	case historyMsg:
		return g.onHistory(msg), true
	case attachmentsMsg:
		return g.keepAttachments(msg), true
	case savedMsg:
		return g.onSaved(msg), true
	case saveTickMsg:
		return g.onSaveTick(msg), true
	case partTickMsg:
		return g.onPartTick(msg), true
	case cacheSavedMsg:
		return g.onCacheSaved(msg), true
	case common.SaveItemMsg:
		return g.onSave(msg), true
	case common.CreateItemMsg:
		return g.Create(msg.New), true
	case AnswerMsg:
		return g.onQueueSet(msg), true
	case UndoStepMsg:
		return g.UndoStep(msg.Seq), true
	case CommentMsg:
		return g.Comment(msg.Kind, msg.Item, msg.Text), true
	}
	return nil, false
}

// Watcher is a view the engine tells what changed (the board): at once,
// within the Update that changed it, so no frame shows the engine's marks
// over cards the view has not moved yet.
type Watcher interface {
	Changed(ChangedMsg) tea.Cmd
}

// Watch makes w the view told what changes.
func (g *Engine) Watch(w Watcher) { g.watcher = w }

// changed tells the watching view what changed, at once.
func (g *Engine) changed(msg ChangedMsg) tea.Cmd {
	seen := g.seenOnChange(msg)
	if g.watcher == nil || len(msg.Loaded) == 0 && len(msg.Items) == 0 && len(msg.Elsewhere) == 0 && msg.Follow == nil && !msg.Conflicts {
		return seen
	}
	return tea.Batch(g.watcher.Changed(msg), seen)
}

// loaded tells the watching view what a load did to a kind's items.
func (g *Engine) loaded(ld Loaded) tea.Cmd {
	if ld.Reset {
		g.placeProvisional(ld.Kind)
	}
	return g.changed(ChangedMsg{Loaded: []Loaded{ld}})
}

// Badges are what the status line always shows about the edits: how many
// wait for the service, and the conflicts.
func (g *Engine) Badges() []string {
	var out []string
	if g.waiting > 0 {
		out = append(out, WaitingText(g.waiting))
		if why := g.restText(); why != "" {
			out = append(out, why)
		}
	}
	switch {
	case g.conflictCount == 1:
		out = append(out, i18n.T("1 conflict"))
	case g.conflictCount > 1:
		out = append(out, i18n.Tf("%d conflicts", g.conflictCount))
	}
	return out
}

// Err is the last error of an edit, until a retry.
func (g *Engine) Err() error { return g.lastErr }

// report puts an error on the status line.
func (g *Engine) report(err error) tea.Cmd { return g.reportTask("", err) }

// reportTask puts the error of a task on the status line, until the next
// run of the task succeeds (succeeded).
func (g *Engine) reportTask(task string, err error) tea.Cmd {
	g.lastErr, g.lastErrTask = err, task
	return common.Cmd(common.StatusMsg{Err: err, Task: task})
}

// succeeded says that a run of a task went well: the error its last run
// left goes, here and on the status line.
func (g *Engine) succeeded(task string) tea.Cmd {
	if g.lastErr != nil && g.lastErrTask == task {
		g.lastErr, g.lastErrTask = nil, ""
	}
	return common.Succeeded(task)
}

// request is the context of the requests of a task: each wait of one for
// the rate limit is said on the status line in place of the task's label.
func (g *Engine) request(task string) context.Context {
	return g.ctx.Waiting(g.ctx.Request(), task, 0)
}

// note puts a message on the status line, in the language in use: every
// note of the engine goes through here, its format a message of the
// catalogue (ui/i18n's scan checks each literal one).
func note(format string, args ...any) tea.Cmd {
	return common.Cmd(common.StatusMsg{Text: i18n.Tf(format, args...)})
}

// tell puts a text already in the language in use on the status line.
func tell(text string) tea.Cmd { return common.Cmd(common.StatusMsg{Text: text}) }

// ErrNoOutbox says that this run cannot save edits, in the language in use.
var ErrNoOutbox error = noOutbox{}

type noOutbox struct{}

func (noOutbox) Error() string {
	return i18n.T("edits cannot be saved in this run: no outbox is open")
}

// WaitingText says how many edits wait for the service: "3 edits waiting".
func WaitingText(n int) string {
	if n == 1 {
		return i18n.T("1 edit waiting")
	}
	return i18n.Tf("%d edits waiting", n)
}
