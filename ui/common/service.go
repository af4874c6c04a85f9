package common

import (
	"context"
	"net/url"
	"time"

	"triage/api"
)

// Service is what views and the engine read from the API; *api.Client
// satisfies it, and tests use fakes. It offers reads only: every write (a
// create, a field change, a comment) is an edit queued in the outbox and
// sent by its sender (EditQueue, EditSender in ports.go), so that nothing in
// ui writes around the outbox.
type Service interface {
	UserInfo(ctx context.Context) (api.User, error)
	Workspaces(ctx context.Context, nick string) ([]api.Workspace, error)
	FieldInfo(ctx context.Context, workspaceID int64, kind api.Kind) (api.FieldInfo, error)
	ListPages(ctx context.Context, req api.ListRequest, onPage func(api.Page)) error
	Count(ctx context.Context, workspaceID int64, kind api.Kind, filter url.Values) (int, error)
	Changes(ctx context.Context, req api.ListRequest, since time.Time) (api.Changes, error)
	Get(ctx context.Context, workspaceID int64, kind api.Kind, id string) (api.Item, error)
}
