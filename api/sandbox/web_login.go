package sandbox

import (
	"net/http"
	"net/url"
	"strings"
)

// The web app's sign-in, at TAPD's address /cloud_logins/login: GET shows
// the form (ref is the page to go back to), POST signs the browser in and
// goes back. Its session cookie (webCookie) is sent to every page of the
// service, unlike the authorization pages' (Path=/oauth); the API never
// reads it, so a page elsewhere cannot use it to call the API.

// loginPage is the data of login.html.
type loginPage struct {
	Title, Error, Nick, CSRF, Ref string
}

// webLoginPath is the web app's sign-in page.
const webLoginPath = "/cloud_logins/login"

// webLoginNotAllowed answers a method other than GET and POST at the
// sign-in page.
func (s *Server) webLoginNotAllowed(ex *exchange) {
	ex.w.Header().Set("Allow", "GET, POST")
	s.message(ex, http.StatusMethodNotAllowed, "Not allowed", "Open this page with a link.")
}

// webLoginForm is GET /cloud_logins/login: the sign-in form, or sends a signed-in browser on.
func (s *Server) webLoginForm(ex *exchange) {
	ref := localRef(ex.r.URL.Query().Get("ref"))
	sess := s.sessionOf(ex.r, webCookie)
	if sess != nil && sess.Nick != "" {
		s.wentOn(ex, sess.Nick, ref)
		return
	}
	if sess == nil {
		fresh, err := s.startSession(ex.w, ex.r, webCookie, "", "")
		if err != nil {
			s.message(ex, http.StatusInternalServerError, "Try again", "Reload the page: the sign-in could not be prepared.")
			return
		}
		sess = &fresh
	}
	s.render(ex, http.StatusOK, "login.html", "", loginPage{Title: "Sign in", CSRF: sess.CSRF, Ref: ref})
}

// webSignIn is POST /cloud_logins/login: it checks the nick and password, as the authorization pages do
// (the same lockout after failures), then goes back to ref.
func (s *Server) webSignIn(ex *exchange) {
	form, sess, ok := s.postedForm(ex, webCookie)
	if !ok {
		return
	}
	ref := localRef(form.Get("ref"))
	nick, password := form.Get("nick"), form.Get("password")
	page := loginPage{Title: "Sign in", Nick: nick, CSRF: sess.CSRF, Ref: ref}
	switch wait, valid := s.checkSignIn(nick, password); {
	case wait > 0:
		page.Error = "Sign-in refused: " + lockoutText(nick, wait) + "."
		s.render(ex, http.StatusTooManyRequests, "login.html", "", page)
		return
	case !valid:
		page.Error = "Check the nick and the password: one of them is wrong."
		s.render(ex, http.StatusOK, "login.html", "", page)
		return
	}
	if _, err := s.startSession(ex.w, ex.r, webCookie, sess.ID, nick); err != nil {
		s.message(ex, http.StatusInternalServerError, "Try again", "Sign in again: the sign-in could not be saved.")
		return
	}
	s.wentOn(ex, nick, ref)
}

// wentOn sends a signed-in browser to ref, or says it is signed in.
func (s *Server) wentOn(ex *exchange, nick, ref string) {
	if ref != "" {
		s.redirect(ex, http.StatusSeeOther, ref)
		return
	}
	s.render(ex, http.StatusOK, "message.html", "", messagePage{Title: "Signed in",
		Message: "You are signed in to the sandbox as " + nick + ". Open an item from triage (o, or triage view --web)."})
}

// localRef is ref when it is a path of this service ("/…", not "//…"), so
// that the sign-in never sends a browser to another site; else "".
func localRef(ref string) string {
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil ||
		!strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, "//") || strings.ContainsAny(ref, "\\\r\n") {
		return ""
	}
	return ref
}
