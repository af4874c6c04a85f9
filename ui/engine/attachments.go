package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// Attachments of an item for the preview: read once per item and kept
// until the item changes (its modified time moves); a file is asked its
// download address (valid 300 s) only when it is opened or saved. The
// address is a credential while it lasts: it goes to the browser, never to
// the status line or the log.

// Attachments are an item's files as last read.
type Attachments struct {
	List    []api.Attachment
	Err     error // why the last read failed
	Reading bool  // the list is being read
	// Sizes are the files' sizes learned by saving them, by attachment id:
	// TAPD's list has none.
	Sizes map[string]int64
	// modified is the item's modified time when the list was read.
	modified string
}

// attachmentService is a service that lists and serves attachments (*api.Client).
type attachmentService interface {
	Attachments(ctx context.Context, workspaceID int64, kind api.Kind, itemID string) ([]api.Attachment, error)
	DownloadAddress(ctx context.Context, workspaceID int64, id string) (string, error)
	Download(ctx context.Context, address string, w io.Writer, size func(int64)) (int64, error)
}

// attachmentsMsg carries an item's attachments, or why they could not be read.
type attachmentsMsg struct {
	key      editKey
	modified string
	list     []api.Attachment
	err      error
}

// savedMsg says a file was saved, and its size.
type savedMsg struct {
	key  editKey
	id   string
	size int64
	text string
}

// modifiedOf is an item's modified time as the engine holds it ("": not held).
func (g *Engine) modifiedOf(kind api.Kind, id string) string {
	if s := g.sets[kind]; s != nil {
		if i, ok := s.Find(id); ok {
			return s.List[i].Modified
		}
	}
	return ""
}

// Attachments are an item's files as last read: ok is false when they were
// not read since the item last changed.
func (g *Engine) Attachments(kind api.Kind, id string) (Attachments, bool) {
	if IsLocalID(id) {
		return Attachments{}, true // not created yet: no file can be attached to it
	}
	a, ok := g.attached[editKey{kind, id}]
	return a, ok && a.modified == g.modifiedOf(kind, id)
}

// ReadAttachments reads an item's files (GET /attachments) unless they were
// read since the item last changed; a service without attachments has none.
func (g *Engine) ReadAttachments(kind api.Kind, id string) tea.Cmd {
	if _, ok := g.Attachments(kind, id); ok {
		return nil
	}
	svc, ok := g.ctx.Service.(attachmentService)
	key, modified := editKey{kind, id}, g.modifiedOf(kind, id)
	if !ok {
		g.keepAttachments(attachmentsMsg{key: key, modified: modified})
		return nil
	}
	if g.attached == nil {
		g.attached = make(map[editKey]Attachments)
	}
	g.attached[key] = Attachments{Reading: true, Sizes: g.attached[key].Sizes, modified: modified} // asked once, whatever the answer
	task := i18n.Tf("reading the attachments of #%s", api.ShortID(id))
	ws, base := g.ws, g.request(task)
	return g.ctx.Tasks.Run(task, func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 30*time.Second)
		defer cancel()
		list, err := svc.Attachments(ctx, ws, kind, id)
		return attachmentsMsg{key: key, modified: modified, list: list, err: err}
	})
}

// keepAttachments keeps an item's files as read.
func (g *Engine) keepAttachments(msg attachmentsMsg) tea.Cmd {
	if g.attached == nil {
		g.attached = make(map[editKey]Attachments)
	}
	g.attached[msg.key] = Attachments{List: msg.list, Err: msg.err, Sizes: g.attached[msg.key].Sizes, modified: msg.modified}
	return nil
}

// onSaved keeps a saved file's size and says where it went.
func (g *Engine) onSaved(msg savedMsg) tea.Cmd {
	if a, ok := g.attached[msg.key]; ok {
		if a.Sizes == nil {
			a.Sizes = make(map[string]int64)
		}
		a.Sizes[msg.id] = msg.size
		g.attached[msg.key] = a
	}
	return tell(msg.text)
}

// OpenAttachment asks for a file's download address and opens it in the
// browser (through the one launcher, common.Context.OpenURL).
func (g *Engine) OpenAttachment(a api.Attachment) tea.Cmd {
	svc, ok := g.ctx.Service.(attachmentService)
	openURL := g.ctx.OpenURL
	switch {
	case !ok:
		return note("this service does not serve attachments")
	case openURL == nil:
		return note("no browser to open %s; press W to save it instead", a.Filename)
	}
	task := i18n.Tf("opening %s", a.Filename)
	ws, base := g.ws, g.request(task)
	return g.ctx.Tasks.Run(task, func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 30*time.Second)
		defer cancel()
		address, err := svc.DownloadAddress(ctx, ws, a.ID)
		if err != nil {
			return common.StatusMsg{Err: fmt.Errorf(i18n.T("could not open %s: %w"), a.Filename, err)}
		}
		if err := openURL(address); err != nil {
			return common.StatusMsg{Err: fmt.Errorf(i18n.T("could not open %s in the browser (%w); press W to save it instead"), a.Filename, err)}
		}
		return common.StatusMsg{Text: i18n.Tf("opened %s in the browser (its download address is valid for 300 s)", a.Filename)}
	})
}

// SaveAttachment asks for a file's download address and saves the file in
// the download directory (store.DownloadDir), under a name no other file
// there has.
func (g *Engine) SaveAttachment(a api.Attachment) tea.Cmd {
	svc, ok := g.ctx.Service.(attachmentService)
	if !ok {
		return note("this service does not serve attachments")
	}
	dir, err := store.DownloadDir(os.Getenv)
	if err != nil {
		return common.Cmd(common.StatusMsg{Err: err})
	}
	key := editKey{a.Kind, a.EntryID}
	task := i18n.Tf("saving %s", a.Filename)
	ws, base := g.ws, g.request(task)
	return g.ctx.Tasks.Run(task, func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 5*time.Minute)
		defer cancel()
		address, err := svc.DownloadAddress(ctx, ws, a.ID)
		if err != nil {
			return common.StatusMsg{Err: fmt.Errorf(i18n.T("could not save %s: %w"), a.Filename, err)}
		}
		path, n, err := store.SaveDownload(dir, a.Filename, store.SaveBeside, func(w io.Writer) (int64, error) {
			return svc.Download(ctx, address, w, nil)
		})
		if err != nil {
			return common.StatusMsg{Err: fmt.Errorf(i18n.T("could not save %s: %w"), a.Filename, err)}
		}
		return savedMsg{key: key, id: a.ID, size: n, text: i18n.Tf("saved %s (%s) to %s", a.Filename, api.HumanSize(n), path)}
	})
}
