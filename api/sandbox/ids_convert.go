package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"

	"triage/api"
)

// Databases written before ids took one prefix per deployment (ids.go) gave
// each kind its own: 10 stories, 11 bugs, 12 tasks, 13 iterations, 17
// comments. Such a file is converted when it opens, in one transaction:
// every id, and every field that names one, takes the prefix 11. keyIDs in
// the world bucket records that the file holds ids of the current scheme.

// keyIDs marks a database whose ids follow the current scheme.
var keyIDs = []byte("ids")

// oldPrefixes are the per-kind prefixes of the old scheme.
var oldPrefixes = []string{"10", "12", "13", "17"}

// itemIDFields are the extra fields of items that hold ids.
var itemIDFields = []string{"parent_id", "ancestor_id", "children_id"}

// recordIDFields are the fields of iterations and comments that hold ids.
var recordIDFields = []string{"id", "entry_id", "parent_id", "ancestor_id", "path", "root_id", "reply_id"}

// convertOldIDs converts a database of the old scheme; a database already
// converted, or empty, is left alone.
func convertOldIDs(db *bolt.DB) error {
	err := db.Update(func(tx *bolt.Tx) error {
		worldBucket := tx.Bucket(bucketWorld)
		raw := worldBucket.Get(keyWorld)
		if raw == nil || worldBucket.Get(keyIDs) != nil {
			return nil
		}
		var rec worldRecord
		if err := json.Unmarshal(raw, &rec); err != nil {
			return fmt.Errorf("world: %w", err)
		}
		c := idConverter{workspaces: make(map[string]bool)}
		for _, ws := range rec.Workspaces {
			c.workspaces[string(appendPadded(nil, ws.ID, 8))] = true
		}
		if err := c.items(tx.Bucket(bucketItems)); err != nil {
			return err
		}
		if err := c.records(tx.Bucket(bucketRecords)); err != nil {
			return err
		}
		return worldBucket.Put(keyIDs, []byte(idPrefix))
	})
	if err != nil {
		return fmt.Errorf("sandbox: the database holds ids of an older triage and cannot be converted (%w): start with a new --data file", err)
	}
	return nil
}

// idConverter rewrites ids of the old scheme in the known workspaces.
type idConverter struct {
	workspaces map[string]bool // 8-digit workspace ids
}

// id converts one id; anything else comes back as it was.
func (c idConverter) id(v string) string {
	if len(v) != idLen || !isDigits(v) || !c.workspaces[v[2:10]] {
		return v
	}
	for _, p := range oldPrefixes {
		if v[:2] == p {
			return idPrefix + v[2:]
		}
	}
	return v
}

// path converts each id of a colon-separated path ("id:id:").
func (c idConverter) path(v string) string {
	parts := strings.Split(v, ":")
	for i, p := range parts {
		parts[i] = c.id(p)
	}
	return strings.Join(parts, ":")
}

func (c idConverter) items(b *bolt.Bucket) error {
	return b.ForEachBucket(func(name []byte) error {
		key, err := parseSetName(string(name))
		if err != nil {
			return err
		}
		set := b.Bucket(name)
		type rewrite struct{ k, v []byte }
		var rewrites []rewrite
		err = set.ForEach(func(k, v []byte) error {
			it := api.Item{Kind: key.Kind}
			if err := it.UnmarshalJSON(v); err != nil {
				return fmt.Errorf("items %s: %w", name, err)
			}
			it.ID, it.StoryID, it.IterationID = c.id(it.ID), c.id(it.StoryID), c.id(it.IterationID)
			for _, f := range itemIDFields {
				var s string
				if raw, ok := it.Extra[f]; ok && json.Unmarshal(raw, &s) == nil {
					it.Extra[f] = rawString(c.path(s))
				}
			}
			out, err := it.MarshalJSON()
			if err != nil {
				return fmt.Errorf("items %s: %w", name, err)
			}
			if !bytes.Equal(out, v) {
				rewrites = append(rewrites, rewrite{bytes.Clone(k), out})
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, r := range rewrites {
			if err := set.Put(r.k, r.v); err != nil {
				return err
			}
		}
		return nil
	})
}

func (c idConverter) records(b *bolt.Bucket) error {
	type rewrite struct {
		old, key []byte
		value    []byte
	}
	var rewrites []rewrite
	err := b.ForEach(func(k, v []byte) error {
		var r record
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("record %s: %w", k, err)
		}
		for _, f := range recordIDFields {
			if val, ok := r[f]; ok {
				r[f] = c.path(val)
			}
		}
		out, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("record %s: %w", k, err)
		}
		key := string(k)
		if i := strings.LastIndexByte(key, '/'); i >= 0 {
			key = key[:i+1] + c.id(key[i+1:])
		}
		rewrites = append(rewrites, rewrite{bytes.Clone(k), []byte(key), out})
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range rewrites {
		if err := b.Delete(r.old); err != nil {
			return err
		}
	}
	for _, r := range rewrites {
		if err := b.Put(r.key, r.value); err != nil {
			return err
		}
	}
	return nil
}
