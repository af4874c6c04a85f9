package board

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/preview"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

const testWS = 10022001

// fakeService is a deterministic workspace: bugs with Chinese priority
// labels (and items with unknown, legacy-only and no priority), stories with
// the default labels, no tasks. The board reads it as a common.Service; it
// is written only by the outbox's sender, as a store.Remote (uitest.NewEdits).
// Writes can be made to fail one by one.
type fakeService struct {
	mu        sync.Mutex
	fields    map[api.Kind]api.FieldInfo
	items     map[api.Kind][]api.Item
	lastSteps map[api.Kind]map[string]string // final statuses; nil: LastSteps fails
	pageSize  int

	fieldsErr error
	listErr   error
	countErr  error
	readErr   error
	writeErrs []error // popped by each write; nil entries succeed
	writes    []string
	reads     []string
	counts    []api.Kind // the kinds counted, in order
	creates   []api.NewItem
	onWrite   func() // called as each write arrives
	deltas    int    // refreshes by delta asked
	lists     int    // whole lists asked
}

// appliedErr is a scripted write error after which the write was applied
// all the same (a timeout after the service wrote it).
type appliedErr struct{ error }

func newFakeService() *fakeService {
	s := &fakeService{
		fields:   map[api.Kind]api.FieldInfo{},
		items:    map[api.Kind][]api.Item{},
		pageSize: 4,
	}
	for _, k := range api.Kinds {
		s.fields[k] = uitest.PriorityFields(k)
	}
	bugs := []struct{ title, label, legacy, status, owner string }{
		{"登录页面在 iOS 上崩溃", "urgent", "", "new", "anyechen;"},
		{"Payment callback retries forever", "high", "", "in_progress", "lily;"},
		{"导出 Excel 时中文乱码", "high", "", "new", "王小明;"},
		{"Dark mode colours are unreadable on the settings page of the admin console", "medium", "", "resolved", "bob;"},
		{"搜索结果分页错误", "low", "", "new", ""},
		{"Crash when the token expires mid-upload", "", "urgent", "reopened", "anyechen;"},
		{"旧版本数据迁移失败", "非常高", "", "new", "zhao;"},
		{"Typo in the welcome e-mail", "", "", "new", "lily;"},
		{"通知中心不显示未读数", "insignificant", "", "closed", "王小明;"},
		{"Slow list with 10k items", "medium", "", "new", "bob;"},
		{"图片上传超时", "", "", "new", ""},
	}
	for n, b := range bugs {
		s.items[api.Bug] = append(s.items[api.Bug], api.Item{
			Kind: api.Bug, ID: fmt.Sprintf("1110022001%09d", 1001+n), WorkspaceID: "10022001",
			Title: b.title, PriorityLabel: b.label, Priority: b.legacy, Status: b.status, Owner: b.owner,
			Modified: fmt.Sprintf("2026-01-%02d 1%d:%02d:00", 6-n%5, n%10, 7*n%60),
		})
	}
	stories := []struct{ title, label, legacy string }{
		{"As a PM I can triage bugs from the terminal", "High", ""},
		{"支持自定义优先级", "High", ""},
		{"Export the board as CSV", "Low", ""},
		{"Legacy story with only a numeric priority", "", "3"},
		{"单点登录 (SSO)", "Nice To Have", ""},
	}
	for n, st := range stories {
		s.items[api.Story] = append(s.items[api.Story], api.Item{
			Kind: api.Story, ID: fmt.Sprintf("1010022001%09d", 2001+n), WorkspaceID: "10022001",
			Title: st.title, PriorityLabel: st.label, Priority: st.legacy, Status: "planning", Owner: "anyechen;",
			Modified: fmt.Sprintf("2026-01-0%d 09:00:00", 1+n),
		})
	}
	return s
}

func (s *fakeService) UserInfo(context.Context) (api.User, error) {
	return api.User{Nick: "anyechen"}, nil
}

func (s *fakeService) Workspaces(context.Context, string) ([]api.Workspace, error) {
	return nil, nil
}

// LastSteps names the final statuses set in lastSteps; without them it
// fails, as a service without the workflow interface does.
func (s *fakeService) LastSteps(_ context.Context, _ int64, kind api.Kind) (map[string]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lastSteps[kind] == nil {
		return nil, errors.New("no workflow")
	}
	return s.lastSteps[kind], nil
}

func (s *fakeService) FieldInfo(_ context.Context, _ int64, kind api.Kind) (api.FieldInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fieldsErr != nil {
		return nil, s.fieldsErr
	}
	return s.fields[kind], nil
}

// ListPages delivers the items pageSize at a time, last page first, to show
// that pages may come in any order.
func (s *fakeService) ListPages(_ context.Context, req api.ListRequest, onPage func(api.Page)) error {
	s.mu.Lock()
	items := append([]api.Item(nil), s.items[req.Kind]...)
	err, size := s.listErr, s.pageSize
	s.lists++
	s.mu.Unlock()
	if err != nil {
		return err
	}
	var pages []api.Page
	for n := 0; n*size < len(items); n++ {
		pages = append(pages, api.Page{Items: items[n*size : min((n+1)*size, len(items))], Number: n + 1})
	}
	loaded := 0
	for k := len(pages) - 1; k >= 0; k-- {
		loaded += len(pages[k].Items)
		pages[k].Loaded, pages[k].Total = loaded, len(items)
		onPage(pages[k])
	}
	return nil
}

// Count counts the items of a kind, as the list would give them.
func (s *fakeService) Count(_ context.Context, _ int64, kind api.Kind, _ url.Values) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts = append(s.counts, kind)
	if s.countErr != nil {
		return 0, s.countErr
	}
	return len(s.items[kind]), nil
}

// write records a write and returns the next scripted error.
func (s *fakeService) write(format string, args ...any) error {
	if s.onWrite != nil {
		s.onWrite()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writes = append(s.writes, fmt.Sprintf(format, args...))
	if len(s.writeErrs) == 0 {
		return nil
	}
	err := s.writeErrs[0]
	s.writeErrs = s.writeErrs[1:]
	return err
}

// find returns a stored item.
func (s *fakeService) find(kind api.Kind, id string) (*api.Item, error) {
	for k := range s.items[kind] {
		if s.items[kind][k].ID == id {
			return &s.items[kind][k], nil
		}
	}
	return nil, &api.Error{Kind: api.ErrNotFound, Op: "update " + kind.String(), Info: id + " not found"}
}

func (s *fakeService) UpdatePriority(_ context.Context, _ int64, kind api.Kind, id, label, _ string) (api.Item, error) {
	if err := s.write("priority %s=%s", id, label); err != nil {
		return api.Item{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.find(kind, id)
	if err != nil {
		return api.Item{}, err
	}
	it.PriorityLabel, it.Modified = label, "2026-01-06 17:16:04"
	return *it, nil
}

func (s *fakeService) Update(_ context.Context, _ int64, kind api.Kind, id string, fields map[string]string, _ string) (api.Item, error) {
	if err := s.write("update %s title=%s", id, fields["title"]); err != nil {
		return api.Item{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.find(kind, id)
	if err != nil {
		return api.Item{}, err
	}
	it.Title, it.Modified = fields["title"], "2026-01-06 17:16:04"
	return *it, nil
}

func (s *fakeService) Create(_ context.Context, n api.NewItem) (api.Item, error) {
	err := s.write("create %s %s", n.Kind, n.Title)
	var applied appliedErr
	if err != nil && !errors.As(err, &applied) {
		return api.Item{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.creates = append(s.creates, n)
	it := api.Item{Kind: n.Kind, ID: uitest.ItemID(n.Kind, 10022001, 9000+len(s.creates)),
		WorkspaceID: "10022001", Title: n.Title, PriorityLabel: n.PriorityLabel, Status: "new", Owner: n.Creator + ";"}
	s.items[n.Kind] = append(s.items[n.Kind], it)
	if err != nil {
		return api.Item{}, applied.error
	}
	return it, nil
}

// Get reads one item as the service holds it.
func (s *fakeService) Get(_ context.Context, _ int64, kind api.Kind, id string) (api.Item, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads = append(s.reads, "get "+id)
	if s.readErr != nil {
		return api.Item{}, s.readErr
	}
	it, err := s.find(kind, id)
	if err != nil {
		return api.Item{}, err
	}
	return *it, nil
}

// GetMany reads items as the service holds them, in one request.
func (s *fakeService) GetMany(_ context.Context, _ int64, kind api.Kind, ids []string) ([]api.Item, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads = append(s.reads, "getmany "+strings.Join(ids, ","))
	if s.readErr != nil {
		return nil, s.readErr
	}
	var out []api.Item
	for _, id := range ids {
		if it, err := s.find(kind, id); err == nil {
			out = append(out, *it)
		}
	}
	return out, nil
}

// FindCreated looks for a created item by title.
func (s *fakeService) FindCreated(_ context.Context, _ int64, kind api.Kind, title, _ string, _ time.Time) (api.Item, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads = append(s.reads, "find "+title)
	if s.readErr != nil {
		return api.Item{}, false, s.readErr
	}
	for _, it := range s.items[kind] {
		if it.Title == title {
			return it, true, nil
		}
	}
	return api.Item{}, false, nil
}

// setByOther changes an item's priority as someone else would.
func (s *fakeService) setByOther(kind api.Kind, id, label string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.find(kind, id)
	if err != nil {
		panic(err)
	}
	it.PriorityLabel, it.Modified = label, "2026-01-06 18:00:00"
}

// setWriteErrs scripts the errors of the next writes.
func (s *fakeService) setWriteErrs(errs ...error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writeErrs = errs
}

// written returns the writes so far.
func (s *fakeService) written() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.writes)
}

// harness drives a board synchronously: it runs every command to its
// message, feeds the board's own messages back, and keeps the others (those
// for the root) in out.
type harness struct {
	t     *testing.T
	ctx   *common.Context
	svc   *fakeService
	edits *store.Sender
	m     *Model
	out   []tea.Msg
}

// newHarness drives a board over svc with a real outbox. Its timers fire at
// once: saves run, and the engine's flush timers' messages wait in out for
// flush.
func newHarness(t *testing.T, svc *fakeService, noColor bool, w, h int) *harness {
	t.Helper()
	ctx := uitest.Context(svc, uitest.Theme{Dark: true, NoColor: noColor}, w, h)
	edits := uitest.NewEdits(t, svc, ctx.ServiceURL)
	ctx.Edits = edits
	eng := engine.New(ctx)
	eng.After = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if d == engine.SaveDelay {
			return func() tea.Msg { return msg } // a save of the cache fires at once
		}
		return func() tea.Msg { return timerMsg{msg} }
	}
	m := New(ctx, eng)
	m.prev.After = func(_ time.Duration, msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
	m.SetSize(w, h)
	return &harness{t: t, ctx: ctx, svc: svc, edits: edits, m: m}
}

// load loads the workspace and waits for every answer.
func (h *harness) load() *harness {
	h.run(h.m.openWorkspace(testWS))
	return h
}

// timerMsg is a flush timer of the engine that went off: it waits in out
// for flush.
type timerMsg struct{ msg tea.Msg }

// send feeds messages (keys, root messages) to the board, or to the engine
// as the root does, and runs what follows.
func (h *harness) send(msgs ...tea.Msg) *harness {
	for _, msg := range msgs {
		if cmd, ok := h.m.eng.Update(msg); ok {
			h.run(cmd)
			continue
		}
		_, cmd := h.m.Update(msg)
		h.run(cmd)
	}
	return h
}

// keys presses keys named as uitest.Keys names them.
func (h *harness) keys(names ...string) *harness { return h.send(uitest.Keys(names...)...) }

// run runs a command and everything it leads to.
func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msg := cmd()
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
	case pickedMsg, engine.ChangedMsg, engine.FinalsReadMsg, historyMsg, preview.TickMsg:
		_, next := h.m.Update(msg)
		h.run(next)
	case timerMsg:
		h.out = append(h.out, msg)
	default:
		if next, ok := h.m.eng.Update(msg); ok {
			h.run(next)
			return
		}
		h.out = append(h.out, msg)
	}
}

// flush fires the flush timers that went off, until none is set: the
// waiting edits are sent (or wait again).
func (h *harness) flush() *harness {
	for range 10 {
		var ticks []tea.Msg
		rest := h.out[:0]
		for _, msg := range h.out {
			if t, ok := msg.(timerMsg); ok {
				ticks = append(ticks, t.msg)
			} else {
				rest = append(rest, msg)
			}
		}
		h.out = rest
		if len(ticks) == 0 {
			return h
		}
		h.send(ticks...)
	}
	return h
}

// takeOut returns and forgets the messages meant for the root.
// The flush timers stay for flush: they are the board's own.
func (h *harness) takeOut() []tea.Msg {
	var out, timers []tea.Msg
	for _, msg := range h.out {
		if _, ok := msg.(timerMsg); ok {
			timers = append(timers, msg)
		} else {
			out = append(out, msg)
		}
	}
	h.out = timers
	return out
}

// Changes returns the stored items modified at or after since (and those
// without a modified time), oldest change first, and the count of them all.
func (s *fakeService) Changes(_ context.Context, req api.ListRequest, since time.Time) (api.Changes, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deltas++
	if s.listErr != nil {
		return api.Changes{}, s.listErr
	}
	after := api.FormatTime(since)
	out := api.Changes{Total: len(s.items[req.Kind]), Counted: true}
	for _, it := range s.items[req.Kind] {
		if it.Modified == "" || it.Modified >= after {
			out.Items = append(out.Items, it)
			out.Newest = max(out.Newest, it.Modified)
		}
	}
	slices.SortStableFunc(out.Items, func(a, b api.Item) int { return strings.Compare(a.Modified, b.Modified) })
	return out, nil
}

// newBoard is a board over an engine of its own, as the root makes them.
func newBoard(ctx *common.Context) *Model { return New(ctx, engine.New(ctx)) }

// openWorkspace opens a workspace as the root does: the engine, then the board.
func (m *Model) openWorkspace(ws int64) tea.Cmd { return tea.Batch(m.eng.Open(ws), m.Load(ws)) }
