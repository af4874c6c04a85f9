package store

import (
	"errors"
	"time"

	"triage/api"
)

// "My work" as last read is kept in the item cache beside the boards, under
// a key of its own ("todo/mine", which no board's "ID/kind" key can be), so the
// view is drawn at once on the next open and refreshed by what changed.

// todoRecord is where "my work" lies in a user's bucket; another version
// is a miss.
var todoRecord = userRecord{key: []byte("todo/mine"), version: 1}

// Todos is "my work" as last read: the to-dos of each kind of each
// workspace of a user.
type Todos struct {
	SavedAt time.Time
	Sets    []TodoSet
	// SpacesRead is when the user's workspaces were last listed (zero:
	// never, in a record of an older version).
	SpacesRead time.Time
}

// TodoSet is the to-dos of one kind in one workspace.
type TodoSet struct {
	WorkspaceID   int64
	WorkspaceName string
	Kind          api.Kind
	Items         []api.Item
	// Synced is the service time the next refresh asks the changes after
	// ("" until the set was read whole once).
	Synced string
	// Finals are the final statuses of the kind's workflow there: an item
	// changed into one of them is no longer a to-do.
	Finals []string
	// Fields are the kind's field information there, once an edit needed
	// its priorities (nil until then).
	Fields api.FieldInfo
	// Err says why the last read of the set failed ("": it did not).
	Err string
}

// LoadTodos returns "my work" as saved for a user of a service, and whether
// it was. An entry that cannot be read is a miss, with the error to show.
func (c *Cache) LoadTodos(service, user string) (Todos, bool, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return Todos{}, false, api.Errorf("load cached work: %w", err)
	}
	var out Todos
	found, err := c.loadUserRecord(svc, user, todoRecord, &out)
	if errors.Is(err, errRecordUnreadable) {
		return Todos{}, false, api.Errorf("your cached work is unreadable, reading it from the service: %w", err)
	}
	if err != nil {
		return Todos{}, false, err
	}
	return out, found, nil
}

// SaveTodos replaces "my work" of a user of a service. A zero SavedAt is
// stamped with the current time. In no-cache mode it does nothing.
func (c *Cache) SaveTodos(service, user string, t Todos) error {
	svc, err := ServiceKey(service)
	if err != nil {
		return api.Errorf("cache your work: %w", err)
	}
	if user == "" {
		return api.Errorf("cache your work: no user")
	}
	if t.SavedAt.IsZero() {
		t.SavedAt = c.cfg.now()
	}
	if err := c.saveUserRecord(svc, user, todoRecord, t); err != nil {
		return api.Errorf("cache your work: %w", err)
	}
	return nil
}
