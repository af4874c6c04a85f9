package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"triage/api"
)

// maxBodyBytes is the largest request body the service reads: 1 MiB.
const maxBodyBytes = 1 << 20

// params reads the parameters of an API request: the query of a GET, the
// body of a POST (form-encoded or JSON).
func (ex *exchange) params() (url.Values, *httpError) {
	if ex.r.Method != http.MethodPost {
		return parseQuery(ex.r.URL.RawQuery)
	}
	body, herr := readBody(ex.r)
	if herr != nil {
		return nil, herr
	}
	return parseBody(ex.r.Header.Get("Content-Type"), ex.r.Header.Get("Content-Encoding"), body)
}

// readBody reads at most maxBodyBytes of the request body; a longer body is
// refused with 413.
func readBody(r *http.Request) ([]byte, *httpError) {
	tooLarge := fault(http.StatusRequestEntityTooLarge, "request body is larger than 1 MiB")
	if r.ContentLength > maxBodyBytes {
		return nil, tooLarge
	}
	if r.Body == nil {
		return nil, nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
	if err != nil {
		return nil, fault(http.StatusBadRequest, "request body could not be read")
	}
	if len(body) > maxBodyBytes {
		return nil, tooLarge
	}
	return body, nil
}

// parseQuery decodes a query string, refusing malformed escapes and text
// that is not UTF-8.
func parseQuery(raw string) (url.Values, *httpError) {
	v, err := url.ParseQuery(raw)
	if err != nil {
		return nil, fault(http.StatusUnprocessableEntity, "query string is malformed: use key=value pairs joined by & and percent-encoding")
	}
	if herr := checkUTF8(v); herr != nil {
		return nil, herr
	}
	return v, nil
}

// parseBody decodes a POST body of the given content type into parameters:
// application/x-www-form-urlencoded, or application/json holding one object
// whose values are strings, numbers, booleans or null. An empty body without
// a content type has no parameters.
func parseBody(contentType, contentEncoding string, body []byte) (url.Values, *httpError) {
	if enc := strings.TrimSpace(contentEncoding); enc != "" && !strings.EqualFold(enc, "identity") {
		return nil, fault(http.StatusUnsupportedMediaType, "Content-Encoding "+strconv.Quote(clipText(enc, 40))+" is not supported; send the body uncompressed")
	}
	if strings.TrimSpace(contentType) == "" {
		if len(body) == 0 {
			return url.Values{}, nil
		}
		return nil, unsupportedType("none")
	}
	media, opts, err := mime.ParseMediaType(contentType)
	if err != nil {
		return nil, unsupportedType(strconv.Quote(clipText(contentType, 60)))
	}
	if cs, ok := opts["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return nil, fault(http.StatusUnsupportedMediaType, "charset "+strconv.Quote(clipText(cs, 40))+" is not supported; send UTF-8")
	}
	switch media {
	case api.ContentTypeForm:
		return parseForm(body)
	case api.ContentTypeJSON:
		return parseJSONObject(body)
	}
	return nil, unsupportedType(strconv.Quote(clipText(media, 60)))
}

func unsupportedType(got string) *httpError {
	return fault(http.StatusUnsupportedMediaType, "Content-Type "+got+" is not supported; send application/x-www-form-urlencoded or application/json")
}

// parseForm decodes a form-encoded body.
func parseForm(body []byte) (url.Values, *httpError) {
	v, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, fault(http.StatusUnprocessableEntity, "form body is malformed: use key=value pairs joined by & and percent-encoding")
	}
	if herr := checkUTF8(v); herr != nil {
		return nil, herr
	}
	return v, nil
}

// parseJSONObject decodes a JSON object of scalars into parameters: strings
// as they are, numbers as written, booleans as true/false, null as "".
func parseJSONObject(body []byte) (url.Values, *httpError) {
	v := url.Values{}
	if len(bytes.TrimSpace(body)) == 0 {
		return v, nil
	}
	if !utf8.Valid(body) {
		return nil, fault(http.StatusUnprocessableEntity, "JSON body is not valid UTF-8")
	}
	malformed := func(err error) *httpError {
		return fault(http.StatusUnprocessableEntity, "JSON body is malformed: "+clipText(err.Error(), 120))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, malformed(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fault(http.StatusUnprocessableEntity, "JSON body must be an object of parameters")
	}
	for dec.More() {
		keyTok, err := dec.Token()
		if err != nil {
			return nil, malformed(err)
		}
		key, _ := keyTok.(string)
		if _, dup := v[key]; dup {
			return nil, fault(http.StatusUnprocessableEntity, "parameter "+quoteName(key)+" is given twice")
		}
		valTok, err := dec.Token()
		if err != nil {
			return nil, malformed(err)
		}
		switch val := valTok.(type) {
		case string:
			v.Set(key, val)
		case json.Number:
			v.Set(key, val.String())
		case bool:
			v.Set(key, strconv.FormatBool(val))
		case nil:
			v.Set(key, "")
		default:
			return nil, fault(http.StatusUnprocessableEntity, "parameter "+quoteName(key)+" must be a string, number or boolean")
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, malformed(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fault(http.StatusUnprocessableEntity, "JSON body has data after its object")
	}
	return v, nil
}

// checkUTF8 refuses parameter names and values that are not valid UTF-8.
func checkUTF8(v url.Values) *httpError {
	for name, values := range v {
		if !utf8.ValidString(name) {
			return fault(http.StatusUnprocessableEntity, "parameter name "+quoteName(name)+" is not valid UTF-8")
		}
		for _, s := range values {
			if !utf8.ValidString(s) {
				return fault(http.StatusUnprocessableEntity, "parameter "+quoteName(name)+" is not valid UTF-8")
			}
		}
	}
	return nil
}

// quoteName quotes a client-sent name for a message: escaped, and short.
func quoteName(s string) string {
	return strconv.Quote(clipText(s, 60))
}

// required returns the first value of a parameter, or 422 "<name> is required.".
func required(v url.Values, name string) (string, *httpError) {
	s := strings.TrimSpace(v.Get(name))
	if s == "" {
		return "", fault(http.StatusUnprocessableEntity, name+" is required.")
	}
	return s, nil
}

// workspaceID reads the required workspace_id parameter.
func workspaceID(v url.Values) (int64, *httpError) {
	s, herr := required(v, "workspace_id")
	if herr != nil {
		return 0, herr
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, fault(http.StatusUnprocessableEntity, fmt.Sprintf("workspace_id must be a positive integer, got %s", quoteName(s)))
	}
	return id, nil
}
