package statusbar

import "charm.land/bubbles/v2/key"

// The two lines are drawn with lipgloss only when what they show changed:
// a key that moves the cursor on the board leaves both as they were.

// drawn holds the lines last drawn and what they were drawn from.
type drawn struct {
	helpWidth int
	helpKeys  []shownKey
	helpLine  string

	statusText  string
	statusWidth int
	statusErr   bool
	statusLine  string
}

// shownKey is what the help line shows of a binding.
type shownKey struct {
	key, desc string
	enabled   bool
}

// help returns the help line of bindings at width, drawing it with draw
// when the bindings or the width changed.
func (d *drawn) help(width int, bindings []key.Binding, draw func(int, []key.Binding) string) string {
	same := d.helpLine != "" && width == d.helpWidth && len(bindings) == len(d.helpKeys)
	for i := 0; same && i < len(bindings); i++ {
		h := bindings[i].Help()
		same = d.helpKeys[i] == shownKey{key: h.Key, desc: h.Desc, enabled: bindings[i].Enabled()}
	}
	if same {
		return d.helpLine
	}
	d.helpKeys = d.helpKeys[:0]
	for _, b := range bindings {
		d.helpKeys = append(d.helpKeys, shownKey{key: b.Help().Key, desc: b.Help().Desc, enabled: b.Enabled()})
	}
	d.helpWidth, d.helpLine = width, draw(width, bindings)
	return d.helpLine
}

// status returns the status line of text at width, drawing it with draw
// when the text, the width or whether it shows an error changed.
func (d *drawn) status(text string, width int, isErr bool, draw func() string) string {
	if d.statusLine == "" || text != d.statusText || width != d.statusWidth || isErr != d.statusErr {
		d.statusText, d.statusWidth, d.statusErr, d.statusLine = text, width, isErr, draw()
	}
	return d.statusLine
}
