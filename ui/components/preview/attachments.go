package preview

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// The pane lists the item's attachments under its description: name, size
// (once known: TAPD's list has none, a save learns it), who attached it and
// when. One of them is chosen (▸); the embedding view's keys choose the
// next, open it in the browser or save it. The engine reads the list once
// per item, again only when the item changes, and asks a file's download
// address only when it is opened or saved.

// FileReader is what the pane asks the engine of attachments; a Reader
// without it shows none.
type FileReader interface {
	Attachments(kind api.Kind, id string) (engine.Attachments, bool)
	ReadAttachments(kind api.Kind, id string) tea.Cmd
	OpenAttachment(a api.Attachment) tea.Cmd
	SaveAttachment(a api.Attachment) tea.Cmd
}

// files is the pane's reader of attachments, when its reader has them.
func (p *Model) files() (FileReader, bool) {
	f, ok := p.read.(FileReader)
	return f, ok
}

// readFiles has the engine read an item's files unless it holds them as
// the item is now.
func (p *Model) readFiles(key Key) tea.Cmd {
	f, ok := p.files()
	if !ok || key == (Key{}) {
		return nil
	}
	return f.ReadAttachments(key.Kind, key.ID)
}

// shownFiles are the files of the item the pane shows, as last read.
func (p *Model) shownFiles() (engine.Attachments, bool) {
	f, ok := p.files()
	if !ok || !p.open || p.at == (Key{}) {
		return engine.Attachments{}, false
	}
	return f.Attachments(p.at.Kind, p.at.ID)
}

// chosenFile is the index of the file chosen on the item shown.
func (p *Model) chosenFile(n int) int {
	if p.fileOf != p.at || n == 0 {
		return 0
	}
	return p.file % n
}

// NextFile chooses the item's next attachment, the first after the last.
func (p *Model) NextFile() tea.Cmd {
	a, ok := p.shownFiles()
	if !ok || len(a.List) == 0 {
		return p.noFile()
	}
	p.file, p.fileOf = (p.chosenFile(len(a.List))+1)%len(a.List), p.at
	return nil
}

// OpenFile opens the chosen attachment in the browser.
func (p *Model) OpenFile() tea.Cmd {
	a, ok := p.shownFiles()
	if !ok || len(a.List) == 0 {
		return p.noFile()
	}
	f, _ := p.files()
	return f.OpenAttachment(a.List[p.chosenFile(len(a.List))])
}

// SaveFile saves the chosen attachment in the download directory.
func (p *Model) SaveFile() tea.Cmd {
	a, ok := p.shownFiles()
	if !ok || len(a.List) == 0 {
		return p.noFile()
	}
	f, _ := p.files()
	return f.SaveAttachment(a.List[p.chosenFile(len(a.List))])
}

// noFile says why an attachment key did nothing.
func (p *Model) noFile() tea.Cmd {
	text := i18n.T("this item has no attachments")
	switch a, ok := p.shownFiles(); {
	case !p.open:
		text = i18n.T("open the preview (P) to see the item's attachments")
	case !ok || a.Reading:
		text = i18n.T("the attachments are still being read; try again in a moment")
	case a.Err != nil:
		text = i18n.Tf("the attachments could not be read: %s", a.Err.Error())
	}
	return common.Cmd(common.StatusMsg{Text: text})
}

// fileLines are the lines of the attachments in the pane; add wraps one.
func (p *Model) fileLines(add func(string)) {
	a, ok := p.shownFiles()
	s := p.ctx.Styles
	switch {
	case !ok || a.Reading:
		if _, has := p.files(); has {
			add("")
			add(s.Subtle.Render(i18n.T("reading the attachments…")))
		}
		return
	case a.Err != nil:
		add("")
		add(s.Error.Render(i18n.Tf("could not read the attachments: %s", a.Err.Error())))
		return
	case len(a.List) == 0:
		return
	}
	add("")
	head := i18n.Tf("Attachments (%d)", len(a.List))
	if p.FileKeys != "" {
		head += " · " + p.FileKeys
	}
	add(s.Subtle.Render(head))
	chosen := p.chosenFile(len(a.List))
	for i, f := range a.List {
		mark := "  "
		if i == chosen {
			mark = "▸ "
		}
		about := f.ContentType
		if n, ok := a.Sizes[f.ID]; ok {
			about = api.HumanSize(n)
		}
		add(mark + s.Label.Render(common.Sanitize(f.Filename)) + s.Subtle.Render(" · "+common.Sanitize(about)+" · "+
			common.Sanitize(f.Owner)+" · "+common.Sanitize(p.ctx.ShownTime(f.Created))))
	}
}
