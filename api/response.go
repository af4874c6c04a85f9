package api

import (
	"bytes"
	"encoding/json"
	"html"
	"math"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Bounds of text taken from an answer into an error.
const (
	maxExcerpt = 120
	maxInfo    = 300
)

// classify turns an HTTP answer into its envelope, or into the *Error it
// means. A success is status 1 on a 2xx answer; anything else is a failure,
// named after the HTTP code (which the envelope's status repeats).
// Secrets are removed from any text an error keeps.
func classify(httpStatus int, header http.Header, body []byte, now time.Time, secrets []string) (Envelope, *Error) {
	env, err := DecodeEnvelope(body)
	if err == nil && env.OK() && httpStatus >= 200 && httpStatus < 300 {
		return env, nil
	}
	body = scrubBytes(body, secrets)
	if err != nil {
		e := &Error{HTTPStatus: httpStatus, Err: err}
		switch {
		case httpStatus == http.StatusTooManyRequests:
			e.Kind = ErrRateLimited
			e.RetryAfter = parseRetryAfter(header.Get(HeaderRetryAfter), now)
			e.Excerpt = excerpt(body, secrets...)
		case json.Valid(bytes.TrimSpace(body)):
			e.Kind = ErrShape
			e.Info = "the answer is JSON but not an envelope with a status"
			if httpStatus >= 400 {
				e.Kind = kindFor(httpStatus, "")
			}
		default:
			e.Kind = ErrNotJSON
			e.Excerpt = excerpt(body, secrets...)
		}
		return Envelope{}, e
	}
	code := httpStatus
	if code < 400 {
		code = env.Status
	}
	info := safeText(env.Info, maxInfo, secrets)
	reqID := safeText(env.RequestID(), 80, secrets)
	e := &Error{Kind: kindFor(code, info), HTTPStatus: code, Info: info, RequestID: reqID}
	if e.Kind == ErrRateLimited {
		e.RetryAfter = parseRetryAfter(header.Get(HeaderRetryAfter), now)
	}
	return Envelope{}, e
}

// scrubBytes replaces every secret in b.
func scrubBytes(b []byte, secrets []string) []byte {
	for _, s := range secrets {
		if s != "" && bytes.Contains(b, []byte(s)) {
			b = bytes.ReplaceAll(b, []byte(s), []byte(redacted))
		}
	}
	return b
}

// kindFor names a failure from its status code and the service's message.
func kindFor(code int, info string) ErrorKind {
	switch {
	case code == http.StatusUnauthorized:
		return ErrCredentials
	case code == http.StatusForbidden:
		return ErrForbidden
	case code == http.StatusNotFound:
		return ErrNotFound
	case code == http.StatusUnprocessableEntity:
		lower := strings.ToLower(info)
		if strings.Contains(lower, "access token") {
			if strings.Contains(lower, "expired") {
				return ErrTokenExpired
			}
			return ErrCredentials
		}
		return ErrValidation
	case code == http.StatusTooManyRequests:
		return ErrRateLimited
	case code >= 400 && code < 500:
		return ErrValidation
	}
	return ErrServer
}

// excerpt is a short, printable extract of a body that is not JSON: tags,
// scripts and styles stripped, entities decoded, white space collapsed, at
// most maxExcerpt characters, without the secrets.
func excerpt(body []byte, secrets ...string) string {
	if len(body) > 64<<10 {
		body = body[:64<<10]
	}
	return safeText(stripTags(string(body)), maxExcerpt, secrets)
}

// safeText is cleanText without the secrets. They are removed before the
// cleaning and again after it, before the cut: decoding entities, dropping
// broken bytes and collapsing white space can rebuild a secret that the
// answer held only encoded or split.
// A secret is also removed in its cleaned form (white space collapsed).
func safeText(s string, n int, secrets []string) string {
	s = cleanText(string(scrubBytes([]byte(s), secrets)), math.MaxInt)
	for _, sec := range secrets {
		if c := cleanText(sec, math.MaxInt); c != sec {
			secrets = append(secrets[:len(secrets):len(secrets)], c)
		}
	}
	return cleanText(string(scrubBytes([]byte(s), secrets)), n)
}

// stripTags removes HTML tags, with the content of script and style elements.
func stripTags(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		open := strings.IndexByte(s, '<')
		if open < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:open])
		b.WriteByte(' ')
		s = s[open:]
		end := strings.IndexByte(s, '>')
		if end < 0 {
			break
		}
		tag := strings.ToLower(s[1:end])
		s = s[end+1:]
		for _, skip := range [...]string{"script", "style"} {
			if strings.HasPrefix(tag, skip) {
				if close := strings.Index(strings.ToLower(s), "</"+skip); close >= 0 {
					s = s[close:]
				} else {
					s = ""
				}
			}
		}
	}
	return html.UnescapeString(b.String())
}

// cleanText makes service text safe to show: valid UTF-8, no control
// characters (no terminal escapes), white space collapsed, at most n characters.
func cleanText(s string, n int) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	out := b.String()
	if utf8.RuneCountInString(out) <= n {
		return out
	}
	runes := []rune(out)
	return strings.TrimSpace(string(runes[:n-1])) + "…"
}
