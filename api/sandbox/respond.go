package sandbox

import (
	"compress/gzip"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"triage/api"
)

// exchange is one request being answered: the writer, the request and the
// request id that error envelopes carry in meta.request_id.
type exchange struct {
	w     http.ResponseWriter
	r     *http.Request
	id    string
	wrote bool
	gzips *sync.Pool // of *gzip.Writer, reused across answers; nil: a new one each time
}

func newExchange(w http.ResponseWriter, r *http.Request) *exchange {
	return &exchange{w: w, r: r, id: randomHex(16)}
}

// randomHex returns n random bytes as lower-case hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (it aborts the program instead)
	return hex.EncodeToString(b)
}

// ok answers a success envelope around data.
func (ex *exchange) ok(data any) {
	ex.envelope(http.StatusOK, api.Success(data))
}

// okRaw answers a success envelope around data that the sandbox wrote
// itself (a list of items, an item): it goes out as it is, between the
// envelope's head and tail, without encoding/json checking and compacting it
// twice or copying it into one body.
func (ex *exchange) okRaw(data json.RawMessage) {
	ex.send(http.StatusOK, []byte(`{"status":1,"data":`), data, []byte(`,"info":"success"}`))
}

// answer answers data as okRaw does, or herr when there is one.
func (ex *exchange) answer(data json.RawMessage, herr *httpError) {
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.okRaw(data)
}

// fail answers an error envelope: HTTP status = envelope status.
func (ex *exchange) fail(e *httpError) {
	if e.Status == http.StatusUnauthorized {
		ex.w.Header().Set(api.HeaderWWWAuthenticate, api.BasicRealm)
	}
	ex.envelope(e.Status, api.Failure(e.Status, e.Info, ex.id))
}

// envelope writes env as JSON with the HTTP status, gzipped when the client
// accepts it.
func (ex *exchange) envelope(status int, env api.Envelope) {
	body, err := json.Marshal(env)
	if err != nil {
		status = http.StatusInternalServerError
		body, _ = json.Marshal(api.Failure(status, "the response could not be encoded", ex.id))
	}
	ex.send(status, body)
}

// send writes an answer's body, in parts, with the HTTP status, gzipped when the
// client accepts it: at level 1, nginx's default gzip_comp_level, with a
// writer from the server's pool (each holds over half a megabyte), as the
// sandbox shares the CPU with the client in tests and benchmarks.
func (ex *exchange) send(status int, parts ...[]byte) {
	h := ex.w.Header()
	h.Set("Content-Type", api.ContentTypeJSONCharset)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Add("Vary", "Accept-Encoding")
	ex.wrote = true
	if !acceptsGzip(ex.r.Header.Values("Accept-Encoding")) {
		n := 0
		for _, p := range parts {
			n += len(p)
		}
		h.Set("Content-Length", strconv.Itoa(n))
		ex.w.WriteHeader(status)
		for _, p := range parts {
			_, _ = ex.w.Write(p)
		}
		return
	}
	h.Set("Content-Encoding", "gzip")
	h.Del("Content-Length")
	ex.w.WriteHeader(status)
	var zw *gzip.Writer
	if ex.gzips != nil {
		zw, _ = ex.gzips.Get().(*gzip.Writer)
	}
	if zw == nil {
		zw, _ = gzip.NewWriterLevel(ex.w, gzip.BestSpeed)
	} else {
		zw.Reset(ex.w)
	}
	for _, p := range parts {
		_, _ = zw.Write(p)
	}
	_ = zw.Close()
	if ex.gzips != nil {
		ex.gzips.Put(zw)
	}
}

// sendGzipped writes an answer already gzipped, for a client that accepts it.
func (ex *exchange) sendGzipped(status int, body []byte) {
	h := ex.w.Header()
	h.Set("Content-Type", api.ContentTypeJSONCharset)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	ex.wrote = true
	ex.w.WriteHeader(status)
	_, _ = ex.w.Write(body)
}

// acceptsGzip reads Accept-Encoding: gzip (or *) with a q-value above zero.
func acceptsGzip(values []string) bool {
	for _, v := range values {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "gzip" && name != "*" {
				continue
			}
			if qualityPositive(params) {
				return true
			}
		}
	}
	return false
}

// qualityPositive reads the q parameter of an Accept-Encoding entry; a
// missing or malformed q counts as 1.
func qualityPositive(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return true
		}
		return q > 0
	}
	return true
}

// recoverPanic is the last line of defence: a handler that panics answers a
// 500 envelope instead of dropping the connection. Handlers are written so
// that no input reaches here.
func (ex *exchange) recoverPanic() {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	if !ex.wrote {
		ex.fail(&httpError{Status: http.StatusInternalServerError, Info: "internal error, request " + ex.id})
	}
}

// fault builds an httpError.
func fault(status int, info string) *httpError { return &httpError{Status: status, Info: info} }

// unauthorized is the answer to missing or wrong Basic credentials.
func unauthorized() *httpError { return fault(http.StatusUnauthorized, api.InfoUnauthorized) }

// methodNotAllowed answers 405 naming the allowed methods.
func (ex *exchange) methodNotAllowed(allowed ...string) {
	ex.w.Header().Set("Allow", strings.Join(allowed, ", "))
	ex.fail(fault(http.StatusMethodNotAllowed, "method "+strconv.Quote(clipText(ex.r.Method, 20))+" is not allowed here; use "+strings.Join(allowed, " or ")))
}

// clipText shortens s to at most n bytes on a rune boundary.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
