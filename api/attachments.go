package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Attachments of items: TAPD's list (attachment/get_attachments), the
// download address of one (attachment/get_one_attachment, valid 300 s) and
// the file behind that address. The list carries no size: a file's size
// is known once it is downloaded (its Content-Length).

// Attachment is a file attached to an item.
type Attachment struct {
	ID          string `json:"id"`
	Kind        Kind   `json:"-"`
	EntryID     string `json:"entry_id"`
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Created     string `json:"created"`
	Owner       string `json:"owner"`
	WorkspaceID string `json:"workspace_id"`
}

// attachmentRecord is an attachment as the service writes it.
type attachmentRecord struct {
	ID          FlexString `json:"id"`
	EntryID     FlexString `json:"entry_id"`
	Filename    FlexString `json:"filename"`
	ContentType FlexString `json:"content_type"`
	Created     FlexString `json:"created"`
	Owner       FlexString `json:"owner"`
	WorkspaceID FlexString `json:"workspace_id"`
	DownloadURL FlexString `json:"download_url"`
}

func (r attachmentRecord) attachment(k Kind) Attachment {
	return Attachment{ID: string(r.ID), Kind: k, EntryID: string(r.EntryID), Filename: string(r.Filename),
		ContentType: string(r.ContentType), Created: string(r.Created), Owner: trimNick(string(r.Owner)), WorkspaceID: string(r.WorkspaceID)}
}

// Attachments reads the files attached to an item (GET /attachments),
// oldest first, every page of them.
func (c *Client) Attachments(ctx context.Context, workspaceID int64, kind Kind, itemID string) ([]Attachment, error) {
	op := Say("read the attachments of %s %s", kind, itemID)
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return nil, err
	}
	var out []Attachment
	for page := 1; page <= maxPages; page++ {
		q := workspaceQuery(workspaceID)
		q.Set("type", kind.String())
		q.Set("entry_id", itemID)
		q.Set("limit", strconv.Itoa(PageSize))
		q.Set("order", "created asc")
		q.Set("page", strconv.Itoa(page))
		env, err := c.get(ctx, op, "/attachments", q)
		if err != nil {
			return nil, err
		}
		if isEmptyList(env.Data) {
			break
		}
		var raw []map[string]attachmentRecord
		if err := env.DecodeData(&raw); err != nil {
			return nil, shapeError(op, env.Data, `a list of {"Attachment":{...}}`, err)
		}
		for _, w := range raw {
			if r, ok := w["Attachment"]; ok {
				out = append(out, r.attachment(kind))
			}
		}
		if len(raw) < PageSize {
			break
		}
	}
	return out, nil
}

// DownloadAddress asks the service for the address of an attachment's file
// (GET /attachments/down). The address is valid for 300 s and opens the
// file without other credentials: it is one, so it is never logged.
func (c *Client) DownloadAddress(ctx context.Context, workspaceID int64, id string) (string, error) {
	op := Say("ask for the download address of attachment %s", id)
	if workspaceID <= 0 || strings.TrimSpace(id) == "" {
		return "", invalid(op, Say("an attachment needs a workspace and an id"))
	}
	q := workspaceQuery(workspaceID)
	q.Set("id", id)
	env, err := c.get(ctx, op, "/attachments/down", q)
	if err != nil {
		return "", err
	}
	var wrapped struct {
		Attachment attachmentRecord `json:"Attachment"`
	}
	if err := env.DecodeData(&wrapped); err != nil || wrapped.Attachment.DownloadURL == "" {
		return "", shapeError(op, env.Data, `{"Attachment":{...}} with a download_url`, err)
	}
	u, err := url.Parse(string(wrapped.Attachment.DownloadURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", shapeError(op, nil, "a download_url of http or https", Errorf("the service gave a download address that is not a web address"))
	}
	return u.String(), nil
}

// Download writes the file at a download address (DownloadAddress) to w and
// returns how many bytes it wrote; size is told the file's length when the
// answer gives it (-1 otherwise) before the body is read. The address is
// the only credential sent: the account's own never goes to the file host.
// The file is not an API call, so it takes no slot of the rate budget.
func (c *Client) Download(ctx context.Context, address string, w io.Writer, size func(int64)) (int64, error) {
	op := Say("download the attachment")
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, address, nil)
	if err != nil {
		return 0, invalid(op, Say("the download address is not valid"))
	}
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the address is a credential: not in the error
		}
		if ctx.Err() != nil {
			return 0, contextError(op, ctx.Err())
		}
		return 0, &Error{Kind: ErrNetwork, Op: op.String(), opWords: op, Err: err}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		_, e := classify(resp.StatusCode, resp.Header, body, c.now(), nil)
		if e == nil {
			e = &Error{Kind: kindFor(resp.StatusCode, ""), HTTPStatus: resp.StatusCode}
		}
		e.Op, e.opWords = op.String(), op
		if resp.StatusCode == http.StatusForbidden {
			e.Info = "the download address has expired or is not valid; ask for the attachment again"
		}
		return 0, e
	}
	if size != nil {
		size(resp.ContentLength)
	}
	n, err := io.Copy(w, resp.Body)
	if err != nil {
		return n, Errorf("%s: the file stopped after %d bytes: %w", op, n, err)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return n, Errorf("%s: the file stopped after %d of %d bytes; try again", op, n, resp.ContentLength)
	}
	return n, nil
}

// HumanSize is a file's size as people read it: 812 B, 2.1 KiB, 3.4 MiB.
func HumanSize(n int64) string {
	const unit = 1024
	if n < unit {
		return strconv.FormatInt(n, 10) + " B"
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}
