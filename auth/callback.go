package auth

import (
	"crypto/subtle"
	"net/url"
	"regexp"
	"strings"

	"triage/api"
)

// errNotOurs marks a redirect that is not the answer this login waits for
// (wrong host, path or state, or an unreadable query). The listener answers
// it with 400 and keeps waiting; Paste refuses it.
var errNotOurs = api.Errorf("this is not the answer triage is waiting for")

// maxCodeLen bounds an authorization code (the service's are 40 hex digits).
const maxCodeLen = 512

// answer is the final outcome carried by a redirect that bore our state:
// either a code and its granted workspace, or err.
type answer struct {
	code     string
	resource api.Resource
	err      error
}

// callbackExpect is what a redirect must match to be ours.
type callbackExpect struct {
	state string // exact state sent in the authorization URL
	path  string // callback path, e.g. /callback
	host  string // 127.0.0.1:<port>
}

// errorCode accepts the OAuth error codes the terminal may show; anything
// else is reported without its value.
var errorCode = regexp.MustCompile(`^[a-z_]{1,64}$`)

// judge reads the query of a redirect. A refusal (wrapping errNotOurs) means
// the redirect is not ours; otherwise the answer is final, successful or not.
func (e callbackExpect) judge(rawQuery string) (answer, error) {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return answer{}, api.Errorf("%w: the query is malformed", errNotOurs)
	}
	states := q["state"]
	if len(states) != 1 || subtle.ConstantTimeCompare([]byte(states[0]), []byte(e.state)) != 1 {
		return answer{}, api.Errorf("%w: its state does not match", errNotOurs)
	}
	if oauthErr := q.Get("error"); oauthErr != "" {
		return answer{err: providerError(oauthErr)}, nil
	}
	code := q.Get("code")
	if !validCode(code) {
		return answer{err: api.Errorf("the redirect carried no usable authorization code; run the login again")}, nil
	}
	res, err := api.ParseResourceParam(q.Get("resource"))
	if err != nil {
		return answer{err: api.Errorf("the redirect carried no valid workspace (resource): %w", err)}, nil
	}
	return answer{code: code, resource: res}, nil
}

// providerError turns the error parameter of a redirect into an error;
// access_denied is the user's refusal.
func providerError(code string) error {
	if code == "access_denied" {
		return ErrDenied
	}
	if errorCode.MatchString(code) {
		return api.Errorf("the service refused the authorization (%s); run the login again", code)
	}
	return api.Errorf("the service refused the authorization; run the login again")
}

// validCode accepts a non-empty code of printable ASCII without spaces.
func validCode(code string) bool {
	if code == "" || len(code) > maxCodeLen {
		return false
	}
	for i := 0; i < len(code); i++ {
		if code[i] <= ' ' || code[i] > '~' {
			return false
		}
	}
	return true
}

// judgePaste reads what the user pasted: the full redirected address, the
// path and query (/callback?code=…), or the query alone (with or without its
// leading '?'). Host and path, when present, must be those of the listener.
func (e callbackExpect) judgePaste(pasted string) (answer, error) {
	s := strings.TrimSpace(pasted)
	s = strings.Trim(s, `"'<>`)
	if s == "" {
		return answer{}, api.Errorf("%w: nothing was pasted", errNotOurs)
	}
	switch {
	case strings.Contains(s, "://"):
		u, err := url.Parse(s)
		if err != nil {
			return answer{}, api.Errorf("%w: the address is malformed", errNotOurs)
		}
		if u.Scheme != "http" || u.Host != e.host {
			return answer{}, api.Errorf("%w: it was not sent to %s", errNotOurs, e.host)
		}
		return e.judgePath(u.Path, u.RawQuery)
	case strings.HasPrefix(s, "/"):
		u, err := url.Parse(s)
		if err != nil || u.Host != "" {
			return answer{}, api.Errorf("%w: the address is malformed", errNotOurs)
		}
		return e.judgePath(u.Path, u.RawQuery)
	default:
		query, _, _ := strings.Cut(strings.TrimPrefix(s, "?"), "#")
		return e.judge(query)
	}
}

// judgePath checks the path before judging the query.
func (e callbackExpect) judgePath(path, rawQuery string) (answer, error) {
	if path != e.path {
		return answer{}, api.Errorf("%w: it was not sent to %s", errNotOurs, e.path)
	}
	return e.judge(rawQuery)
}
