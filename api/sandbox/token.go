package sandbox

import (
	"net/http"
	"time"

	"triage/api"
)

// How long spent codes and tokens are kept before they are forgotten: long
// enough that a late exchange or call still hears "expired".
const forgetAfter = 24 * time.Hour

// serveToken is POST /tokens/request_token: an authorization code for an
// access token, authenticated with Basic client_id:client_secret.
func (s *Server) serveToken(ex *exchange) {
	id, secret, ok := ex.r.BasicAuth()
	if !ok {
		ex.fail(unauthorized())
		return
	}
	key, now := "client\x00"+id, s.now()
	if wait := s.guard.locked(key, now); wait > 0 {
		ex.fail(tooManyFailures(id, wait))
		return
	}
	s.mu.RLock()
	client := s.clientByID(id)
	valid := client != nil && secretEqual(client.Secret, secret)
	s.mu.RUnlock()
	if !valid {
		s.guard.fail(key, now)
		ex.fail(unauthorized())
		return
	}
	s.guard.succeed(key)
	if !s.limitRate(ex, credentialKey("client", id), id) {
		return
	}
	q, herr := ex.params()
	if herr != nil {
		ex.fail(herr)
		return
	}
	rec, herr := s.exchangeCode(id, q.Get("grant_type"), q.Get("code"), q.Get("redirect_uri"))
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.w.Header().Set("Cache-Control", "no-store")
	ex.ok(rec)
}

// exchangeCode spends a code of the client for a token.
func (s *Server) exchangeCode(clientID, grant, code, redirectURI string) (api.TokenRecord, *httpError) {
	switch grant {
	case "":
		return api.TokenRecord{}, fault(http.StatusUnprocessableEntity, "grant_type is required.")
	case "authorization_code":
	default:
		return api.TokenRecord{}, fault(http.StatusUnprocessableEntity, api.InfoUnsupportedGrant)
	}
	if code == "" {
		return api.TokenRecord{}, fault(http.StatusUnprocessableEntity, "code is required.")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	c, ok := s.codes[code]
	if ok && c.Used && secretEqual(c.ClientID, clientID) && len(c.Tokens) > 0 {
		replayed := *c
		replayed.Tokens = nil
		changes := append(s.revokeIssued(c), change{bucket: bucketCodes, key: code, value: &replayed})
		if err := s.db.apply(changes...); err != nil {
			return api.TokenRecord{}, storageFailed()
		}
		s.codes[code] = &replayed
	}
	if !ok || c.Used || !secretEqual(c.ClientID, clientID) {
		return api.TokenRecord{}, fault(http.StatusUnprocessableEntity, api.InfoCodeInvalid)
	}
	if now.Sub(c.IssuedAt) > s.opts.CodeTTL {
		return api.TokenRecord{}, fault(http.StatusUnprocessableEntity, api.InfoCodeExpired)
	}
	if redirectURI == "" || redirectURI != c.RedirectURI {
		return api.TokenRecord{}, fault(http.StatusUnprocessableEntity, api.InfoRedirectMismatch)
	}
	tok := &AccessToken{
		Token: randomHex(20), ClientID: c.ClientID, Scope: c.Scope, Nick: c.Nick,
		WorkspaceID: c.WorkspaceID, ExpiresAt: now.Add(s.opts.TokenTTL),
	}
	spent := *c
	spent.Used, spent.Tokens = true, []string{tok.Token}
	changes := append(s.forgetStale(now),
		change{bucket: bucketCodes, key: spent.Code, value: &spent},
		change{bucket: bucketTokens, key: tok.Token, value: tok})
	if err := s.db.apply(changes...); err != nil {
		return api.TokenRecord{}, storageFailed()
	}
	s.codes[code] = &spent
	s.tokens[tok.Token] = tok
	s.tokenOrder.push(tok.Token)
	return api.TokenRecord{
		AccessToken: tok.Token,
		ExpiresIn:   api.FlexInt(s.opts.TokenTTL / time.Second),
		TokenType:   "Bearer",
		Scope:       tok.Scope,
		Resource:    api.Resource{Type: api.ResourceWorkspace, WorkspaceID: api.FlexInt(tok.WorkspaceID)},
		Now:         api.FormatTime(now),
	}, nil
}

// issueCode records a new authorization code. The caller holds s.mu for writing.
func (s *Server) issueCode(clientID, redirectURI, scope, nick string, workspace int64) (*AuthCode, error) {
	now := s.now()
	c := &AuthCode{
		Code: randomHex(20), ClientID: clientID, RedirectURI: redirectURI, Scope: scope,
		Nick: nick, WorkspaceID: workspace, IssuedAt: now,
	}
	changes := append(s.forgetStale(now), change{bucket: bucketCodes, key: c.Code, value: c})
	if err := s.db.apply(changes...); err != nil {
		return nil, err
	}
	s.codes[c.Code] = c
	s.codeOrder.push(c.Code)
	return c, nil
}

// Caps on what is kept: beyond them the oldest go first, so a flood of
// authorization requests cannot grow the service without bound.
const maxCodes = 10_000

// forgetStale drops codes and tokens long past their lifetime, and the
// oldest codes beyond maxCodes, and returns the matching deletions for the
// database. It looks only at the oldest entries (codes and tokens are queued
// in the order they were issued, which is the order they expire in). The
// caller holds s.mu for writing.
func (s *Server) forgetStale(now time.Time) []change {
	var out []change
	for {
		k, ok := s.codeOrder.front()
		if !ok {
			break
		}
		c, held := s.codes[k]
		if held && now.Sub(c.IssuedAt) <= s.opts.CodeTTL+forgetAfter && len(s.codes) < maxCodes {
			break
		}
		s.codeOrder.pop()
		if held {
			delete(s.codes, k)
			out = append(out, change{bucket: bucketCodes, key: k})
		}
	}
	for {
		k, ok := s.tokenOrder.front()
		if !ok {
			break
		}
		t, held := s.tokens[k]
		if held && now.Sub(t.ExpiresAt) <= forgetAfter {
			break
		}
		s.tokenOrder.pop()
		if held {
			delete(s.tokens, k)
			out = append(out, change{bucket: bucketTokens, key: k})
		}
	}
	return out
}

// revokeIssued forgets the tokens issued from a code that was replayed
// (RFC 6749 §4.1.2) and returns the deletions for the database. The caller
// holds s.mu for writing.
func (s *Server) revokeIssued(c *AuthCode) []change {
	var out []change
	for _, t := range c.Tokens {
		if _, ok := s.tokens[t]; ok {
			delete(s.tokens, t)
			out = append(out, change{bucket: bucketTokens, key: t})
		}
	}
	return out
}

// storageFailed is the answer when the database refuses a write.
func storageFailed() *httpError {
	return fault(http.StatusInternalServerError, "the change could not be saved; try again")
}
