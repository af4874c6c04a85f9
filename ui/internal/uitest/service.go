package uitest

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/common"
)

// Clock is the fixed time of every test: 2026-01-06 17:16:04 in the
// service's zone.
var Clock = time.Date(2026, 1, 6, 17, 16, 4, 0, api.ServiceZone)

// Now returns Clock.
func Now() time.Time { return Clock }

// Service is read by views and written by the outbox's sender only.
var (
	_ common.Service = (*Service)(nil)
	_ store.Remote   = (*Service)(nil)
)

// Service is a fake of the service with a small, fixed world: the reads of
// common.Service, which views and the engine see, and the writes of
// store.Remote, which only the outbox's sender (NewEdits) makes. Err, when
// set, is returned by every call. Calls are recorded.
type Service struct {
	mu         sync.Mutex
	Err        error
	User       api.User
	Spaces     []api.Workspace
	Fields     map[api.Kind]api.FieldInfo
	Items      map[api.Kind][]api.Item
	Calls      []string
	Created    []api.NewItem
	Priorities []string // "id=label" of every UpdatePriority
	// Hold, when set, keeps Workspaces waiting until it is closed or the
	// request is cancelled (a screen of the loading state).
	Hold chan struct{}
}

// NewService returns the fake world: user "anyechen", three workspaces, the
// default priorities with colours, and a few items of each kind.
func NewService() *Service {
	s := &Service{
		User: api.User{ID: "6081", Nick: "anyechen", Name: "Anye Chen"},
		Spaces: []api.Workspace{
			{ID: "10022001", Name: "Triage Demo", Category: "project", Status: "normal"},
			{ID: "10022002", Name: "Payments", Category: "project", Status: "normal"},
			{ID: "10022003", Name: "移动端 Mobile", Category: "project", Status: "normal"},
		},
		Fields: map[api.Kind]api.FieldInfo{},
		Items:  map[api.Kind][]api.Item{},
	}
	for _, k := range api.Kinds {
		s.Fields[k] = PriorityFields(k)
		for i := range 3 {
			s.Items[k] = append(s.Items[k], api.Item{
				Kind: k, ID: ItemID(k, 10022001, i+1), WorkspaceID: "10022001",
				Title: fmt.Sprintf("%s number %d", k, i+1), PriorityLabel: "High", Status: "open", Owner: "anyechen;",
			})
		}
	}
	return s
}

// PriorityFields is the field information of the default workspace for kind.
func PriorityFields(k api.Kind) api.FieldInfo {
	f := api.Field{Name: "priority_label", Label: "Priority", HTMLType: "select"}
	pairs := []api.Option{{Value: "High", Label: "High"}, {Value: "Middle", Label: "Middle"}, {Value: "Low", Label: "Low"}, {Value: "Nice To Have", Label: "Nice To Have"}}
	colors := []string{"#FF6770", "#FFA42B", "#3582FB", "#8F9CAE"}
	if k == api.Bug {
		pairs = []api.Option{{Value: "urgent", Label: "紧急"}, {Value: "high", Label: "高"}, {Value: "medium", Label: "中"}, {Value: "low", Label: "低"}, {Value: "insignificant", Label: "无关紧要"}}
		colors = append(colors[:2:2], "#FFD04B", "#3582FB", "#8F9CAE")
	}
	f.Options = api.Options{Pairs: pairs}
	for i, p := range pairs {
		f.ColorOptions = append(f.ColorOptions, api.ColorOption{Value: p.Value, Label: p.Label, Color: colors[i]})
	}
	return api.FieldInfo{"priority_label": f}
}

func (s *Service) record(format string, args ...any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Calls = append(s.Calls, fmt.Sprintf(format, args...))
	return s.Err
}

// SetErr sets the error every call returns (nil: none).
func (s *Service) SetErr(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Err = err
}

// CallLog returns the calls so far.
func (s *Service) CallLog() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.Calls...)
}

// Sent returns "id=label" of every UpdatePriority so far.
func (s *Service) Sent() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.Priorities...)
}

// UserInfo returns User.
func (s *Service) UserInfo(ctx context.Context) (api.User, error) {
	if err := s.record("UserInfo"); err != nil {
		return api.User{}, err
	}
	return s.User, nil
}

// Workspaces returns Spaces.
func (s *Service) Workspaces(ctx context.Context, nick string) ([]api.Workspace, error) {
	if err := s.record("Workspaces %s", nick); err != nil {
		return nil, err
	}
	if s.Hold != nil {
		select {
		case <-s.Hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return s.Spaces, nil
}

// FieldInfo returns Fields[kind].
func (s *Service) FieldInfo(ctx context.Context, workspaceID int64, kind api.Kind) (api.FieldInfo, error) {
	if err := s.record("FieldInfo %d %s", workspaceID, kind); err != nil {
		return nil, err
	}
	return s.Fields[kind], nil
}

// ListPages delivers Items[kind] in pages of api.PageSize, at least one.
func (s *Service) ListPages(ctx context.Context, req api.ListRequest, onPage func(api.Page)) error {
	if err := s.record("ListPages %d %s", req.WorkspaceID, req.Kind); err != nil {
		return err
	}
	s.mu.Lock()
	items := s.Items[req.Kind]
	s.mu.Unlock()
	for n := 1; ; n++ {
		page := items[:min(len(items), api.PageSize)]
		items = items[len(page):]
		loaded := (n-1)*api.PageSize + len(page)
		onPage(api.Page{Items: page, Number: n, Loaded: loaded, Total: loaded + len(items)})
		if len(items) == 0 {
			return nil
		}
	}
}

// Count counts Items[kind]; the filter is not applied.
func (s *Service) Count(ctx context.Context, workspaceID int64, kind api.Kind, filter url.Values) (int, error) {
	if err := s.record("Count %d %s", workspaceID, kind); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.Items[kind]), nil
}

// Changes returns Items[kind], all of them changed, and their count.
func (s *Service) Changes(ctx context.Context, req api.ListRequest, since time.Time) (api.Changes, error) {
	if err := s.record("Changes %d %s", req.WorkspaceID, req.Kind); err != nil {
		return api.Changes{}, err
	}
	items := s.Items[req.Kind]
	out := api.Changes{Items: items, Total: len(items), Counted: true}
	for _, it := range items {
		out.Newest = max(out.Newest, it.Modified)
	}
	return out, nil
}

// Create records n and returns it as an item.
func (s *Service) Create(ctx context.Context, n api.NewItem) (api.Item, error) {
	if err := s.record("Create %s %q", n.Kind, n.Title); err != nil {
		return api.Item{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Created = append(s.Created, n)
	return api.Item{Kind: n.Kind, ID: ItemID(n.Kind, n.WorkspaceID, 100+len(s.Created)),
		Title: n.Title, PriorityLabel: n.PriorityLabel}, nil
}

// UpdatePriority records the change; Get and ListPages show it.
func (s *Service) UpdatePriority(ctx context.Context, workspaceID int64, kind api.Kind, id, label, currentUser string) (api.Item, error) {
	if err := s.record("UpdatePriority %s %s", id, label); err != nil {
		return api.Item{}, err
	}
	s.SetItem(kind, id, func(it *api.Item) { it.PriorityLabel = label })
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Priorities = append(s.Priorities, id+"="+label)
	return api.Item{Kind: kind, ID: id, PriorityLabel: label}, nil
}

// Update records the change; Get and ListPages show the new title.
func (s *Service) Update(ctx context.Context, workspaceID int64, kind api.Kind, id string, fields map[string]string, currentUser string) (api.Item, error) {
	if err := s.record("Update %s %v", id, fields); err != nil {
		return api.Item{}, err
	}
	if title, ok := fields["title"]; ok {
		s.SetItem(kind, id, func(it *api.Item) { it.Title = title })
	}
	return api.Item{Kind: kind, ID: id, Title: fields["title"]}, nil
}

// SetItem changes an item of Items, as someone else would (or Update),
// without changing the slice a list handed out before.
func (s *Service) SetItem(kind api.Kind, id string, change func(*api.Item)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	items := append([]api.Item(nil), s.Items[kind]...)
	for i := range items {
		if items[i].ID == id {
			change(&items[i])
		}
	}
	s.Items[kind] = items
}

// GetMany returns the items of Get for ids, leaving out the unknown ones.
func (s *Service) GetMany(ctx context.Context, workspaceID int64, kind api.Kind, ids []string) ([]api.Item, error) {
	if err := s.record("GetMany %s %s", kind, strings.Join(ids, ",")); err != nil {
		return nil, err
	}
	var out []api.Item
	for _, id := range ids {
		if it, err := s.get(kind, id); err == nil {
			out = append(out, it)
		}
	}
	return out, nil
}

// Get returns the item of Items[kind] with an id.
func (s *Service) Get(ctx context.Context, workspaceID int64, kind api.Kind, id string) (api.Item, error) {
	if err := s.record("Get %s", id); err != nil {
		return api.Item{}, err
	}
	return s.get(kind, id)
}

// get is Get without the record.
func (s *Service) get(kind api.Kind, id string) (api.Item, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, it := range s.Items[kind] {
		if it.ID == id {
			return it, nil
		}
	}
	return api.Item{}, &api.Error{Kind: api.ErrNotFound, Op: "read " + kind.String(), Info: id + " not found"}
}

// FindCreated reports whether Create made an item with this title.
func (s *Service) FindCreated(ctx context.Context, workspaceID int64, kind api.Kind, title, creator string, after time.Time) (api.Item, bool, error) {
	if err := s.record("FindCreated %s %q", kind, title); err != nil {
		return api.Item{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, n := range s.Created {
		if n.Kind == kind && n.Title == title {
			return api.Item{Kind: kind, ID: ItemID(kind, workspaceID, 101+i), Title: title}, true, nil
		}
	}
	return api.Item{}, false, nil
}

// ItemID is the id the fake service gives item seq of kind k in workspace ws:
// each kind its own prefix (10, 11, 12), so the fake's kinds never share an
// id and the screens keep the ids they show.
func ItemID(k api.Kind, ws int64, seq int) string {
	return fmt.Sprintf("%d%d%09d", 10+int(k), ws, seq)
}
