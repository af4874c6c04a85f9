package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// FlexString decodes a JSON string, number, boolean or null into a string, as the
// service sends values of every kind where a string is documented. Null decodes to "".
type FlexString string

// UnmarshalJSON accepts a string, a number, a boolean or null.
func (s *FlexString) UnmarshalJSON(b []byte) error {
	v, err := flexText(b)
	if err != nil {
		return err
	}
	*s = FlexString(v)
	return nil
}

// FlexInt decodes a JSON number, a string of digits, an empty string or null into
// an int64. Empty and null decode to 0. It encodes as a number.
type FlexInt int64

// UnmarshalJSON accepts a number, a string holding a number, "" or null.
func (n *FlexInt) UnmarshalJSON(b []byte) error {
	v, err := flexText(b)
	if err != nil {
		return err
	}
	if v == "" {
		*n = 0
		return nil
	}
	i, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return fmt.Errorf("not an integer: %q", truncate(v, 40))
	}
	*n = FlexInt(i)
	return nil
}

// flexText turns a JSON scalar into its text: strings unquoted, numbers and
// booleans as written, null as "". Objects and arrays are refused.
func flexText(b []byte) (string, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "", fmt.Errorf("empty value")
	}
	switch b[0] {
	case 'n':
		if string(b) == "null" {
			return "", nil
		}
	case '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", err
		}
		return s, nil
	case 't', 'f':
		if string(b) == "true" || string(b) == "false" {
			return string(b), nil
		}
	case '{', '[':
		return "", fmt.Errorf("expected a scalar, got %s", describeJSON(b))
	default:
		var num json.Number
		if err := json.Unmarshal(b, &num); err != nil {
			return "", err
		}
		return num.String(), nil
	}
	return "", fmt.Errorf("invalid value %q", truncate(string(b), 40))
}

// describeJSON names the kind of a JSON value for error messages.
func describeJSON(b []byte) Message {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return Say("nothing")
	}
	switch b[0] {
	case '{':
		return Say("an object")
	case '[':
		return Say("an array")
	case '"':
		return Say("a string")
	case 'n':
		return Say("null")
	case 't', 'f':
		return Say("a boolean")
	default:
		return Say("a number")
	}
}

// truncate shortens s to at most n bytes on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
