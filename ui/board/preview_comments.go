package board

import (
	"context"

	"triage/api"
	"triage/ui/common"
	"triage/ui/richtext"
)

// The preview pane shows an item's comments under its description, oldest
// first, each with its author and time, HTML turned into text. A service
// that cannot list comments shows none.

// commentReader is a service that lists an item's comments (*api.Client).
type commentReader interface {
	Comments(ctx context.Context, workspaceID int64, kind api.Kind, itemID string) ([]api.Comment, error)
}

// readComments reads an item's comments for the pane; a service without
// comments, or a failed read, gives none and says so.
func readComments(ctx context.Context, svc any, ws int64, kind api.Kind, id string) ([]api.Comment, string) {
	cr, ok := svc.(commentReader)
	if !ok {
		return nil, ""
	}
	list, err := cr.Comments(ctx, ws, kind, id)
	if err != nil {
		return nil, "could not read the comments: " + err.Error()
	}
	return list, ""
}

// commentLines are the lines of the comments in the pane; add wraps one.
func (m *Model) commentLines(list []api.Comment, note string, add func(string)) {
	s := m.ctx.Styles
	if note != "" {
		add(s.Subtle.Render(note))
		return
	}
	if len(list) == 0 {
		return
	}
	add("")
	add(s.Subtle.Render("Comments"))
	for _, c := range list {
		add(s.Label.Render(common.Sanitize(c.Author)) + s.Subtle.Render(" · "+common.Sanitize(m.ctx.ShownTime(c.Created))))
		for _, l := range richtext.PlainText(c.Description) {
			add("  " + l)
		}
	}
}
