package auth

import (
	"errors"
	"net/http"
	"time"
)

// callbackHandler answers the browser on the loopback listener.
type callbackHandler struct{ f *Flow }

// ServeHTTP accepts only GET on the callback path with the exact Host the
// redirect URI names (a page on another site that resolves its own name to
// 127.0.0.1 sends its own Host: DNS rebinding is refused). A redirect with
// the wrong state is answered 400 and the listener keeps waiting. The first
// valid answer closes the port; its page waits for the exchange so the
// browser tells the truth about the login.
func (h callbackHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f := h.f
	switch {
	case r.Host != f.expect.host:
		pageBadHost.write(w)
		return
	case r.URL.Path != f.expect.path:
		pageNotFound.write(w)
		return
	case r.Method != http.MethodGet:
		pageBadMethod.write(w)
		return
	}
	a, err := f.expect.judge(r.URL.RawQuery)
	if err != nil {
		pageNotOurs.write(w)
		return
	}
	if !f.deliver(a) {
		pageFinished.write(w)
		return
	}
	if a.err != nil {
		if errors.Is(a.err, ErrDenied) {
			pageDenied.write(w)
		} else {
			pageFailed.write(w)
		}
		return
	}
	timer := time.NewTimer(f.cfg.Timeout)
	defer timer.Stop()
	select {
	case <-f.settled:
		if f.settledErr == nil {
			pageLoggedIn.write(w)
		} else {
			pageFailed.write(w)
		}
	case <-timer.C:
		pageContinue.write(w)
	case <-r.Context().Done():
	}
}
