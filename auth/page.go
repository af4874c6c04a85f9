package auth

import (
	"html"
	"net/http"
	"strconv"
)

// pageCSP allows nothing but the page's own inline style: no script, image,
// frame, form or base, so nothing injected could run or call out.
const pageCSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// pageKind names one of the fixed pages the listener shows. None of them
// echoes anything the request carried.
type pageKind int

// The pages of the loopback listener.
const (
	pageLoggedIn pageKind = iota
	pageDenied
	pageFailed
	pageContinue
	pageNotOurs
	pageFinished
	pageBadHost
	pageNotFound
	pageBadMethod
)

// page is the status, title and message of a page.
type page struct {
	status  int
	title   string
	message string
}

// content returns the page's fixed texts.
func (k pageKind) content() page {
	switch k {
	case pageLoggedIn:
		return page{http.StatusOK, "Logged in to triage", "You can close this tab and return to the terminal."}
	case pageDenied:
		return page{http.StatusOK, "Login refused", "You refused the authorization, so triage is not logged in. You can close this tab; run the login again in the terminal to allow it."}
	case pageFailed:
		return page{http.StatusOK, "Login did not complete", "triage could not finish the login. You can close this tab; the terminal says what went wrong."}
	case pageContinue:
		return page{http.StatusOK, "Almost done", "You can close this tab and return to the terminal to finish logging in."}
	case pageNotOurs:
		return page{http.StatusBadRequest, "Not the expected answer", "This is not the answer triage is waiting for. Start the login from the terminal and use the page it opens."}
	case pageFinished:
		return page{http.StatusBadRequest, "Login already finished", "This login already has its answer. You can close this tab."}
	case pageBadHost:
		return page{http.StatusBadRequest, "Wrong address", "triage only answers on the address it gave to the service."}
	case pageBadMethod:
		return page{http.StatusMethodNotAllowed, "Method not allowed", "This address only answers GET."}
	default:
		return page{http.StatusNotFound, "Not found", "There is nothing here."}
	}
}

// html renders the page. Title and message are fixed texts of this package.
func (p page) html() string {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>` + html.EscapeString(p.title) + `</title>
<style>
body { font-family: system-ui, sans-serif; background: #f6f7f9; color: #1f2328; margin: 0; }
main { max-width: 32rem; margin: 12vh auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
h1 { font-size: 1.4rem; margin: 0 0 .75rem; }
p { line-height: 1.5; margin: 0; }
</style>
</head>
<body>
<main>
<h1>` + html.EscapeString(p.title) + `</h1>
<p>` + html.EscapeString(p.message) + `</p>
</main>
</body>
</html>
`
}

// write sends the page with headers that keep it out of caches and referrers
// and forbid anything active in it.
func (k pageKind) write(w http.ResponseWriter) {
	p := k.content()
	body := p.html()
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "no-store")
	h.Set("Pragma", "no-cache")
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Connection", "close")
	if p.status == http.StatusMethodNotAllowed {
		h.Set("Allow", http.MethodGet)
	}
	w.WriteHeader(p.status)
	_, _ = w.Write([]byte(body))
}
