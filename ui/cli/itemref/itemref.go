package itemref

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"triage/api"
	"triage/ui/cli/wiring"
)

// Ref is an item as a user names it on the command line: the short id
// shown on cards (12, #12), with its kind (bug/12), the full id, or the
// Item's web-app address (https://www.tapd.cn/{ws}/prong/stories/view/{id},
// bugtrace/bugs/view, prong/tasks/view, on TAPD or the service's own
// address), which also names its workspace and kind.
type Ref struct {
	Text      string
	digits    string     // the id as given: short or full
	Workspace int64      // from an address; 0: the command's
	Kinds     []api.Kind // the kinds it may be
}

// The lengths of ids: a full one is a prefix, the workspace and the short
// one, 9 digits with leading zeros.
const (
	fullIDLen  = 19
	shortIDLen = 9
)

// Parse reads an item's name; kind, when not nil, is the only kind tried.
func Parse(s string, kind *api.Kind) (Ref, error) {
	r := Ref{Text: s, Kinds: []api.Kind{api.Story, api.Bug, api.Task}}
	if kind != nil {
		r.Kinds = []api.Kind{*kind}
	}
	s = strings.TrimSpace(s)
	if strings.Contains(s, "://") {
		return parseItemURL(r, s)
	}
	id := strings.TrimPrefix(s, "#")
	if name, rest, ok := strings.Cut(id, "/"); ok {
		k, err := api.ParseKind(strings.ToLower(name))
		if err != nil {
			return r, api.Errorf("%w: %q: %q is no kind; write story/12, bug/12 or task/12", wiring.ErrUsage, s, name)
		}
		if kind != nil && *kind != k {
			return r, api.Errorf("%w: %q names a %s, and --kind a %s", wiring.ErrUsage, s, k, *kind)
		}
		r.Kinds, id = []api.Kind{k}, strings.TrimPrefix(rest, "#")
	}
	r.digits = id
	if r.digits == "" || strings.Trim(r.digits, "0123456789") != "" || (len(r.digits) > shortIDLen && len(r.digits) != fullIDLen) {
		return r, api.Errorf("%w: %q is not an item: give its short id (12, #12 or bug/12), its full id or its web address", wiring.ErrUsage, s)
	}
	return r, nil
}

// parseItemURL reads the web-app address of an item: /{ws}/{kind path}/{id}.
func parseItemURL(r Ref, s string) (Ref, error) {
	bad := api.Errorf("%w: %q is not the address of a story, bug or task (want …/{workspace}/prong/stories/view/{id}, bugtrace/bugs/view or prong/tasks/view)", wiring.ErrUsage, s)
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
			if len(r.Kinds) == 1 && r.Kinds[0] != k {
				return r, api.Errorf("%w: %q is a %s, not a %s", wiring.ErrUsage, s, k, r.Kinds[0])
			}
			r.Kinds, r.Workspace, r.digits = []api.Kind{k}, ws, parts[4]
			if strings.Trim(r.digits, "0123456789") != "" || r.digits == "" {
				return r, bad
			}
			return r, nil
		}
	}
	return r, bad
}

// IDs are the full ids the reference may stand for in workspace ws: itself
// when it is one, else one per deployment prefix (a short id is the last 9
// digits of a full one).
func (r Ref) IDs(ws int64) []string {
	if len(r.digits) > shortIDLen {
		return []string{r.digits}
	}
	return api.LongIDs(ws, r.digits)
}

// OfflineKind is the kind of the item when it is known without reading it:
// the one kind to try (--kind, the address). A full id does not tell it, as
// a story and a bug of one short id share their full id.
func (r Ref) OfflineKind() (api.Kind, bool) {
	if len(r.Kinds) == 1 {
		return r.Kinds[0], true
	}
	return 0, false
}

// NamesItem reports whether the cached item it of workspace ws is one the name
// may stand for, the command's workspace being cmdWS (0: any).
func (r Ref) NamesItem(ws, cmdWS int64, it *api.Item) bool {
	if w := r.WorkspaceOr(cmdWS); w != 0 && w != ws {
		return false
	}
	return slices.Contains(r.Kinds, it.Kind) && slices.Contains(r.IDs(ws), it.ID)
}
