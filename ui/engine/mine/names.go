package mine

import (
	"context"
	"sync"
	"time"

	"triage/api"
	"triage/store"
)

// My work names each item's status as its workspace's workflow does ("In
// progress", 已解决), not by its code: from the field information of the
// kind kept for a day with the workspace's reference data (the board keeps
// it there too), else read once, one request per workspace and kind that
// has items, and kept for the next day.

// Names are the status names of each workspace and kind, by code.
type Names map[SetKey]map[string]string

// SetKey names a set: a kind in a workspace.
type SetKey struct {
	WorkspaceID int64
	Kind        api.Kind
}

// Status is the name of a status of a kind in a workspace, or its code
// when it is not known.
func (n Names) Status(ws int64, kind api.Kind, code string) string {
	if name := n[SetKey{ws, kind}][code]; name != "" {
		return name
	}
	return code
}

// Kept is where the field information is kept; *store.Cache satisfies it.
type Kept interface {
	LoadReference(service, user string, workspaceID int64) (store.Reference, bool, error)
	KeepFieldInfo(service, user string, workspaceID int64, kind api.Kind, fi api.FieldInfo, now time.Time) error
}

// FieldReader reads a kind's field information; *api.Client satisfies it.
type FieldReader interface {
	FieldInfo(ctx context.Context, workspaceID int64, kind api.Kind) (api.FieldInfo, error)
}

// KeptNames are the status names of work's sets kept within a day (k nil:
// none), and the sets with items whose names are not kept (ReadNames reads
// them). The first error reading the cache is returned with what was read.
func KeptNames(k Kept, service, user string, work store.Todos, now time.Time) (Names, []SetKey, error) {
	names := Names{}
	var (
		missing []SetKey
		first   error
	)
	refs := map[int64]store.Reference{}
	for _, s := range work.Sets {
		if len(s.Items) == 0 {
			continue
		}
		key := SetKey{s.WorkspaceID, s.Kind}
		ref, loaded := refs[s.WorkspaceID]
		if !loaded && k != nil {
			var err error
			if ref, _, err = k.LoadReference(service, user, s.WorkspaceID); err != nil && first == nil {
				first = err
			}
			refs[s.WorkspaceID] = ref
		}
		fi := ref.Fields[s.Kind]
		if !fi.Fresh(now) || fi.Value == nil {
			missing = append(missing, key)
			continue
		}
		names[key] = statusNames(fi.Value, ref.Workflows[s.Kind].Value.Names)
	}
	return names, missing, first
}

// ReadNames reads the field information of the sets missing (one request
// each, a few at once), keeps it (k nil: not kept) and adds their status
// names to a copy of names. A set whose read fails keeps its codes; the
// first error is returned with the rest.
func ReadNames(ctx context.Context, r FieldReader, k Kept, service, user string, missing []SetKey, names Names, now time.Time) (Names, error) {
	out := make(Names, len(names)+len(missing))
	for key, n := range names {
		out[key] = n
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	sem := make(chan struct{}, inFlight)
	for _, key := range missing {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			fi, err := r.FieldInfo(ctx, key.WorkspaceID, key.Kind)
			if err == nil && k != nil {
				err = k.KeepFieldInfo(service, user, key.WorkspaceID, key.Kind, fi, now)
			}
			mu.Lock()
			defer mu.Unlock()
			if fi != nil {
				out[key] = statusNames(fi, nil)
			}
			if err != nil && first == nil {
				first = err
			}
		})
	}
	wg.Wait()
	return out, first
}

// statusNames are the names of a kind's statuses: the field information's,
// then the workflow's for the codes it does not name.
func statusNames(fi api.FieldInfo, workflow map[string]string) map[string]string {
	out := make(map[string]string, len(workflow))
	for code, name := range workflow {
		out[code] = name
	}
	for _, op := range fi["status"].Options.Pairs {
		if op.Label != "" {
			out[op.Value] = op.Label
		}
	}
	return out
}
