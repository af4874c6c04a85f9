package sandbox

import (
	"html"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"triage/api"
)

// An item's page of the web app, at TAPD's addresses (api.Item.WebURL):
//
//	/{workspace_id}/prong/stories/view/{id}
//	/{workspace_id}/prong/tasks/view/{id}
//	/{workspace_id}/bugtrace/bugs/view/{id}   or   …/bugs/view?bug_id={id}
//
// It shows the title, priority, status, owners and description, read-only.
// As on TAPD, it needs a browser signed in to the web app as a member of
// the workspace (web_login.go): the service listens on a port every local
// user and every page the browser opens can reach, and the items are no
// more public than the API, which wants a credential. Every value is
// escaped by html/template; the description's HTML is shown as its text.

// itemPage is the data of item.html.
type itemPage struct {
	Title, Kind, ShortID, ID, Workspace string
	Priority, Status, Owners, Modified  string
	Description, Nick                   string
}

// serveItemPage answers an item's page for any method: a workspace or an
// id that is not a number names nothing; a method but GET is refused.
func (s *Server) serveItemPage(ex *exchange, kind api.Kind) {
	wsText, id := ex.r.PathValue("workspace"), ex.r.PathValue("id")
	if !isDigits(wsText) || id != "" && !isDigits(id) {
		s.serveUnknownPath(ex)
		return
	}
	if id == "" && kind == api.Bug {
		id = ex.r.URL.Query().Get("bug_id")
	}
	wsID, err := strconv.ParseInt(wsText, 10, 64)
	switch {
	case !isRead(ex.r):
		ex.w.Header().Set("Allow", http.MethodGet)
		s.message(ex, http.StatusMethodNotAllowed, "Not allowed", "Open this page with a link: it is read-only.")
	case err != nil || id == "":
		s.message(ex, http.StatusNotFound, "Not found", "Check the address: it names no item.")
	default:
		s.itemPage(ex, wsID, kind, id)
	}
}

// itemPage answers one item's page, or the sign-in for a browser not
// signed in, or why it cannot be shown.
func (s *Server) itemPage(ex *exchange, wsID int64, kind api.Kind, id string) {
	sess := s.sessionOf(ex.r, webCookie)
	if sess == nil || sess.Nick == "" {
		s.redirect(ex, http.StatusSeeOther, webLoginPath+"?"+url.Values{"ref": {ex.r.URL.RequestURI()}}.Encode())
		return
	}
	s.mu.RLock()
	page, status, problem := s.itemPageOf(sess.Nick, wsID, kind, id)
	s.mu.RUnlock()
	if problem != "" {
		s.message(ex, status, "Cannot show this "+kind.String(), problem)
		return
	}
	s.render(ex, http.StatusOK, "item.html", "", page)
}

// itemPageOf gathers an item's page for user nick; a problem says why it
// cannot be shown, with its status. The caller holds s.mu for reading.
func (s *Server) itemPageOf(nick string, wsID int64, kind api.Kind, id string) (itemPage, int, string) {
	u, ws := s.userByNick(nick), s.workspaceByID(wsID)
	if ws == nil || u == nil || !slices.Contains(u.Workspaces, wsID) {
		return itemPage{}, http.StatusForbidden, "Sign in as a member of workspace " + strconv.FormatInt(wsID, 10) +
			": " + nick + " does not take part in it, or it does not exist."
	}
	set := s.world.readItems(ws, kind)
	pos, ok := set.find(id)
	if !ok {
		return itemPage{}, http.StatusNotFound, "Check the address: workspace " + ws.Name + " has no " + kind.String() + " " + id + " (it may have been deleted)."
	}
	it := set.at(pos)
	owners := strings.Join(strings.FieldsFunc(it.Owner, func(r rune) bool { return r == ';' }), ", ")
	if owners == "" {
		owners = "nobody"
	}
	return itemPage{
		Title: it.Title, Kind: kindTitle(kind), ShortID: api.ShortID(it.ID), ID: it.ID, Workspace: ws.Name,
		Priority: priorityLabel(ws, kind, &it), Status: flowOf(kind).label(it.Status, ws.Locale), Owners: owners,
		Modified: it.Modified, Description: descriptionText(it.Description), Nick: nick,
	}, http.StatusOK, ""
}

// kindTitle is a kind's name at the start of a line.
func kindTitle(k api.Kind) string {
	name := k.String()
	return strings.ToUpper(name[:1]) + name[1:]
}

// priorityLabel is an item's priority as its workspace names it, "none"
// for none.
func priorityLabel(ws *Workspace, k api.Kind, it *api.Item) string {
	v := effectivePriority(it)
	if v == "" {
		return "none"
	}
	opts, _ := priorityOptions(ws, k, false)
	for _, o := range opts.Pairs {
		if o.Value == v {
			return o.Label
		}
	}
	return v
}

// descriptionText is the text of a description's HTML: tags dropped (and
// what scripts and styles hold), blocks and line breaks as new lines,
// entities decoded. The page escapes it again when it shows it.
func descriptionText(h string) string {
	var b strings.Builder
	for h != "" {
		lt := strings.IndexByte(h, '<')
		if lt < 0 {
			b.WriteString(h)
			break
		}
		b.WriteString(h[:lt])
		gt := strings.IndexByte(h[lt:], '>')
		if gt < 0 {
			break
		}
		tag := strings.ToLower(h[lt+1 : lt+gt])
		closing := strings.HasPrefix(tag, "/")
		tag = strings.TrimLeft(tag, "/")
		if end := strings.IndexAny(tag, " \t\r\n/"); end >= 0 {
			tag = tag[:end]
		}
		h = h[lt+gt+1:]
		switch tag {
		case "script", "style":
			if closing {
				break
			}
			if end := strings.Index(strings.ToLower(h), "</"+tag); end >= 0 {
				h = h[end:]
			} else {
				h = ""
			}
		case "br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6":
			b.WriteByte('\n')
		}
	}
	text := html.UnescapeString(b.String())
	lines := strings.Split(text, "\n")
	out := lines[:0]
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return "(no description)"
	}
	return strings.Join(out, "\n")
}
