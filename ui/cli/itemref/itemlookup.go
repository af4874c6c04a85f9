package itemref

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"triage/api"
	"triage/ui/cli/wiring"
)

// The reading of the items named on the command line: one request per kind
// and workspace for all the names together, each kind asked once, so that
// a name several kinds share (a short id, or a full id, which a story and a
// bug of one short id have in common) is found as what it is: more than
// one item, for the caller to choose.

// FoundItem is the item a name stands for, with its workspace; notFound
// says why there is none.
type FoundItem struct {
	Item     api.Item
	WS       int64
	NotFound error
}

// lookupKey is the items of one kind of one workspace read together.
type lookupKey struct {
	ws   int64
	Kind api.Kind
}

// LookupItems reads the items refs name, in workspace ws unless a name's
// address says another. A name that several items answer to is a usage
// error listing them; a read that failed is returned as it failed when it
// may have hidden an item.
func LookupItems(ctx context.Context, client *api.Client, refs []Ref, ws int64) ([]FoundItem, error) {
	want := map[lookupKey][]string{}
	var keys []lookupKey
	for _, r := range refs {
		for _, k := range r.Kinds {
			key := lookupKey{r.WorkspaceOr(ws), k}
			if _, ok := want[key]; !ok {
				keys = append(keys, key)
			}
			want[key] = append(want[key], r.IDs(key.ws)...)
		}
	}
	read := make([][]api.Item, len(keys))
	errs := make([]error, len(keys))
	var wg sync.WaitGroup
	for i, key := range keys {
		wg.Go(func() { read[i], errs[i] = client.GetMany(ctx, key.ws, key.Kind, want[key]) })
	}
	wg.Wait()
	for _, err := range errs {
		if api.Temporary(err) || api.KindOf(err) == api.ErrCanceled || api.KindOf(err) == api.ErrCredentials || api.KindOf(err) == api.ErrTokenExpired {
			return nil, err
		}
	}
	out := make([]FoundItem, len(refs))
	var ambiguous []error
	for i, r := range refs {
		w := r.WorkspaceOr(ws)
		var matches []api.Item
		var failed error
		for j, key := range keys {
			if key.ws != w || !slices.Contains(r.Kinds, key.Kind) {
				continue
			}
			if errs[j] != nil {
				failed = errs[j]
				continue
			}
			for _, it := range read[j] {
				if slices.Contains(r.IDs(w), it.ID) {
					matches = append(matches, it)
				}
			}
		}
		switch {
		case len(matches) > 1:
			ambiguous = append(ambiguous, r.choices(matches))
		case len(matches) == 1:
			out[i] = FoundItem{Item: matches[0], WS: w}
		case failed != nil:
			return nil, failed
		default:
			out[i] = FoundItem{WS: w, NotFound: r.missing(w)}
		}
	}
	if len(ambiguous) > 0 {
		return nil, api.Errorf("%w: %w", wiring.ErrUsage, errors.Join(ambiguous...))
	}
	return out, nil
}

// WorkspaceOr is the workspace of the name: its address's, else ws.
func (r Ref) WorkspaceOr(ws int64) int64 {
	if r.Workspace != 0 {
		return r.Workspace
	}
	return ws
}

// choices says that the name stands for several items and lists them, each
// as the name that picks it.
func (r Ref) choices(items []api.Item) error {
	var listing strings.Builder
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = fmt.Sprintf("%s/%s", it.Kind, it.ShortID())
		fmt.Fprintf(&listing, "\n  %-12s %s", names[i], Printable(it.Title))
	}
	return api.Errorf("%s names %d items: name one as %s, or pass --kind%s", r.Text, len(items), orSaid(names), listing.String())
}

// missing says that no item answers to the name.
func (r Ref) missing(ws int64) error {
	var what any = api.Say("story, bug or task")
	if len(r.Kinds) == 1 {
		what = r.Kinds[0]
	}
	return api.Errorf("workspace %d has no %s %s: check the id, or pass --workspace or the item's web address", ws, what, r.Text)
}

// OrList joins names as "a, b or c".
func OrList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// orSaid is OrList as a value of an error's words, "or" in the language in
// use.
func orSaid(names []string) any {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return api.Say("%s or %s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}
