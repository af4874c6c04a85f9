package api

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Envelope is the frame of every response: status 1 and info "success" on
// success; any other status is a failure whatever the HTTP code.
type Envelope struct {
	Status int             `json:"status"`
	Data   json.RawMessage `json:"data"`
	Info   string          `json:"info"`
	Meta   *Meta           `json:"meta,omitempty"`
}

// Meta carries the request id of error envelopes.
type Meta struct {
	RequestID string `json:"request_id"`
}

// StatusOK is the envelope status of a successful call.
const StatusOK = 1

// InfoSuccess is the envelope info of a successful call.
const InfoSuccess = "success"

// Messages the service puts in the info of error envelopes (CONTRACT.md).
const (
	InfoUnauthorized       = "401 Unauthorized"
	InfoTokenInvalid       = "The access token provided is invalid"
	InfoTokenExpired       = "The access token provided has expired"
	InfoCodeInvalid        = "Authorization code doesn't exist or is invalid for the client"
	InfoCodeExpired        = "The authorization code has expired"
	InfoRedirectMismatch   = "The redirect URI is missing or do not match"
	InfoUnsupportedGrant   = "The grant type is unsupported"
	BasicRealm             = "Basic realm='TAPD API'"
	HeaderRetryAfter       = "Retry-After"
	HeaderWWWAuthenticate  = "WWW-Authenticate"
	ContentTypeForm        = "application/x-www-form-urlencoded"
	ContentTypeJSON        = "application/json"
	ContentTypeJSONCharset = "application/json; charset=utf-8"
)

// Success wraps data in a success envelope.
func Success(data any) Envelope {
	raw, err := json.Marshal(data)
	if err != nil {
		raw = []byte(`""`)
	}
	return Envelope{Status: StatusOK, Data: raw, Info: InfoSuccess}
}

// Failure builds an error envelope: status repeats the HTTP code, data is "".
func Failure(httpStatus int, info, requestID string) Envelope {
	return Envelope{Status: httpStatus, Data: json.RawMessage(`""`), Info: info, Meta: &Meta{RequestID: requestID}}
}

// DecodeEnvelope parses a response body. It fails when the body is not a JSON
// object with a status; it does not judge the status (see Envelope.OK).
// It reads the body in one pass (see readEnvelope); a body the one pass does
// not take is decoded by encoding/json, which names what is wrong.
func DecodeEnvelope(body []byte) (Envelope, error) {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return Envelope{}, fmt.Errorf("response is not a JSON object")
	}
	if env, ok := readEnvelope(trimmed); ok {
		return env, nil
	}
	return decodeEnvelopeSlowly(trimmed)
}

// decodeEnvelopeSlowly is DecodeEnvelope by encoding/json.
func decodeEnvelopeSlowly(trimmed []byte) (Envelope, error) {
	var raw struct {
		Status *FlexInt        `json:"status"`
		Data   json.RawMessage `json:"data"`
		Info   FlexString      `json:"info"`
		Meta   json.RawMessage `json:"meta"`
	}
	if err := json.Unmarshal(trimmed, &raw); err != nil {
		return Envelope{}, fmt.Errorf("response is not valid JSON: %w", err)
	}
	if raw.Status == nil {
		return Envelope{}, fmt.Errorf("response has no status")
	}
	return Envelope{Status: int(*raw.Status), Data: raw.Data, Info: string(raw.Info), Meta: metaOf(raw.Meta)}, nil
}

// metaOf reads the request id of an envelope's meta, when it is an object.
func metaOf(raw json.RawMessage) *Meta {
	if len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	var m struct {
		RequestID FlexString `json:"request_id"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return &Meta{RequestID: string(m.RequestID)}
}

// OK reports whether the envelope is a success.
func (e Envelope) OK() bool { return e.Status == StatusOK }

// RequestID returns the request id of the envelope, or "".
func (e Envelope) RequestID() string {
	if e.Meta == nil {
		return ""
	}
	return e.Meta.RequestID
}

// DecodeData decodes the payload into v, refusing a payload of another shape
// (the service answers unknown paths with status 1 and a greeting string).
func (e Envelope) DecodeData(v any) error {
	data := bytes.TrimSpace(e.Data)
	if len(data) == 0 {
		return fmt.Errorf("response has no data")
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("unexpected data (%s): %w", describeJSON(data), err)
	}
	return nil
}
