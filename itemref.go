package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"triage/api"
)

// itemRef is an item as a user names it on the command line: the short id
// shown on cards (12, #12), the full id, or the item's web-app address
// (https://www.tapd.cn/{ws}/prong/stories/view/{id}, bugtrace/bugs/view,
// prong/tasks/view), which also names its workspace and kind.
type itemRef struct {
	text      string
	digits    string     // the id as given: short or full
	workspace int64      // from an address; 0: the command's
	kinds     []api.Kind // the kinds it may be, in the order they are tried
}

// The lengths of ids: a full one is a prefix, the workspace and the short
// one, 9 digits with leading zeros.
const (
	fullIDLen  = 19
	shortIDLen = 9
)

// parseItemRef reads an item's name; kind, when not nil, is the only kind tried.
func parseItemRef(s string, kind *api.Kind) (itemRef, error) {
	r := itemRef{text: s, kinds: []api.Kind{api.Story, api.Bug, api.Task}}
	if kind != nil {
		r.kinds = []api.Kind{*kind}
	}
	s = strings.TrimSpace(s)
	if strings.Contains(s, "://") {
		return parseItemURL(r, s)
	}
	r.digits = strings.TrimPrefix(s, "#")
	if r.digits == "" || strings.Trim(r.digits, "0123456789") != "" || (len(r.digits) > shortIDLen && len(r.digits) != fullIDLen) {
		return r, fmt.Errorf("%w: %q is not an item: give its short id (12 or #12), its full id or its web address", errUsage, s)
	}
	return r, nil
}

// parseItemURL reads the web-app address of an item: /{ws}/{kind path}/{id}.
func parseItemURL(r itemRef, s string) (itemRef, error) {
	bad := fmt.Errorf("%w: %q is not the address of a story, bug or task (want …/{workspace}/prong/stories/view/{id}, bugtrace/bugs/view or prong/tasks/view)", errUsage, s)
	u, err := url.Parse(s)
	if err != nil {
		return r, bad
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	if len(parts) < 5 {
		return r, bad
	}
	parts = parts[len(parts)-5:]
	ws, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || ws <= 0 {
		return r, bad
	}
	path := strings.Join(parts[1:4], "/")
	for _, k := range []api.Kind{api.Story, api.Bug, api.Task} {
		if k.WebPath() == path {
			if len(r.kinds) == 1 && r.kinds[0] != k {
				return r, fmt.Errorf("%w: %q is a %s, not a %s", errUsage, s, k, r.kinds[0])
			}
			r.kinds, r.workspace, r.digits = []api.Kind{k}, ws, parts[4]
			if strings.Trim(r.digits, "0123456789") != "" || r.digits == "" {
				return r, bad
			}
			return r, nil
		}
	}
	return r, bad
}

// candidates are the full ids the reference may stand for in workspace ws,
// one per kind tried: a short id is the last 9 digits of a full one.
func (r itemRef) candidates(ws int64) []api.Item {
	out := make([]api.Item, 0, len(r.kinds))
	for _, k := range r.kinds {
		out = append(out, api.Item{Kind: k, ID: r.fullID(k, ws)})
	}
	return out
}

// fullID is the full id of the reference as an item of kind k in workspace ws.
func (r itemRef) fullID(k api.Kind, ws int64) string {
	if len(r.digits) > shortIDLen {
		return r.digits
	}
	return k.IDPrefix() + strconv.FormatInt(ws, 10) + strings.Repeat("0", shortIDLen-len(r.digits)) + r.digits
}

// offlineKind is the kind of the item when it is known without reading it:
// one kind to try (--kind, the address), or a full id's prefix.
func (r itemRef) offlineKind() (api.Kind, bool) {
	if len(r.kinds) == 1 {
		return r.kinds[0], true
	}
	if len(r.digits) == fullIDLen {
		for _, k := range r.kinds {
			if strings.HasPrefix(r.digits, k.IDPrefix()) {
				return k, true
			}
		}
	}
	return 0, false
}

// resolve reads the item named by r, trying each kind it may be.
func (r itemRef) resolve(ctx context.Context, client *api.Client, ws int64) (api.Item, int64, error) {
	if r.workspace != 0 {
		ws = r.workspace
	}
	for _, c := range r.candidates(ws) {
		it, err := client.Get(ctx, ws, c.Kind, c.ID)
		var ae *api.Error
		if errors.As(err, &ae) && ae.Kind == api.ErrNotFound {
			continue
		}
		return it, ws, err
	}
	what := "story, bug or task"
	if len(r.kinds) == 1 {
		what = r.kinds[0].String()
	}
	return api.Item{}, ws, fmt.Errorf("workspace %d has no %s %s: check the id, or pass --workspace or the item's web address", ws, what, r.text)
}
