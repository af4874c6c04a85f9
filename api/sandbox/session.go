package sandbox

import (
	"net/http"
	"net/url"
	"time"
)

// Browser sessions of the authorization pages (under /oauth) and of the
// web app's pages (an item's page, its sign-in), each with its own cookie.
// A browser gets a session on its first visit (anonymous, so that the
// sign-in form has a CSRF token) and a fresh one when it signs in; the
// cookie is HttpOnly and SameSite=Lax.
const (
	sessionCookie = "tapd_sandbox_session"
	// webCookie is the web app's session: its pages are anywhere under /,
	// unlike the authorization pages.
	webCookie = "tapd_sandbox_web"
	// signedInTTL is how long a signed-in browser needs no password.
	signedInTTL = 7 * 24 * time.Hour
	// anonymousTTL is how long a sign-in form stays usable.
	anonymousTTL = time.Hour
	// maxAnonymous bounds the sessions of browsers that never sign in.
	maxAnonymous = 1000
	// maxSignedIn bounds the signed-in browsers; the oldest sign-in goes first.
	maxSignedIn = 10_000
)

// cookiePath is where a session cookie is sent.
func cookiePath(cookie string) string {
	if cookie == webCookie {
		return "/"
	}
	return "/oauth"
}

// sessionOf returns a copy of the live session named by the request's
// cookie (sessionCookie or webCookie), or nil.
func (s *Server) sessionOf(r *http.Request, cookie string) *BrowserSession {
	ck, err := r.Cookie(cookie)
	if err != nil || ck.Value == "" {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	sess, ok := s.sessions[ck.Value]
	if !ok || !s.sessionLive(sess) {
		return nil
	}
	out := *sess
	return &out
}

// sessionLive reports whether a session has not expired. The caller holds s.mu.
func (s *Server) sessionLive(sess *BrowserSession) bool {
	ttl := anonymousTTL
	if sess.Nick != "" {
		ttl = signedInTTL
	}
	age := s.now().Sub(sess.CreatedAt)
	return age >= 0 && age < ttl
}

// startSession replaces the browser's session (oldID, may be "") with a new
// one for nick ("" for a browser not signed in) and sets the cookie. Only
// signed-in sessions are saved.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, cookie, oldID, nick string) (BrowserSession, error) {
	sess := &BrowserSession{ID: randomHex(32), Nick: nick, CSRF: randomHex(32), CreatedAt: s.now()}
	s.mu.Lock()
	defer s.mu.Unlock()
	var changes []change
	if old, ok := s.sessions[oldID]; ok && oldID != "" {
		if old.Nick != "" {
			changes = append(changes, change{bucket: bucketSessions, key: oldID})
		}
	}
	changes = append(changes, s.forgetSessions()...)
	if nick != "" {
		changes = append(changes, change{bucket: bucketSessions, key: sess.ID, value: sess})
	}
	if err := s.db.apply(changes...); err != nil {
		return BrowserSession{}, err
	}
	s.dropSession(oldID)
	s.addSession(sess)
	http.SetCookie(w, &http.Cookie{
		Name: cookie, Value: sess.ID, Path: cookiePath(cookie),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
	return *sess, nil
}

// endSession forgets a session and clears the cookie.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request, cookie, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.db.apply(change{bucket: bucketSessions, key: id}); err != nil {
		return err
	}
	s.dropSession(id)
	http.SetCookie(w, &http.Cookie{
		Name: cookie, Value: "", Path: cookiePath(cookie), MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
	return nil
}

// forgetSessions drops expired sessions, and the oldest beyond the caps
// (maxAnonymous, maxSignedIn), returning the deletions for the database. It
// looks only at the oldest sessions of each queue. The caller holds s.mu for
// writing.
func (s *Server) forgetSessions() []change {
	var out []change
	for _, q := range []struct {
		order    *fifo
		max      int
		signedIn bool
	}{{&s.anonymousOrder, maxAnonymous, false}, {&s.signedInOrder, maxSignedIn, true}} {
		held := len(s.sessions) - s.signedIn
		if q.signedIn {
			held = s.signedIn
		}
		for {
			id, ok := q.order.front()
			if !ok {
				break
			}
			sess, live := s.sessions[id]
			if live && s.sessionLive(sess) && held < q.max {
				break
			}
			q.order.pop()
			if !live {
				continue
			}
			s.dropSession(id)
			held--
			if q.signedIn {
				out = append(out, change{bucket: bucketSessions, key: id})
			}
		}
	}
	return out
}

// addSession keeps a session and queues it for expiry. The caller holds
// s.mu for writing.
func (s *Server) addSession(sess *BrowserSession) {
	s.sessions[sess.ID] = sess
	if sess.Nick != "" {
		s.signedIn++
		s.signedInOrder.push(sess.ID)
		return
	}
	s.anonymousOrder.push(sess.ID)
}

// dropSession forgets a session, if held. The caller holds s.mu for writing.
func (s *Server) dropSession(id string) {
	sess, ok := s.sessions[id]
	if !ok {
		return
	}
	delete(s.sessions, id)
	if sess.Nick != "" {
		s.signedIn--
	}
}

// csrfValid reports whether a form carries the session's CSRF token.
func csrfValid(sess *BrowserSession, form url.Values) bool {
	sent := form.Get("csrf_token")
	return sess != nil && sent != "" && secretEqual(sess.CSRF, sent)
}
