package api

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// TimeLayout is the layout of every time the service sends.
const TimeLayout = "2006-01-02 15:04:05"

// ParseTime reads a service time (YYYY-MM-DD HH:MM:SS, service local time).
func ParseTime(s string) (time.Time, error) {
	return time.ParseInLocation(TimeLayout, strings.TrimSpace(s), ServiceZone)
}

// FormatTime writes t as the service does.
func FormatTime(t time.Time) string { return t.In(ServiceZone).Format(TimeLayout) }

// ResourceWorkspace is the only resource type the service grants.
const ResourceWorkspace = "workspace"

// Resource is the granted resource of an authorization: one workspace.
type Resource struct {
	Type        string  `json:"type"`
	WorkspaceID FlexInt `json:"workspace_id"`
}

// Validate checks that the resource is a workspace with a positive id.
func (r Resource) Validate() error {
	if r.Type != ResourceWorkspace {
		return fmt.Errorf("resource type %q is not %q", truncate(r.Type, 40), ResourceWorkspace)
	}
	if r.WorkspaceID <= 0 {
		return fmt.Errorf("resource has no workspace id")
	}
	return nil
}

// EncodeParam is the resource as the redirect carries it: JSON, URL-encoded by
// the query it is put in.
func (r Resource) EncodeParam() string {
	b, _ := json.Marshal(r)
	return string(b)
}

// ParseResourceParam decodes the resource query parameter as received (already
// URL-decoded once by the query parser). A value encoded twice is tolerated.
func ParseResourceParam(s string) (Resource, error) {
	s = strings.TrimSpace(s)
	for range 2 {
		if strings.HasPrefix(s, "{") {
			break
		}
		dec, err := url.QueryUnescape(s)
		if err != nil {
			return Resource{}, fmt.Errorf("resource is not URL-encoded JSON: %w", err)
		}
		s = strings.TrimSpace(dec)
	}
	var r Resource
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return Resource{}, fmt.Errorf("resource is not a JSON object: %w", err)
	}
	if err := r.Validate(); err != nil {
		return Resource{}, err
	}
	return r, nil
}

// TokenRecord is the data of a token exchange.
type TokenRecord struct {
	AccessToken string   `json:"access_token"`
	ExpiresIn   FlexInt  `json:"expires_in"`
	TokenType   string   `json:"token_type"`
	Scope       string   `json:"scope"`
	Resource    Resource `json:"resource"`
	Now         string   `json:"now"`
}

// String omits the token.
func (t TokenRecord) String() string {
	return fmt.Sprintf("token(%s, %ds, scope %q, workspace %d, now %s)", t.TokenType, t.ExpiresIn, t.Scope, t.Resource.WorkspaceID, t.Now)
}

// GoString omits the token.
func (t TokenRecord) GoString() string { return t.String() }

// TestAuthRecord is the data of /quickstart/testauth. It echoes the password,
// so it formats without it.
type TestAuthRecord struct {
	APIUser     string `json:"api_user"`
	APIPassword string `json:"api_password"`
	RequestIP   string `json:"request_ip"`
}

// String omits the password.
func (r TestAuthRecord) String() string {
	return fmt.Sprintf("testauth(%s from %s)", r.APIUser, r.RequestIP)
}

// GoString omits the password.
func (r TestAuthRecord) GoString() string { return r.String() }

// User is the data of /users/info.
type User struct {
	ID         FlexString `json:"id"`
	Nick       FlexString `json:"nick"`
	Name       FlexString `json:"name"`
	Avatar     FlexString `json:"avatar"`
	Enabled    FlexString `json:"enabled"`
	StatusID   FlexString `json:"status_id"`
	StatusName FlexString `json:"status_name"`
}

// Workspace is one workspace (project) or the company itself (organization).
type Workspace struct {
	ID          FlexString `json:"id"`
	Name        FlexString `json:"name"`
	PrettyName  FlexString `json:"pretty_name,omitempty"`
	Category    FlexString `json:"category"`
	Status      FlexString `json:"status"`
	Description FlexString `json:"description,omitempty"`
	CompanyID   FlexString `json:"company_id,omitempty"`
	Creator     FlexString `json:"creator,omitempty"`
	Created     FlexString `json:"created,omitempty"`
}

// CategoryOrganization marks the company entry in workspace lists.
const CategoryOrganization = "organization"

// IsCompany reports whether the entry is the company itself, not a workspace.
func (w Workspace) IsCompany() bool { return w.Category == CategoryOrganization }

// WorkspaceWrapper is the wire form {"Workspace":{...}}.
type WorkspaceWrapper struct {
	Workspace Workspace `json:"Workspace"`
}

// Count is the data of /stories/count and its siblings.
type Count struct {
	Count FlexInt `json:"count"`
}

// Scopes the app asks for by default: read and edit every kind.
const DefaultScopes = "story#read story#write bug#read bug#write task#read task#write"

// ScopeGrants reports whether a space-separated scope list lets a token read
// (write=false) or write (write=true) items of kind k: "story" grants both,
// "story#read" reading, "story#write" writing.
func ScopeGrants(scope string, k Kind, write bool) bool {
	perm := "read"
	if write {
		perm = "write"
	}
	for _, s := range strings.Fields(scope) {
		if s == k.String() || s == k.String()+"#"+perm {
			return true
		}
	}
	return false
}
