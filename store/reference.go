package store

import (
	"bytes"
	"encoding/gob"
	"path/filepath"
	"strconv"
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

// ReferenceTTL is how long reference data read from the service is used
// again without asking: a start within a day of the last read costs no
// request for it. An edit the service refuses has it read again sooner.
const ReferenceTTL = 24 * time.Hour

// Reference is what a workspace's boards read besides their items, each
// with the time it was read: the field information, the workflow and the
// custom field settings of each kind, the members, the iterations, how many items each kind had (the
// tabs of the kinds not opened), and the user's workspaces (to name the one
// open). It lives in the item cache, beside the boards, and is as
// disposable as they are.
type Reference struct {
	Fields     map[api.Kind]Dated[api.FieldInfo]
	Workflows  map[api.Kind]Dated[Workflow]
	Members    Dated[[]api.Member]
	Iterations Dated[[]api.Iteration]
	Counts     map[api.Kind]Dated[int]
	Workspaces Dated[[]api.Workspace]
	Custom     map[api.Kind]Dated[[]api.CustomField] // the enabled ones
	// Finals are each kind's final statuses (/workflows/last_steps), by code.
	Finals map[api.Kind]Dated[[]string]
}

// Workflow is a kind's workflow as read: its steps, and the names of the
// statuses the field information does not name (/workflows/status_map).
type Workflow struct {
	Moves []api.Transition
	Names map[string]string
}

// Dated is a value read from the service and when it was read (zero: never).
type Dated[T any] struct {
	Value T
	Read  time.Time
}

// Fresh reports whether the value was read within ReferenceTTL of now. A
// read time ahead of now (the clock went back) is not trusted.
func (d Dated[T]) Fresh(now time.Time) bool {
	return !d.Read.IsZero() && !d.Read.After(now) && now.Sub(d.Read) < ReferenceTTL
}

// referenceBucket holds the Reference of each workspace of a user, by
// workspace id, apart from the boards (Find reads those).
const referenceBucket = "reference"

// referenceVersion starts a stored Reference; another version is a miss.
const referenceVersion byte = 1

// LoadReference returns the reference data saved for a workspace of a user
// of a service, and whether there is any. An error means it could not be
// read: treat it as a miss (everything is read from the service) and show it.
func (c *Cache) LoadReference(service, user string, workspaceID int64) (Reference, bool, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return Reference{}, false, api.Errorf("load the cached reference data: %w", err)
	}
	var (
		ref   Reference
		found bool
	)
	err = c.view(func(tx *bbolt.Tx) error {
		b := userBucket(tx, svc, user)
		if b == nil {
			return nil
		}
		if b = b.Bucket([]byte(referenceBucket)); b == nil {
			return nil
		}
		raw := b.Get(workspaceKey(workspaceID))
		if len(raw) == 0 || raw[0] != referenceVersion {
			return nil
		}
		if err := gob.NewDecoder(bytes.NewReader(raw[1:])).Decode(&ref); err != nil {
			return api.Errorf("the cached field information, workflows and members of workspace %d are unreadable, reading them from the service: %w", workspaceID, err)
		}
		found = true
		return nil
	})
	if err != nil {
		return Reference{}, false, err
	}
	return ref, found, nil
}

// SaveReference replaces the reference data of a workspace of a user of a
// service, and shares its field information with the other processes of
// the profile (fields_shared.go). In no-cache mode it does nothing.
func (c *Cache) SaveReference(service, user string, workspaceID int64, ref Reference) error {
	svc, err := ServiceKey(service)
	if err != nil {
		return api.Errorf("cache the reference data: %w", err)
	}
	if user == "" {
		return api.Errorf("cache the reference data: no user")
	}
	var buf bytes.Buffer
	buf.WriteByte(referenceVersion)
	if err := gob.NewEncoder(&buf).Encode(ref); err != nil {
		return api.Errorf("cache the reference data of workspace %d: %w", workspaceID, err)
	}
	err = c.update(func(tx *bbolt.Tx) error {
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
		return rb.Put(workspaceKey(workspaceID), buf.Bytes())
	})
	if err != nil || !c.Available() {
		return err
	}
	return shareFields(filepath.Dir(c.path), svc, workspaceID, ref.Fields)
}

func workspaceKey(workspaceID int64) []byte {
	return []byte(strconv.FormatInt(workspaceID, 10))
}
