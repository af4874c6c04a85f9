package store

import (
	"bytes"
	"encoding/gob"
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
	return c.update(func(tx *bbolt.Tx) error {
		sb, err := tx.CreateBucketIfNotExists([]byte(svc))
		if err != nil {
			return err
		}
		ub, err := sb.CreateBucketIfNotExists([]byte(user))
		if err != nil {
			return err
		}
		rb, err := ub.CreateBucketIfNotExists([]byte(referenceBucket))
		if err != nil {
			return err
		}
		var ref Reference
		if raw := rb.Get(workspaceKey(workspaceID)); len(raw) > 0 && raw[0] == referenceVersion {
			if gob.NewDecoder(bytes.NewReader(raw[1:])).Decode(&ref) != nil {
				ref = Reference{} // unreadable: replaced by what was read now
			}
		}
		if ref.Fields == nil {
			ref.Fields = map[api.Kind]Dated[api.FieldInfo]{}
		}
		ref.Fields[kind] = Dated[api.FieldInfo]{Value: fi, Read: now}
		var buf bytes.Buffer
		buf.WriteByte(referenceVersion)
		if err := gob.NewEncoder(&buf).Encode(ref); err != nil {
			return api.Errorf("cache the field information of workspace %d: %w", workspaceID, err)
		}
		return rb.Put(workspaceKey(workspaceID), buf.Bytes())
	})
}
