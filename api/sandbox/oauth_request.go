package sandbox

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// authParams are the query parameters of the authorization page, in the
// order the forms carry them.
var authParams = [...]string{"response_type", "client_id", "redirect_uri", "scope", "state", "auth_by"}

// Limits on the authorization request, so a hostile link cannot make pages
// or codes of any size.
const (
	maxAuthParam = 2048
	maxScopes    = 32
)

// authRequest is a checked authorization request.
type authRequest struct {
	ClientID    string
	ClientName  string
	RedirectURI string // as requested: it matched one the client registered
	Scope       string // scope names joined by one space, duplicates dropped
	State       string
	// Origin is scheme://host[:port] of RedirectURI, allowed as a form target.
	Origin string
}

// query is the request as the forms and the sign-in redirect carry it.
func (a authRequest) query() url.Values {
	return url.Values{
		"response_type": {"code"}, "client_id": {a.ClientID}, "redirect_uri": {a.RedirectURI},
		"scope": {a.Scope}, "state": {a.State}, "auth_by": {"user"},
	}
}

// parseAuthRequest checks the parameters of an authorization request against
// the registered clients. Every failure is shown on an error page; none is
// sent to the redirect address, which is not trusted until it matches.
func parseAuthRequest(q url.Values, clients []OAuthClient) (authRequest, error) {
	get := make(map[string]string, len(authParams))
	for _, name := range authParams {
		values := q[name]
		switch {
		case len(values) == 0 || values[0] == "":
			return authRequest{}, fmt.Errorf("the request has no %s", name)
		case len(values) > 1:
			return authRequest{}, fmt.Errorf("the request gives %s more than once", name)
		case len(values[0]) > maxAuthParam:
			return authRequest{}, fmt.Errorf("the %s of the request is too long", name)
		case !utf8.ValidString(values[0]):
			return authRequest{}, fmt.Errorf("the %s of the request is not valid UTF-8", name)
		}
		get[name] = values[0]
	}
	if get["response_type"] != "code" {
		return authRequest{}, errors.New("the response_type of the request must be code")
	}
	if get["auth_by"] != "user" {
		return authRequest{}, errors.New("the auth_by of the request must be user")
	}
	var client *OAuthClient
	for i := range clients {
		if clients[i].ID == get["client_id"] {
			client = &clients[i]
			break
		}
	}
	if client == nil {
		return authRequest{}, errors.New("the application (client_id) is not registered")
	}
	origin, ok := matchRedirect(get["redirect_uri"], client.RedirectURIs)
	if !ok {
		return authRequest{}, errors.New("the redirect_uri is not registered for this application")
	}
	scope, err := parseScope(get["scope"])
	if err != nil {
		return authRequest{}, err
	}
	req := authRequest{
		ClientID: client.ID, ClientName: client.Name, RedirectURI: get["redirect_uri"],
		Scope: scope, State: get["state"], Origin: origin,
	}
	if unknown := unknownScopes(scope); len(unknown) > 0 {
		return req, &scopeError{names: unknown}
	}
	return req, nil
}

// scopeError is a well-formed request asking for scopes the service does not
// have. The redirect address matched, so the application hears of it there
// as invalid_scope (RFC 6749 §4.1.2.1).
type scopeError struct {
	names []string
}

func (e *scopeError) Error() string {
	return fmt.Sprintf("the scope %s is not one the service grants", strconv.Quote(clipText(strings.Join(e.names, " "), 120)))
}

// scopeObjects are the objects of TAPD's scopes (open.tapd.cn, API文档 /
// 授权凭证 / scopes), each granted as object#read or object#write.
var scopeObjects = []string{
	"user", "member", "organization", "bug", "tcase", "story", "document", "iteration", "task",
	"webhook", "public", "setting", "release", "devops", "wiki", "workspace", "source",
	"tobject", "timesheet", "attachment", "board",
}

// unknownScopes are the names of a checked scope list that are not
// object#read or object#write of a TAPD scope object.
func unknownScopes(scope string) []string {
	var out []string
	for _, name := range strings.Fields(scope) {
		obj, perm, _ := strings.Cut(name, "#")
		if !slices.Contains(scopeObjects, obj) || perm != "read" && perm != "write" {
			out = append(out, name)
		}
	}
	return out
}

// parseScope checks space-separated scope names of the form object#permission
// and joins them with one space, dropping duplicates.
func parseScope(raw string) (string, error) {
	var names []string
	seen := map[string]bool{}
	for name := range strings.SplitSeq(raw, " ") {
		if name == "" {
			continue
		}
		if !validScopeName(name) {
			return "", fmt.Errorf("the scope %s is not of the form object#permission", strconv.Quote(clipText(name, 60)))
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		names = append(names, name)
	}
	if len(names) == 0 {
		return "", errors.New("the request has no scope")
	}
	if len(names) > maxScopes {
		return "", fmt.Errorf("the request asks for more than %d scopes", maxScopes)
	}
	return strings.Join(names, " "), nil
}

// validScopeName reports object#permission, each part letters, digits and
// underscores starting with a letter.
func validScopeName(s string) bool {
	obj, perm, ok := strings.Cut(s, "#")
	return ok && validWord(obj) && validWord(perm)
}

func validWord(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r != '_' && (r < '0' || r > '9')) {
			return false
		}
	}
	return true
}

// matchRedirect reports whether a requested redirect address matches one
// registered: the same string, or, for a loopback address registered without
// a port, the same address on any port (RFC 8252 §7.3). It returns the origin
// of the requested address.
func matchRedirect(requested string, registered []string) (string, bool) {
	req, err := url.Parse(requested)
	if err != nil || req.User != nil || req.Fragment != "" || req.Host == "" || req.Opaque != "" {
		return "", false
	}
	if req.Scheme != "http" && req.Scheme != "https" {
		return "", false
	}
	origin := req.Scheme + "://" + req.Host
	for _, r := range registered {
		if r == requested {
			return origin, true
		}
		if loopbackMatch(r, req) {
			return origin, true
		}
	}
	return "", false
}

// loopbackMatch reports whether req is the loopback address registered as
// reg (http, no port) on some port.
func loopbackMatch(reg string, req *url.URL) bool {
	ru, err := url.Parse(reg)
	if err != nil || ru.Scheme != "http" || ru.Port() != "" || ru.User != nil {
		return false
	}
	host := ru.Hostname()
	if host != "127.0.0.1" && host != "localhost" && host != "::1" {
		return false
	}
	if req.Scheme != "http" || req.Hostname() != host {
		return false
	}
	port, err := strconv.Atoi(req.Port())
	if err != nil || port < 1 || port > 65535 {
		return false
	}
	return req.EscapedPath() == ru.EscapedPath() && req.RawQuery == ru.RawQuery && !req.ForceQuery
}

// redirectTo is the redirect address with params added to its query.
func redirectTo(base string, params url.Values) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	q := u.Query()
	for k, v := range params {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	return u.String()
}
