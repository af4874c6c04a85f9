package preview

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/components/richtext"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// Names are an item's fields as the embedding view shows them.
type Names struct {
	Priority, Status, Owner, Iteration string
	Custom                             []Custom // the workspace's own fields (custom.go)
}

// Namer names the fields of an item shown in the pane.
type Namer func(api.Item) Names

// Lay lays the pane beside the view drawn (w cells wide, in an area
// outerW by outerH) or under it. sel is the item selected (ok false:
// none), as the view lists it.
func (p *Model) Lay(view string, w, outerW, outerH int, sel api.Item, ok bool, name Namer) string {
	if !Beside(outerW) {
		return view + "\n" + p.View(outerW, Height(outerH), sel, ok, name)
	}
	pane := strings.Split(p.View(SideW, outerH, sel, ok, name), "\n")
	rows := strings.Split(view, "\n")
	var b strings.Builder
	for y := range outerH {
		if y > 0 {
			b.WriteByte('\n')
		}
		row := ""
		if y < len(rows) {
			row = rows[y]
		}
		b.WriteString(row)
		b.WriteString(strings.Repeat(" ", max(w-ansi.StringWidth(row)+1, 0)))
		if y < len(pane) {
			b.WriteString(pane[y])
		}
	}
	return b.String()
}

// View draws the pane, w by h cells, for the item selected.
func (p *Model) View(w, h int, it api.Item, ok bool, name Namer) string {
	s := p.ctx.Styles
	var (
		whole engine.Whole
		full  bool
		err   error
	)
	if ok {
		if whole, full, err = p.read.Whole(it.Kind, it.ID); full {
			it = engine.Merge(whole.Item, it) // the view's edits over the whole item
		}
	}
	inner := max(w-4, 10)
	var lines []string
	add := func(text string) {
		lines = append(lines, strings.Split(ansi.Wordwrap(text, inner, ""), "\n")...)
	}
	switch {
	case !ok:
		lines = append(lines, s.Subtle.Render(i18n.T("nothing selected")))
	default:
		add(s.Title.Render("#" + it.ShortID() + " " + common.Sanitize(it.Title)))
		lines = append(lines, "")
		n := name(it)
		cells := labelWidth(n.Custom)
		label := func(text string) string { return s.Subtle.Render(common.Fit(text, cells) + " ") }
		field := func(name, value string) {
			if value != "" {
				add(label(i18n.T(name)) + common.Sanitize(value))
			}
		}
		field("Priority", n.Priority)
		field("Status", n.Status)
		field("Owner", n.Owner)
		field("Iteration", n.Iteration)
		customLines(s, n.Custom, cells, add)
		switch {
		case it.Created != "" && it.Modified != "":
			add(label(i18n.T("Created")) + common.Sanitize(p.ctx.ShownTime(it.Created)) + s.Subtle.Render(i18n.T(" · modified ")) + common.Sanitize(p.ctx.ShownTime(it.Modified)))
		case it.Created != "":
			field("Created", p.ctx.ShownTime(it.Created))
		default:
			field("Modified", p.ctx.ShownTime(it.Modified))
		}
		p.changeLines(it, add)
		lines = append(lines, "")
		switch {
		case err != nil:
			add(s.Error.Render(i18n.Tf("could not read the item: %s", err.Error())))
		case !full:
			lines = append(lines, s.Subtle.Render(i18n.T("reading the description…")))
		case strings.TrimSpace(it.Description) == "":
			lines = append(lines, s.Subtle.Render(i18n.T("no description")))
		default:
			for _, l := range richtext.Render(it.Description, richtext.Options{Hyperlinks: true, Base: p.ctx.WebURL}) {
				add(l)
			}
		}
		if full {
			p.fileLines(add)
			p.commentLines(whole.Comments, whole.Note, add)
		}
	}
	lines = p.window(lines, max(h-2, 1), func(text string) string { return s.Subtle.Render(text) })
	return s.Dialog.Width(w).Height(h).MaxHeight(h).Render(strings.Join(lines, "\n"))
}
