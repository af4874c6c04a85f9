// Package mine keeps "my work": the open items waiting on the user in every
// workspace the user reaches (owner, a bug's current owner, names the user;
// the status is not final), read from TAPD's to-do interfaces once, then
// brought up to date by what changed, and cached (store.Todos) so the view
// draws at once. It draws nothing; the my-work view and `triage list
// --mine` drive it.
//
// What a refresh costs: one request for the workspaces when they were not
// listed in the last day (or when asked, r in the view), then per workspace
// and kind one request, the items modified since the last read
// (api.Client.ModifiedSince), when the set was read whole before; else two,
// its to-dos (api.Client.Todos) and its final statuses (LastSteps, which
// decide whether a changed item is still a to-do). A set of more than 200
// changes or to-dos reads a page per 200.
package mine

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"triage/api"
	"triage/store"
)

// Reader is what my work reads of the service; *api.Client satisfies it.
type Reader interface {
	Workspaces(ctx context.Context, nick string) ([]api.Workspace, error)
	Todos(ctx context.Context, workspaceID int64, kind api.Kind, user string, fields []string) ([]api.Item, error)
	ModifiedSince(ctx context.Context, workspaceID int64, kind api.Kind, since time.Time, fields []string) ([]api.Item, error)
	LastSteps(ctx context.Context, workspaceID int64, kind api.Kind) (map[string]string, error)
}

// Cache keeps my work between runs; *store.Cache satisfies it.
type Cache interface {
	LoadTodos(service, user string) (store.Todos, bool, error)
	SaveTodos(service, user string, t store.Todos) error
}

// Overlap is how far before the last read a refresh asks for changes
// (our rule): the sync point is this machine's clock, and the service's
// may differ by a few minutes; an item asked twice is merged once.
const Overlap = 10 * time.Minute

// inFlight is how many sets are read at once.
const inFlight = 4

// Fields are what a card of my work shows and an edit compares.
func Fields(kind api.Kind) []string { return api.ListFields(kind) }

// SpacesFresh is how long a list of the user's workspaces stands for them
// (our rule, as the board keeps reference data): a warm open lists them
// no more often, so it costs one request per workspace and kind.
const SpacesFresh = 24 * time.Hour

// Read says what a refresh reads besides what changed.
type Read struct {
	Whole  bool // every set read whole, not by what changed
	Spaces bool // the workspaces listed again, however fresh their list
}

// Refresh brings my work of user up to date from prev: the workspaces are
// listed again when their list is older than SpacesFresh (or how.Spaces),
// each set of one is refreshed by what changed since its last read, or
// read whole when it never was (or how.Whole). A set whose read fails
// keeps what it held, with Err saying why; a workspace the user left goes.
// now is this machine's clock, the next sync point.
func Refresh(ctx context.Context, r Reader, user string, prev store.Todos, how Read, now time.Time) (store.Todos, error) {
	whole := how.Whole
	spaces, listed, err := workspaces(ctx, r, user, prev, how.Spaces, now)
	if err != nil {
		return prev, err
	}
	old := make(map[SetKey]store.TodoSet, len(prev.Sets))
	for _, s := range prev.Sets {
		old[SetKey{s.WorkspaceID, s.Kind}] = s
	}
	var sets []store.TodoSet
	for _, w := range spaces {
		ws, err := strconv.ParseInt(string(w.ID), 10, 64)
		if err != nil || w.IsCompany() {
			continue
		}
		for _, k := range api.Kinds {
			s, ok := old[SetKey{ws, k}]
			if !ok || whole {
				s = store.TodoSet{WorkspaceID: ws, Kind: k, Fields: s.Fields}
			}
			s.WorkspaceName = string(w.Name)
			sets = append(sets, s)
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, inFlight)
	for i := range sets {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			sets[i] = refreshSet(ctx, r, user, sets[i], now)
		})
	}
	wg.Wait()
	return store.Todos{SavedAt: now, Sets: sets, SpacesRead: listed}, ctx.Err()
}

// workspaces are the user's workspaces: prev's when they were listed less
// than SpacesFresh before now and list is false, else listed by the
// service; listed is when.
func workspaces(ctx context.Context, r Reader, user string, prev store.Todos, list bool, now time.Time) (spaces []api.Workspace, listed time.Time, err error) {
	age := now.Sub(prev.SpacesRead)
	if list || len(prev.Sets) == 0 || prev.SpacesRead.IsZero() || age < 0 || age >= SpacesFresh {
		spaces, err := r.Workspaces(ctx, user)
		return spaces, now, err
	}
	for _, s := range prev.Sets {
		id := api.FlexString(strconv.FormatInt(s.WorkspaceID, 10))
		if !slices.ContainsFunc(spaces, func(w api.Workspace) bool { return w.ID == id }) {
			spaces = append(spaces, api.Workspace{ID: id, Name: api.FlexString(s.WorkspaceName)})
		}
	}
	return spaces, prev.SpacesRead, nil
}

// refreshSet reads what changed in a set since its sync point, or the set
// whole when it has none.
func refreshSet(ctx context.Context, r Reader, user string, s store.TodoSet, now time.Time) store.TodoSet {
	synced, err := api.ParseTime(s.Synced)
	if s.Synced == "" || err != nil || s.Finals == nil {
		return readSet(ctx, r, user, s, now)
	}
	changed, err := r.ModifiedSince(ctx, s.WorkspaceID, s.Kind, synced.Add(-Overlap), Fields(s.Kind))
	if err != nil {
		s.Err = Reason(err)
		return s
	}
	s.Items = Merge(s.Items, stamp(changed, s.WorkspaceID, s.Kind), user, s.Finals)
	s.Synced, s.Err = syncPoint(now, changed, s.Synced), ""
	return s
}

// readSet reads a set whole: its to-dos and the kind's final statuses.
func readSet(ctx context.Context, r Reader, user string, s store.TodoSet, now time.Time) store.TodoSet {
	todos, err := r.Todos(ctx, s.WorkspaceID, s.Kind, user, Fields(s.Kind))
	if err != nil {
		s.Err = Reason(err)
		return s
	}
	finals, err := r.LastSteps(ctx, s.WorkspaceID, s.Kind)
	if err != nil {
		s.Err = Reason(err)
		return s
	}
	s.Finals = make([]string, 0, len(finals))
	for code := range finals {
		s.Finals = append(s.Finals, code)
	}
	slices.Sort(s.Finals)
	s.Items = stamp(todos, s.WorkspaceID, s.Kind)
	s.Synced, s.Err = syncPoint(now, todos, ""), ""
	return s
}

// syncPoint is the time the next refresh asks the changes after: this
// machine's clock in the service's zone, or the newest change read when
// the service's clock runs ahead.
func syncPoint(now time.Time, items []api.Item, prev string) string {
	out := max(api.FormatTime(now), prev)
	for i := range items {
		out = max(out, items[i].Modified)
	}
	return out
}

// Merge lays the items changed since a set's last read over it: a changed
// item still waiting on user (its owner names the user, its status is not
// one of finals) takes its place, or joins the set; any other leaves it.
// items is not changed: the view draws it while a refresh merges.
func Merge(items, changed []api.Item, user string, finals []string) []api.Item {
	if len(changed) > 0 {
		items = slices.Clone(items)
	}
	at := make(map[string]int, len(items))
	for i := range items {
		at[items[i].ID] = i
	}
	gone := map[string]bool{}
	for _, it := range changed {
		i, held := at[it.ID]
		switch {
		case Waiting(it, user, finals) && held:
			items[i] = it
		case Waiting(it, user, finals):
			at[it.ID] = len(items)
			items = append(items, it)
		case held:
			gone[it.ID] = true
		}
	}
	if len(gone) == 0 {
		return items
	}
	return slices.DeleteFunc(items, func(it api.Item) bool { return gone[it.ID] })
}

// Waiting reports whether an item waits on user: an owner is the user and
// the status is not final.
func Waiting(it api.Item, user string, finals []string) bool {
	return Owns(it.Owner, user) && !slices.Contains(finals, it.Status)
}

// Owns reports whether a people field ("alice;bob;") names user.
func Owns(owners, user string) bool {
	if user == "" {
		return false
	}
	for o := range strings.SplitSeq(owners, ";") {
		if strings.TrimSpace(o) == user {
			return true
		}
	}
	return false
}

// stamp gives each item its kind and workspace, which edits route by.
func stamp(items []api.Item, ws int64, kind api.Kind) []api.Item {
	id := strconv.FormatInt(ws, 10)
	for i := range items {
		items[i].Kind = kind
		if items[i].WorkspaceID == "" {
			items[i].WorkspaceID = id
		}
	}
	return items
}

// Reason is why a set could not be read, in a few words: a workspace the
// login does not reach says so.
func Reason(err error) string {
	var ae *api.Error
	if errors.As(err, &ae) && ae.HTTPStatus == http.StatusForbidden {
		return NotGranted
	}
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// NotGranted is the Err of a set of a workspace the login does not reach.
const NotGranted = "this login does not reach this workspace"
