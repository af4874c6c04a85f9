package common

import (
	"context"
	"net/url"
	"time"

	"triage/api"
)

// Service is what views need from the API; *api.Client satisfies it, and tests
// use fakes.
type Service interface {
	UserInfo(ctx context.Context) (api.User, error)
	Workspaces(ctx context.Context, nick string) ([]api.Workspace, error)
	FieldInfo(ctx context.Context, workspaceID int64, kind api.Kind) (api.FieldInfo, error)
	ListPages(ctx context.Context, req api.ListRequest, onPage func(api.Page)) error
	Count(ctx context.Context, workspaceID int64, kind api.Kind, filter url.Values) (int, error)
	Changes(ctx context.Context, req api.ListRequest, since time.Time) (api.Changes, error)
	Get(ctx context.Context, workspaceID int64, kind api.Kind, id string) (api.Item, error)
	Create(ctx context.Context, n api.NewItem) (api.Item, error)
	UpdatePriority(ctx context.Context, workspaceID int64, kind api.Kind, id, label, currentUser string) (api.Item, error)
	Update(ctx context.Context, workspaceID int64, kind api.Kind, id string, fields map[string]string, currentUser string) (api.Item, error)
}
