package common

import (
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TextField is a one-line text field: typing, pasting, moving and deleting,
// with an optional mask for secrets. Its cursor does not blink, so a screen is
// the same every time it is drawn. The zero value is usable; Styles nil draws
// plain text.
type TextField struct {
	Styles      *Styles
	Prompt      string
	Placeholder string
	Masked      bool // show • for every character (tokens, passwords)
	Limit       int  // most characters accepted; 0: no limit

	value   []rune
	pos     int
	focused bool
	width   int
}

// NewTextField returns a field drawn with s.
func NewTextField(s *Styles, prompt, placeholder string) TextField {
	return TextField{Styles: s, Prompt: prompt, Placeholder: placeholder}
}

// Value is the text typed so far.
func (f *TextField) Value() string { return string(f.value) }

// SetValue replaces the text and puts the cursor at its end.
func (f *TextField) SetValue(s string) {
	f.value = nil
	f.pos = 0
	f.insert(s)
}

// Reset empties the field.
func (f *TextField) Reset() { f.SetValue("") }

// Focus gives the field the keyboard; Blur takes it away.
func (f *TextField) Focus() { f.focused = true }

// Blur takes the keyboard away from the field.
func (f *TextField) Blur() { f.focused = false }

// Focused reports whether the field has the keyboard.
func (f *TextField) Focused() bool { return f.focused }

// SetWidth sets how many cells the text may take (prompt excluded); 0: no limit.
func (f *TextField) SetWidth(w int) { f.width = max(w, 0) }

// Update applies a key press or a paste when the field has the focus, and
// reports whether the text changed. Keys it does not use are left alone.
func (f *TextField) Update(msg tea.Msg) (changed bool) {
	if !f.focused {
		return false
	}
	before := string(f.value)
	switch msg := msg.(type) {
	case tea.PasteMsg:
		f.insert(msg.Content)
	case tea.KeyPressMsg:
		f.key(msg)
	}
	return before != string(f.value)
}

func (f *TextField) key(msg tea.KeyPressMsg) {
	switch msg.String() {
	case "backspace", "ctrl+h":
		if f.pos > 0 {
			f.value = append(f.value[:f.pos-1], f.value[f.pos:]...)
			f.pos--
		}
	case "delete", "ctrl+d":
		if f.pos < len(f.value) {
			f.value = append(f.value[:f.pos], f.value[f.pos+1:]...)
		}
	case "left", "ctrl+b":
		f.pos = max(f.pos-1, 0)
	case "right", "ctrl+f":
		f.pos = min(f.pos+1, len(f.value))
	case "home", "ctrl+a":
		f.pos = 0
	case "end", "ctrl+e":
		f.pos = len(f.value)
	case "ctrl+u":
		f.value = f.value[f.pos:]
		f.pos = 0
	case "ctrl+k":
		f.value = f.value[:f.pos]
	case "ctrl+w", "alt+backspace":
		start := f.pos
		for start > 0 && unicode.IsSpace(f.value[start-1]) {
			start--
		}
		for start > 0 && !unicode.IsSpace(f.value[start-1]) {
			start--
		}
		f.value = append(f.value[:start], f.value[f.pos:]...)
		f.pos = start
	default:
		if msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0 {
			f.insert(msg.Text)
		}
	}
}

// insert adds text at the cursor, dropping line breaks and control characters.
func (f *TextField) insert(s string) {
	var add []rune
	for _, r := range s {
		if unicode.IsControl(r) {
			continue
		}
		if f.Limit > 0 && len(f.value)+len(add) >= f.Limit {
			break
		}
		add = append(add, r)
	}
	rest := append(add, f.value[f.pos:]...)
	f.value = append(f.value[:f.pos], rest...)
	f.pos += len(add)
}

// View draws the prompt, the text (masked if asked) scrolled so the cursor is
// visible, and the cursor when focused.
func (f *TextField) View() string {
	s := f.Styles
	if s == nil {
		s = NewStyles(true, true)
	}
	prompt := s.Subtle.Render(f.Prompt)
	if f.focused {
		prompt = s.Accent.Render(f.Prompt)
	}
	if len(f.value) == 0 && f.Placeholder != "" {
		ph := f.Placeholder
		if f.width > 0 {
			ph = ansi.Truncate(ph, f.width, "…")
		}
		if f.focused {
			first, rest := splitFirst(ph)
			return prompt + s.Subtle.Reverse(true).Render(first) + s.Subtle.Render(rest)
		}
		return prompt + s.Subtle.Render(ph)
	}
	shown := make([]string, len(f.value))
	for i, r := range f.value {
		if f.Masked {
			shown[i] = "•"
		} else {
			shown[i] = string(r)
		}
	}
	from, to := f.window(shown)
	var b strings.Builder
	for i := from; i < to; i++ {
		if f.focused && i == f.pos {
			b.WriteString(s.Text.Reverse(true).Render(shown[i]))
			continue
		}
		b.WriteString(s.Text.Render(shown[i]))
	}
	if f.focused && f.pos == len(f.value) {
		b.WriteString(s.Text.Reverse(true).Render(" "))
	}
	return prompt + b.String()
}

// window picks the characters to show so that the cursor stays in view: as
// many before the cursor as fit, then as many after it.
func (f *TextField) window(shown []string) (from, to int) {
	if f.width <= 0 {
		return 0, len(shown)
	}
	used := 1 // the cursor cell after the text
	to = f.pos
	if f.pos < len(shown) {
		used = ansi.StringWidth(shown[f.pos])
		to = f.pos + 1
	}
	from = f.pos
	for from > 0 && used+ansi.StringWidth(shown[from-1]) <= f.width {
		from--
		used += ansi.StringWidth(shown[from])
	}
	for to < len(shown) && used+ansi.StringWidth(shown[to]) <= f.width {
		used += ansi.StringWidth(shown[to])
		to++
	}
	return from, to
}

func splitFirst(s string) (string, string) {
	for i := range s {
		if i > 0 {
			return s[:i], s[i:]
		}
	}
	return s, ""
}
