package store

import (
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

// KeepFieldInfo records a kind's field information of a workspace, read at
// now, into the reference data kept for it (the rest as it was), in one
// transaction: my work names the statuses of a workspace it does not open
// with it, and the workspace's board then finds it kept. In no-cache mode
// it does nothing.
func (c *Cache) KeepFieldInfo(service, user string, workspaceID int64, kind api.Kind, fi api.FieldInfo, now time.Time) error {
	svc, err := ServiceKey(service)
	if err != nil {
		return api.Errorf("cache the field information: %w", err)
	}
	if user == "" {
		return api.Errorf("cache the field information: no user")
	}
	r := referenceRecord(workspaceID)
	return c.update(func(tx *bbolt.Tx) error {
		b, err := r.bucketIn(tx, svc, user)
		if err != nil {
			return err
		}
		var ref Reference
		if _, err := r.decode(b, &ref); err != nil {
			ref = Reference{} // unreadable: replaced by what was read now
		}
		if ref.Fields == nil {
			ref.Fields = map[api.Kind]Dated[api.FieldInfo]{}
		}
		ref.Fields[kind] = Dated[api.FieldInfo]{Value: fi, Read: now}
		if err := r.encode(b, ref); err != nil {
			return api.Errorf("cache the field information of workspace %d: %w", workspaceID, err)
		}
		return nil
	})
}
