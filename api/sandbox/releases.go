package sandbox

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"triage/api"
)

// releasesPerWorkspace is how many release plans the seed gives a
// workspace; its six iterations are shared out among them in order.
const releasesPerWorkspace = 2

// releaseOptions are the workspace's release plans, id → name, as the
// release_id options of get_fields_info list them. The seeded iterations
// carry these ids in their release_id (seedRecords).
func releaseOptions(ws *Workspace) api.Options {
	pairs := make([]api.Option, releasesPerWorkspace)
	for i := range pairs {
		pairs[i] = api.Option{
			Value: releaseID(ws, i),
			Label: text{fmt.Sprintf("Release 1.%d", i), fmt.Sprintf("1.%d 版本", i)}.in(ws.Locale),
		}
	}
	return api.Options{Pairs: pairs}
}

// releaseID is the id of the workspace's i-th release plan (from 0): TAPD's
// 11 prefix, the workspace, a 9-digit sequence number.
func releaseID(ws *Workspace, i int) string {
	return "11" + string(appendPadded(appendPadded(nil, ws.ID, 8), int64(i+1), 9))
}

// checkPlan refuses an iteration_id or release_id in form that names no
// iteration or release plan of the workspace ("0" and empty mean none), so
// what items and iterations point at is always listed.
func (w *world) checkPlan(ws *Workspace, form url.Values) *httpError {
	if id := strings.TrimSpace(form.Get("iteration_id")); id != "" && id != "0" &&
		w.recordSetOf(ws.ID, iterationKind).find(id) == nil {
		return unprocessable("iteration_id %s is not an iteration of workspace %d", quoteShort(id), ws.ID)
	}
	if id := strings.TrimSpace(form.Get("release_id")); id != "" && id != "0" &&
		!slices.ContainsFunc(releaseOptions(ws).Pairs, func(o api.Option) bool { return o.Value == id }) {
		return unprocessable("release_id %s is not a release plan of workspace %d", quoteShort(id), ws.ID)
	}
	return nil
}
