package api

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Message is a text a person reads, kept as its English format and its
// values, so that ui draws it in the user's language: api, auth and store
// do not import ui, so their errors carry Messages and the one place in ui
// that draws an error translates the format (ui/i18n) and formats the
// values. Values that are Messages or errors are drawn in the same
// language; other values (names, numbers, the service's own words) are
// drawn as they are.
type Message struct {
	Format string
	Args   []any
}

// Say is the Message of format and its values.
func Say(format string, args ...any) Message { return Message{Format: format, Args: args} }

// Translator is a format in the user's language (i18n.T); nil keeps the
// English format.
type Translator func(format string) string

// String is the English text.
func (m Message) String() string { return m.In(nil) }

// In is the text in tr's language.
func (m Message) In(tr Translator) string {
	format := m.Format
	if tr != nil {
		format = tr(format)
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		args[i] = valueIn(a, tr)
	}
	return fmt.Sprintf(wrapVerb.ReplaceAllStringFunc(format, printVerb), args...)
}

// valueIn is a value as it is drawn in tr's language.
func valueIn(v any, tr Translator) any {
	switch v := v.(type) {
	case Message:
		return v.In(tr)
	case error:
		return ErrorIn(v, tr)
	case Kind:
		return word(v.String(), tr)
	case kinds:
		return word(Kind(v).Path(), tr)
	}
	return v
}

// word is one of the app's own words in tr's language.
func word(w string, tr Translator) string {
	if tr == nil {
		return w
	}
	return tr(w)
}

// kinds is a Kind drawn as the plural of its items (stories, bugs, tasks),
// as a value of a Message.
type kinds Kind

func (k kinds) String() string { return Kind(k).Path() }

// wrapVerb finds Errorf's %w (with an explicit index, %[2]w) and, so that
// they are kept, escaped percents.
var wrapVerb = regexp.MustCompile(`%%|%(\[\d+\])?w`)

// printVerb turns a %w into the %v Sprintf takes.
func printVerb(verb string) string {
	if verb == "%%" {
		return verb
	}
	return verb[:len(verb)-1] + "v"
}

// Worded is an error that can draw its text in another language.
type Worded interface {
	error
	TextIn(tr Translator) string
}

// Errorf is fmt.Errorf whose text ui can draw in the user's language: its
// English text is fmt.Errorf's, and it wraps its %w values as fmt.Errorf
// does.
func Errorf(format string, args ...any) error {
	words, err := Say(format, args...), fmt.Errorf(format, args...)
	if _, many := err.(interface{ Unwrap() []error }); many {
		return &wordedErrors{wordedError{words: words, err: err}}
	}
	return &wordedError{words: words, err: err}
}

// wordedError is an error of Errorf that wraps one error, or none.
type wordedError struct {
	words Message
	err   error
}

func (e *wordedError) Error() string               { return e.err.Error() }
func (e *wordedError) Unwrap() error               { return errors.Unwrap(e.err) }
func (e *wordedError) TextIn(tr Translator) string { return e.words.In(tr) }

// wordedErrors is an error of Errorf that wraps several (%w twice).
type wordedErrors struct{ wordedError }

func (e *wordedErrors) Unwrap() []error {
	return e.err.(interface{ Unwrap() []error }).Unwrap()
}

// ErrorIn is err's text in tr's language. An error that is not Worded
// (fmt.Errorf around an error of api) keeps its own words, and the text of
// the first Worded error it wraps is drawn in tr's language inside it.
func ErrorIn(err error, tr Translator) string {
	if err == nil {
		return ""
	}
	if w, ok := err.(Worded); ok {
		return w.TextIn(tr)
	}
	text := err.Error()
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		return joinedIn(text, joined.Unwrap(), tr)
	}
	inner := errors.Unwrap(err)
	if inner == nil {
		return text
	}
	english := inner.Error()
	i := strings.LastIndex(text, english)
	if english == "" || i < 0 {
		return text
	}
	return text[:i] + ErrorIn(inner, tr) + text[i+len(english):]
}

// joinedIn is the text of errors.Join(errs...) in tr's language, or text
// when it is another error that wraps several.
func joinedIn(text string, errs []error, tr Translator) string {
	english := make([]string, 0, len(errs))
	in := make([]string, 0, len(errs))
	for _, err := range errs {
		if err != nil {
			english = append(english, err.Error())
			in = append(in, ErrorIn(err, tr))
		}
	}
	if strings.Join(english, "\n") != text {
		return text
	}
	return strings.Join(in, "\n")
}
