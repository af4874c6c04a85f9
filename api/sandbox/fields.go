package sandbox

import (
	"encoding/json"
	"net/http"
	"strconv"

	"triage/api"
)

// fieldEntry is one field of get_fields_info as TAPD writes it: every entry
// carries options, color_options and pure_options (each possibly []),
// readonly as a number and memo; owner-like fields carry user_options.
type fieldEntry struct {
	Name         string            `json:"name"`
	Label        string            `json:"label"`
	HTMLType     string            `json:"html_type"`
	Options      api.Options       `json:"options"`
	ColorOptions []api.ColorOption `json:"color_options"`
	PureOptions  []pureOption      `json:"pure_options"`
	Readonly     int               `json:"readonly"`
	Memo         *string           `json:"memo"`
	UserOptions  []userOption      `json:"user_options,omitempty"`
}

// pureOption is one entry of pure_options: an option with its place.
type pureOption struct {
	ParentID    string `json:"parent_id"`
	WorkspaceID string `json:"workspace_id"`
	Sort        string `json:"sort"`
	Value       string `json:"value"`
	Label       string `json:"label"`
	Panel       int    `json:"panel"`
}

// userOption is one member a people field may name.
type userOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// fieldsInfo is the data of get_fields_info for a kind in a workspace: an
// object keyed by field name. Options keep their configured order; fields
// without options carry an empty list, as the real service sends them.
// Custom fields the workspace has not configured are not described.
// iteration_id lists the workspace's iterations, id → name, release_id its
// release plans and label the labels its items carry.
func (w *world) fieldsInfo(ws *Workspace, k api.Kind) (json.RawMessage, *httpError) {
	specs := catalog(ws, k)
	wsID := strconv.FormatInt(ws.ID, 10)
	var users []userOption
	for _, nick := range w.memberNicks(ws) {
		users = append(users, userOption{Value: nick, Label: nick})
	}
	info := make(map[string]fieldEntry, len(specs))
	for _, f := range specs {
		if f.unlisted {
			continue
		}
		e := fieldEntry{
			Name: f.name, Label: f.label, HTMLType: f.htmlType, Options: f.options,
			ColorOptions: f.colors, PureOptions: []pureOption{},
		}
		if e.ColorOptions == nil {
			e.ColorOptions = []api.ColorOption{}
		}
		if f.readonly {
			e.Readonly = 1
		}
		if f.pure {
			for i, o := range f.options.Pairs {
				e.PureOptions = append(e.PureOptions, pureOption{
					ParentID: "0", WorkspaceID: wsID, Sort: strconv.Itoa(i + 1), Value: o.Value, Label: o.Label, Panel: 0,
				})
			}
		}
		switch {
		case f.htmlType == "user_chooser":
			e.UserOptions = users
		case f.name == "iteration_id":
			e.Options = w.iterationOptions(ws)
		case f.name == "release_id":
			e.Options = releaseOptions(ws)
		case f.name == "label":
			e.Options = api.Options{Pairs: make([]api.Option, len(ws.Labels))}
			for i, l := range ws.Labels {
				e.Options.Pairs[i] = api.Option{Value: l, Label: l}
			}
		case f.name == "workitem_type_id":
			for _, st := range storyTypesOf(ws.ID) {
				e.Options.Pairs = append(e.Options.Pairs, api.Option{Value: storyTypeID(ws.ID, st.n), Label: st.name.in(ws.Locale)})
			}
		}
		info[f.name] = e
	}
	raw, err := json.Marshal(info)
	if err != nil {
		return nil, &httpError{Status: http.StatusInternalServerError, Info: "field information cannot be written: " + err.Error()}
	}
	return raw, nil
}

// iterationOptions are the workspace's iterations, id → name.
func (w *world) iterationOptions(ws *Workspace) api.Options {
	var pairs []api.Option
	for _, r := range w.recordSetOf(ws.ID, iterationKind).list {
		pairs = append(pairs, api.Option{Value: r["id"], Label: r["name"]})
	}
	return api.Options{Pairs: pairs}
}
