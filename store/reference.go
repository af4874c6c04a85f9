package store

import (
	"errors"
	"path/filepath"
	"strconv"
	"time"

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

// referenceRecord is where the Reference of a workspace lies in a user's
// bucket: in a bucket of its own, apart from the boards (Find reads those),
// by workspace id. Another version is a miss.
func referenceRecord(workspaceID int64) userRecord {
	return userRecord{bucket: "reference", key: workspaceKey(workspaceID), version: 1}
}

// LoadReference returns the reference data saved for a workspace of a user
// of a service, and whether there is any. An error means it could not be
// read: treat it as a miss (everything is read from the service) and show it.
func (c *Cache) LoadReference(service, user string, workspaceID int64) (Reference, bool, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return Reference{}, false, api.Errorf("load the cached reference data: %w", err)
	}
	var ref Reference
	found, err := c.loadUserRecord(svc, user, referenceRecord(workspaceID), &ref)
	if errors.Is(err, errRecordUnreadable) {
		return Reference{}, false, api.Errorf("the cached field information, workflows and members of workspace %d are unreadable, reading them from the service: %w", workspaceID, err)
	}
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
	if err := c.saveUserRecord(svc, user, referenceRecord(workspaceID), ref); err != nil {
		return api.Errorf("cache the reference data of workspace %d: %w", workspaceID, err)
	}
	if !c.Available() {
		return nil
	}
	return shareFields(filepath.Dir(c.path), svc, workspaceID, ref.Fields)
}

func workspaceKey(workspaceID int64) []byte {
	return []byte(strconv.FormatInt(workspaceID, 10))
}
