package sandbox

import (
	"time"

	"triage/api"
)

// The service's data. Everything here is guarded by Server.mu; handlers copy
// what they return before the lock is released.

// Company owns workspaces and the Basic API account that reaches all of them.
type Company struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	APIUser     string `json:"api_user"`
	APIPassword string `json:"api_password"`
}

// User is a person who signs in to the web pages and owns personal tokens.
type User struct {
	ID            string  `json:"id"`
	Nick          string  `json:"nick"`
	Name          string  `json:"name"`
	Password      string  `json:"password"`       // web sign-in password
	PersonalToken string  `json:"personal_token"` // Bearer personal access token
	Workspaces    []int64 `json:"workspaces"`     // workspaces the user takes part in
}

// OAuthClient is a registered third-party application.
type OAuthClient struct {
	ID           string   `json:"id"`
	Secret       string   `json:"secret"`
	Name         string   `json:"name"`
	RedirectURIs []string `json:"redirect_uris"`
}

// Workspace is a project of a company, with its priority configuration.
type Workspace struct {
	ID        int64  `json:"id"`
	CompanyID string `json:"company_id"`
	Name      string `json:"name"`
	// Locale is the language of the workspace's labels and content: "en" or
	// "zh" (status and severity names in get_fields_info, seeded titles).
	Locale string `json:"locale,omitempty"`
	// CustomPriorities, keyed by kind name (story, bug, task), are the
	// workspace's configured priority_label values of a kind in order (phase 2,
	// configured): only these are accepted and legacy codes are refused. Absent kinds follow phase 1: the
	// legacy map converts both ways.
	CustomPriorities map[string][]PriorityValue `json:"custom_priorities,omitempty"`
	// Fields are extra custom fields (custom_field_one, ...) of the workspace,
	// returned by get_fields_info and present on every item.
	Fields map[string][]FieldDef `json:"fields,omitempty"`
	// CreateRequired, keyed by kind name, are the fields a new item of the
	// kind must be created with: its workflow's start transition lists them
	// with Notnull "yes" (workflow/get_workflow_all_transitions), and a
	// create without one is refused (write_rules.go).
	CreateRequired map[string][]string `json:"create_required,omitempty"`
	// Modules is the tree of the cascade field "module".
	Modules []api.OptionNode `json:"modules,omitempty"`
	// Labels are the labels its items carry, offered by get_fields_info.
	Labels []string `json:"labels,omitempty"`
}

// PriorityValue is one configured priority: the stored value, its display
// label and colour.
type PriorityValue struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Color string `json:"color"`
}

// FieldDef is a custom field of a kind in a workspace.
type FieldDef struct {
	Name     string   `json:"name"`
	Label    string   `json:"label"`
	HTMLType string   `json:"html_type"`
	Options  []string `json:"options,omitempty"`
	// Late fields were added to the seed after its first version: their
	// values are drawn from a random source of their own (generate_fields.go),
	// so the values of the others stay what they were.
	Late bool `json:"late,omitempty"`
}

// AuthCode is an issued authorization code.
type AuthCode struct {
	Code        string    `json:"code"`
	ClientID    string    `json:"client_id"`
	RedirectURI string    `json:"redirect_uri"`
	Scope       string    `json:"scope"`
	Nick        string    `json:"nick"`
	WorkspaceID int64     `json:"workspace_id"`
	IssuedAt    time.Time `json:"issued_at"`
	Used        bool      `json:"used"`
	// Tokens are those issued from the code, revoked if it is replayed.
	Tokens []string `json:"tokens,omitempty"`
}

// AccessToken is an issued user-mode token.
type AccessToken struct {
	Token       string    `json:"token"`
	ClientID    string    `json:"client_id"`
	Scope       string    `json:"scope"`
	Nick        string    `json:"nick"`
	WorkspaceID int64     `json:"workspace_id"`
	ExpiresAt   time.Time `json:"expires_at"`
}

// BrowserSession is a signed-in browser of the web pages, remembered by cookie.
type BrowserSession struct {
	ID        string    `json:"id"`
	Nick      string    `json:"nick"`
	CSRF      string    `json:"csrf"`
	CreatedAt time.Time `json:"created_at"`
}

// principal is who a request acts as, resolved from its credentials.
type principal struct {
	Method      string // "basic", "oauth", "personal"
	CompanyID   string // basic: the company whose workspaces it reaches
	Nick        string // oauth, personal: the user
	WorkspaceID int64  // oauth: the one granted workspace
	Scope       string // oauth: granted scopes
	Key         string // rate-limit key: the credential, hashed
}

// itemKey names the items of one kind in one workspace.
type itemKey struct {
	Workspace int64
	Kind      api.Kind
}

// world is the service's content: who exists and what they work on. It is
// seeded from assets and persisted with --data.
type world struct {
	Companies  []Company
	Users      []User
	Clients    []OAuthClient
	Workspaces []*Workspace
	Items      map[itemKey]*itemSet
	Records    map[recordKey]*recordSet // iterations and comments (records.go)
	encoded    *encodedCache            // full-field answers of items (itemcache.go)
	Changes    map[itemKey]*changeLog   // the items' change history (changes.go)
}

// httpError is a failure to answer with an error envelope: the HTTP status
// (repeated as the envelope status) and the info message.
type httpError struct {
	Status int
	Info   string
}

func (e *httpError) Error() string { return e.Info }
