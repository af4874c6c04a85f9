// Package compose is the comment composer: a box where a comment is
// written over several lines (enter starts a new one, backspace deletes),
// sent with ctrl+s and dropped with esc. Text is typed at the end. What a
// comment is on, and what sending does, is the embedding view's.
package compose

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/components/richtext"
)

// Outcome is what a key did to the composer.
type Outcome int

const (
	Writing Outcome = iota // the text changed, or nothing did
	Send                   // ctrl+s: send the text (HTML)
	Drop                   // esc: drop it
)

// Model is a comment being written.
type Model struct {
	ctx     *common.Context
	head    string // the box's title
	subject string // what the comment is on, fitted after the title; "": none
	hint    string // the keys, under the text
	text    []rune
}

// New is an empty composer titled head (then subject, fitted), with the
// keys' hint under the text.
func New(ctx *common.Context, head, subject, hint string) *Model {
	return &Model{ctx: ctx, head: head, subject: subject, hint: hint}
}

// Key writes into the comment, or says it is to be sent or dropped.
func (c *Model) Key(msg tea.KeyPressMsg) Outcome {
	switch msg.String() {
	case "ctrl+s":
		return Send
	case "esc":
		return Drop
	case "enter", "shift+enter", "ctrl+j":
		c.text = append(c.text, '\n')
	case "backspace":
		if n := len(c.text); n > 0 {
			c.text = c.text[:n-1]
		}
	case "space":
		c.text = append(c.text, ' ')
	default:
		if msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0 {
			c.text = append(c.text, []rune(common.Sanitize(msg.Text))...)
		}
	}
	return Writing
}

// Paste adds pasted text to the comment.
func (c *Model) Paste(msg tea.PasteMsg) {
	c.text = append(c.text, []rune(strings.ReplaceAll(msg.Content, "\r\n", "\n"))...)
}

// HTML is the comment as TAPD stores it; "" when nothing was written.
func (c *Model) HTML() string { return richtext.ToHTML(string(c.text)) }

// View draws the composer's box for a view width cells wide: the last
// lines that fit, a cursor at the end.
func (c *Model) View(width int) string {
	s := c.ctx.Styles
	w := max(min(width-8, 72), 20)
	var rows []string
	for _, l := range strings.Split(string(c.text)+"▏", "\n") {
		rows = append(rows, wrapRunes(l, w)...)
	}
	if len(rows) > 8 {
		rows = rows[len(rows)-8:]
	}
	for len(rows) < 4 {
		rows = append(rows, "")
	}
	head := c.head
	if c.subject != "" {
		head += " " + common.Fit(c.subject, w-12)
	}
	return s.Dialog.Render(s.Title.Render(head) + "\n\n" + strings.Join(rows, "\n") + "\n\n" + s.Subtle.Render(c.hint))
}

// wrapRunes cuts a line into pieces of at most w cells.
func wrapRunes(line string, w int) []string {
	var out []string
	for ansi.StringWidth(line) > w {
		cut := ansi.Truncate(line, w, "")
		out = append(out, cut)
		line = line[len(cut):]
	}
	return append(out, line)
}
