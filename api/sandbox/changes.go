package sandbox

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	bolt "go.etcd.io/bbolt"

	"triage/api"
)

// The change history of items: every write the service takes (an update
// through POST /stories|bugs|tasks, a batch update, a v_status move, a
// creation) leaves one change naming each field's value before and after.
// story_changes, bug_changes and task_changes list them (changes_http.go).
// With --data they are kept in the "changes" bucket, written in the same
// transaction as the item, so an item and its history cannot disagree.

// fieldChange is one field's value before and after a write; nil is unset.
type fieldChange struct {
	Field  string  `json:"field"`
	Before *string `json:"value_before"`
	After  *string `json:"value_after"`
}

// itemChange is one write of an item as its history keeps it. A bug's
// history keeps one field per change, as bug_changes lists them.
type itemChange struct {
	ID      string        `json:"id"`
	ItemID  string        `json:"item_id"`
	Creator string        `json:"creator"`
	Created string        `json:"created"`
	Status  string        `json:"status"` // the item's status after the write
	Create  bool          `json:"create,omitempty"`
	Fields  []fieldChange `json:"fields"`
}

// changeLog is the history of the items of one kind in one workspace, in
// the order the changes were made.
type changeLog struct {
	list []itemChange
	seq  int64 // last sequence number used in ids
}

// bucketChanges holds the history: "<workspace>/<kind>/<id>" → itemChange JSON.
var bucketChanges = []byte("changes")

// unrecorded fields change with every write or follow from others.
var unrecorded = []string{"id", "workspace_id", "created", "modified", "modifier", "lastmodify", "v_status"}

// changeLogOf returns the history of a kind in a workspace, creating it.
func (w *world) changeLogOf(key itemKey) *changeLog {
	if w.Changes == nil {
		w.Changes = make(map[itemKey]*changeLog)
	}
	l := w.Changes[key]
	if l == nil {
		l = &changeLog{}
		w.Changes[key] = l
	}
	return l
}

// readChangeLog returns the history of a kind in a workspace for readers,
// who hold only the read lock: an empty one that is not stored when none.
func (w *world) readChangeLog(key itemKey) *changeLog {
	if l, ok := w.Changes[key]; ok {
		return l
	}
	return &changeLog{}
}

// diffItems lists the fields whose value differs between before and after,
// in catalog order.
func diffItems(ws *Workspace, k api.Kind, before, after *api.Item) []fieldChange {
	var out []fieldChange
	specs := catalog(ws, k)
	for i := range specs {
		spec := &specs[i]
		if spec.unlisted || slices.Contains(unrecorded, spec.name) {
			continue
		}
		b, a := spec.text(before), spec.text(after)
		if a != b {
			out = append(out, fieldChange{Field: spec.name, Before: valueOrNil(b), After: valueOrNil(a)})
		}
	}
	return oneFieldPerPriority(out)
}

// oneFieldPerPriority drops the legacy priority from a write that changed
// priority_label too: TAPD turns a read or write of priority into one of
// priority_label (open.tapd.cn, API文档/subject/custom_priority), so its
// history names one priority change, not two.
func oneFieldPerPriority(fields []fieldChange) []fieldChange {
	hasLabel := slices.ContainsFunc(fields, func(f fieldChange) bool { return f.Field == "priority_label" })
	if !hasLabel {
		return fields
	}
	return slices.DeleteFunc(fields, func(f fieldChange) bool { return f.Field == "priority" })
}

// valueOrNil is nil for an empty value, as TAPD writes an unset one.
func valueOrNil(v string) *string {
	if v == "" {
		return nil
	}
	return &v
}

// recordChanges appends the history of one write: created or changed from
// before (nil for a creation) to after, by the nick the item names as its
// last writer. It returns how to take the changes back and what to save.
// The caller holds s.mu for writing.
func (w *world) recordChanges(ws *Workspace, k api.Kind, before, after *api.Item) (undo func(), added []itemChange) {
	key := itemKey{Workspace: ws.ID, Kind: k}
	l := w.changeLogOf(key)
	n, seq := len(l.list), l.seq
	undo = func() { l.list, l.seq = l.list[:n], seq }
	var fields []fieldChange
	if before == nil {
		fields = []fieldChange{{Field: "status", After: valueOrNil(after.Status)}}
	} else {
		fields = diffItems(ws, k, before, after)
	}
	if len(fields) == 0 {
		return undo, nil
	}
	creator, _ := after.Get(modifierField(k))
	if before == nil {
		creator = after.Creator
	}
	one := func(fs []fieldChange) {
		l.seq++
		l.list = append(l.list, itemChange{
			ID: newID(ws.ID, l.seq), ItemID: after.ID, Creator: strings.TrimSuffix(creator, ";"),
			Created: after.Modified, Status: after.Status, Create: before == nil, Fields: fs,
		})
	}
	if k == api.Bug {
		for _, f := range fields {
			one([]fieldChange{f})
		}
	} else {
		one(fields)
	}
	return undo, l.list[n:]
}

// putChanges writes changes of a kind in a workspace in tx.
func putChanges(tx *bolt.Tx, key itemKey, changes []itemChange) error {
	if len(changes) == 0 {
		return nil
	}
	b, err := tx.CreateBucketIfNotExists(bucketChanges)
	if err != nil {
		return err
	}
	prefix := string(setName(key)) + "/"
	for _, c := range changes {
		raw, err := json.Marshal(c)
		if err != nil {
			return fmt.Errorf("encode change %s: %w", c.ID, err)
		}
		if err := b.Put([]byte(prefix+c.ID), raw); err != nil {
			return err
		}
	}
	return nil
}

// saveItemAndChanges writes an item at its position and the changes its
// write made, in one transaction.
func (st *store) saveItemAndChanges(key itemKey, pos int, seq int64, it api.Item, changes []itemChange) error {
	if st == nil {
		return nil
	}
	err := st.db.Update(func(tx *bolt.Tx) error {
		if err := putItem(tx, key, pos, seq, it); err != nil {
			return err
		}
		return putChanges(tx, key, changes)
	})
	if err != nil {
		return fmt.Errorf("sandbox: save item and its history: %w", err)
	}
	return nil
}

// loadChangesInto reads the stored history into w.
func loadChangesInto(tx *bolt.Tx, w *world) error {
	b := tx.Bucket(bucketChanges)
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		parts := strings.SplitN(string(k), "/", 3)
		if len(parts) != 3 {
			return fmt.Errorf("change key %q", k)
		}
		key, err := parseSetName(parts[0] + "/" + parts[1])
		if err != nil {
			return err
		}
		var c itemChange
		if err := json.Unmarshal(v, &c); err != nil {
			return fmt.Errorf("change %s: %w", k, err)
		}
		l := w.changeLogOf(key)
		l.list = append(l.list, c)
		if len(c.ID) > 9 {
			if seq, err := strconv.ParseInt(c.ID[len(c.ID)-9:], 10, 64); err == nil {
				l.seq = max(l.seq, seq)
			}
		}
		return nil
	})
}
