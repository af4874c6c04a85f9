package sandbox

import (
	"bytes"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"triage/api"
	"triage/assets"
)

// The authorization pages (auth_url): GET /oauth/ shows the sign-in form or,
// for a signed-in browser, the consent form; the forms post to
// /oauth/signin, /oauth/authorize and /oauth/logout. Plain HTML, no script.

type hiddenField struct{ Name, Value string }

type signinPage struct {
	Title, ClientName, Error, Nick, CSRF string
	Hidden                               []hiddenField
}

type consentPage struct {
	Title, ClientName, UserName, Nick, CSRF string
	Scopes                                  []string
	Hidden                                  []hiddenField
	Companies                               []companyChoice
}

type companyChoice struct {
	Name       string
	Workspaces []workspaceChoice
}

type workspaceChoice struct {
	ID      int64
	Name    string
	Checked bool
}

type messagePage struct {
	Title, Message, Link, LinkText string
	Error                          bool
}

// authorizePageNotAllowed answers a method other than GET at /oauth/.
func (s *Server) authorizePageNotAllowed(ex *exchange) {
	ex.w.Header().Set("Allow", http.MethodGet)
	s.message(ex, http.StatusMethodNotAllowed, "Not allowed", "Open this page with a link.")
}

// pageNotFound answers a path under /oauth/ that names no page.
func (s *Server) pageNotFound(ex *exchange) {
	s.message(ex, http.StatusNotFound, "Not found", "There is no such page.")
}

// authorizePage is GET /oauth/: check the request, then ask the browser to
// sign in, or to choose a workspace.
func (s *Server) authorizePage(ex *exchange) {
	q, err := url.ParseQuery(ex.r.URL.RawQuery)
	if err != nil {
		s.message(ex, http.StatusBadRequest, "Invalid request", "The authorization link is malformed. Ask the application for a new one.")
		return
	}
	req, ok := s.checkAuthRequest(ex, q)
	if !ok {
		return
	}
	sess := s.sessionOf(ex.r, sessionCookie)
	if sess == nil {
		fresh, err := s.startSession(ex.w, ex.r, sessionCookie, "", "")
		if err != nil {
			s.message(ex, http.StatusInternalServerError, "Try again", "The sign-in could not be prepared.")
			return
		}
		sess = &fresh
	}
	if sess.Nick == "" {
		s.signinForm(ex, http.StatusOK, req, sess, "", "")
		return
	}
	s.consentForm(ex, req, sess)
}

// checkAuthRequest checks the authorization parameters, answering an error
// page (400, never a redirect) when they are wrong; unknown scopes of a
// request whose redirect address matched go back there as invalid_scope.
func (s *Server) checkAuthRequest(ex *exchange, q url.Values) (authRequest, bool) {
	s.mu.RLock()
	req, err := parseAuthRequest(q, s.world.Clients)
	s.mu.RUnlock()
	if serr := (*scopeError)(nil); errors.As(err, &serr) {
		s.redirect(ex, http.StatusFound, redirectTo(req.RedirectURI, url.Values{
			"error": {"invalid_scope"}, "error_description": {serr.Error()}, "state": {req.State}}))
		return authRequest{}, false
	}
	if err != nil {
		s.message(ex, http.StatusBadRequest, "Invalid request", "This authorization request cannot be served: "+err.Error()+". Ask the application for a new link.")
		return authRequest{}, false
	}
	return req, true
}

func (s *Server) signinForm(ex *exchange, status int, req authRequest, sess *BrowserSession, nick, problem string) {
	s.render(ex, status, "signin.html", "", signinPage{
		Title: "Sign in", ClientName: req.ClientName, Error: problem, Nick: nick, CSRF: sess.CSRF, Hidden: hiddenFields(req),
	})
}

func (s *Server) consentForm(ex *exchange, req authRequest, sess *BrowserSession) {
	page := consentPage{
		Title: "Authorize " + req.ClientName, ClientName: req.ClientName, Nick: sess.Nick, CSRF: sess.CSRF,
		Scopes: strings.Fields(req.Scope), Hidden: hiddenFields(req),
	}
	s.mu.RLock()
	if u := s.userByNick(sess.Nick); u != nil {
		page.UserName = u.Name
		page.Companies = s.companyChoices(u)
	}
	s.mu.RUnlock()
	s.render(ex, http.StatusOK, "consent.html", req.Origin, page)
}

// companyChoices groups the user's workspaces by company, the first checked.
// The caller holds s.mu.
func (s *Server) companyChoices(u *User) []companyChoice {
	var out []companyChoice
	checked := false
	for _, co := range s.world.Companies {
		choice := companyChoice{Name: co.Name}
		for _, ws := range s.world.Workspaces {
			if ws.CompanyID != co.ID || !slices.Contains(u.Workspaces, ws.ID) {
				continue
			}
			choice.Workspaces = append(choice.Workspaces, workspaceChoice{ID: ws.ID, Name: ws.Name, Checked: !checked})
			checked = true
		}
		if len(choice.Workspaces) > 0 {
			out = append(out, choice)
		}
	}
	return out
}

func hiddenFields(req authRequest) []hiddenField {
	q := req.query()
	out := make([]hiddenField, 0, len(authParams))
	for _, name := range authParams {
		out = append(out, hiddenField{Name: name, Value: q.Get(name)})
	}
	return out
}

// signIn is POST /oauth/signin: nick and password, then back to the
// authorization page with a fresh signed-in session.
func (s *Server) signIn(ex *exchange) {
	form, sess, ok := s.postedForm(ex, sessionCookie)
	if !ok {
		return
	}
	req, ok := s.checkAuthRequest(ex, form)
	if !ok {
		return
	}
	nick, password := form.Get("nick"), form.Get("password")
	switch wait, valid := s.checkSignIn(nick, password); {
	case wait > 0:
		s.signinForm(ex, http.StatusTooManyRequests, req, sess, nick, "Sign-in refused: "+lockoutText(nick, wait)+".")
		return
	case !valid:
		s.signinForm(ex, http.StatusOK, req, sess, nick, "The nick or the password is wrong.")
		return
	}
	if _, err := s.startSession(ex.w, ex.r, sessionCookie, sess.ID, nick); err != nil {
		s.message(ex, http.StatusInternalServerError, "Try again", "The sign-in could not be saved.")
		return
	}
	s.redirect(ex, http.StatusSeeOther, "/oauth/?"+req.query().Encode())
}

// decide is POST /oauth/authorize: Continue issues a code for the chosen
// workspace, Deny refuses; both go back to the application.
func (s *Server) decide(ex *exchange) {
	form, sess, ok := s.postedForm(ex, sessionCookie)
	if !ok {
		return
	}
	if sess.Nick == "" {
		s.message(ex, http.StatusForbidden, "Sign in first", "This browser is not signed in. Open the authorization link again.")
		return
	}
	req, ok := s.checkAuthRequest(ex, form)
	if !ok {
		return
	}
	switch form.Get("action") {
	case "deny":
		s.redirect(ex, http.StatusFound, redirectTo(req.RedirectURI, url.Values{"error": {"access_denied"}, "state": {req.State}}))
	case "continue":
		s.grant(ex, req, sess, form.Get("workspace_id"))
	default:
		s.message(ex, http.StatusBadRequest, "Invalid request", "Choose Continue or Deny.")
	}
}

// grant issues a code for a workspace the user takes part in and redirects.
func (s *Server) grant(ex *exchange, req authRequest, sess *BrowserSession, wsText string) {
	wsID, err := strconv.ParseInt(wsText, 10, 64)
	s.mu.Lock()
	u := s.userByNick(sess.Nick)
	if err != nil || u == nil || s.workspaceByID(wsID) == nil || !slices.Contains(u.Workspaces, wsID) {
		s.mu.Unlock()
		s.message(ex, http.StatusBadRequest, "Choose a workspace", "Choose one of the workspaces you take part in.")
		return
	}
	code, err := s.issueCode(req.ClientID, req.RedirectURI, req.Scope, sess.Nick, wsID)
	s.mu.Unlock()
	if err != nil {
		s.message(ex, http.StatusInternalServerError, "Try again", "The authorization could not be saved.")
		return
	}
	res := api.Resource{Type: api.ResourceWorkspace, WorkspaceID: api.FlexInt(wsID)}
	s.redirect(ex, http.StatusFound, redirectTo(req.RedirectURI, url.Values{
		"code": {code.Code}, "state": {req.State}, "resource": {res.EncodeParam()},
	}))
}

// logout is POST /oauth/logout: forget the browser's session.
func (s *Server) logout(ex *exchange) {
	form, sess, ok := s.postedForm(ex, sessionCookie)
	if !ok {
		return
	}
	if err := s.endSession(ex.w, ex.r, sessionCookie, sess.ID); err != nil {
		s.message(ex, http.StatusInternalServerError, "Try again", "The sign-out could not be saved.")
		return
	}
	page := messagePage{Title: "Signed out", Message: "You are signed out of the sandbox in this browser."}
	s.mu.RLock()
	req, err := parseAuthRequest(form, s.world.Clients)
	s.mu.RUnlock()
	if err == nil {
		page.Link, page.LinkText = "/oauth/?"+req.query().Encode(), "Sign in again"
	}
	s.render(ex, http.StatusOK, "message.html", "", page)
}

// postedForm reads a form of the pages and checks its CSRF token against the
// browser's session of cookie; on failure it has answered.
func (s *Server) postedForm(ex *exchange, cookie string) (url.Values, *BrowserSession, bool) {
	media, _, _ := mime.ParseMediaType(ex.r.Header.Get("Content-Type"))
	if media != api.ContentTypeForm {
		s.message(ex, http.StatusUnsupportedMediaType, "Invalid request", "Send this form from the page.")
		return nil, nil, false
	}
	body, herr := readBody(ex.r)
	var form url.Values
	if herr == nil {
		form, herr = parseForm(body)
	}
	if herr != nil {
		s.message(ex, herr.Status, "Invalid request", "The form could not be read.")
		return nil, nil, false
	}
	sess := s.sessionOf(ex.r, cookie)
	if !csrfValid(sess, form) {
		s.message(ex, http.StatusForbidden, "Form refused", "Open the page again from its link: this form did not come from this browser's session, or the session has ended.")
		return nil, nil, false
	}
	return form, sess, true
}

// message answers a page with one message.
func (s *Server) message(ex *exchange, status int, title, text string) {
	s.render(ex, status, "message.html", "", messagePage{Title: title, Message: text, Error: status >= 400})
}

// render writes a page with the headers every page carries. formOrigin is
// another origin the page's form may lead to (the application's redirect).
func (s *Server) render(ex *exchange, status int, name, formOrigin string, data any) {
	var buf bytes.Buffer
	if err := s.pages.ExecuteTemplate(&buf, name, data); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString("The page could not be shown.\n")
	}
	formAction := "'self'"
	if formOrigin != "" {
		formAction += " " + formOrigin
	}
	h := ex.w.Header()
	pageHeaders(h)
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self'; form-action "+formAction+"; frame-ancestors 'none'; base-uri 'none'")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	ex.wrote = true
	ex.w.WriteHeader(status)
	_, _ = ex.w.Write(buf.Bytes())
}

// redirect sends the browser on with the headers every page carries.
func (s *Server) redirect(ex *exchange, status int, location string) {
	pageHeaders(ex.w.Header())
	ex.w.Header().Set("Location", location)
	ex.wrote = true
	ex.w.WriteHeader(status)
}

// styleSheet is GET /oauth/style.css, the pages' style.
func (s *Server) styleSheet(ex *exchange) {
	css, err := assets.Web.ReadFile("web/style.css")
	if err != nil {
		s.pageNotFound(ex)
		return
	}
	h := ex.w.Header()
	h.Set("Content-Type", "text/css; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("X-Content-Type-Options", "nosniff")
	ex.wrote = true
	_, _ = ex.w.Write(css)
}

func pageHeaders(h http.Header) {
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}
