package store

import (
	"strconv"
	"strings"

	"go.etcd.io/bbolt"

	"triage/api"
)

// CachedItem is an item found in the cache, with the workspace whose board
// holds it.
type CachedItem struct {
	WorkspaceID int64
	Item        api.Item
}

// Find looks through every board cached for a user of a service for the
// items match accepts, so that a command can tell an item's kind and
// workspace while the service cannot be reached. A board that cannot be
// read is skipped; in no-cache mode nothing is found.
func (c *Cache) Find(service, user string, match func(workspaceID int64, it *api.Item) bool) ([]CachedItem, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return nil, api.Errorf("find cached items: %w", err)
	}
	var out []CachedItem
	err = c.view(func(tx *bbolt.Tx) error {
		b := userBucket(tx, svc, user)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, raw []byte) error {
			wsText, _, ok := strings.Cut(string(k), "/")
			ws, err := strconv.ParseInt(wsText, 10, 64)
			if !ok || err != nil || raw == nil {
				return nil
			}
			snap, found, err := readEntry(b, k, raw)
			if err != nil || !found {
				return nil
			}
			for i := range snap.Items {
				if match(ws, &snap.Items[i]) {
					out = append(out, CachedItem{WorkspaceID: ws, Item: snap.Items[i]})
				}
			}
			return nil
		})
	})
	return out, err
}
