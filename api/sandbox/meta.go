package sandbox

import (
	"encoding/json"
	"net/url"
	"strconv"

	"triage/api"
)

// The descriptive interfaces around items: field labels, custom field
// settings, story types, workspace members and the bugs related to a story.
// Each is built from the same catalog and seed the items come from, so the
// two cannot disagree. Shapes: api/sandbox/ENDPOINTS.md.

// fieldLabels is the data of GET /stories/get_fields_lable (sic): every
// field the workspace describes, name → label, in catalog order.
func fieldLabels(ws *Workspace, k api.Kind) (json.RawMessage, *httpError) {
	var pairs []api.Option
	for _, spec := range catalog(ws, k) {
		if !spec.unlisted {
			pairs = append(pairs, api.Option{Value: spec.name, Label: spec.label})
		}
	}
	return marshalData(api.Options{Pairs: pairs})
}

// customFieldConfig is one entry of /{kind}/custom_fields_settings.
type customFieldConfig struct {
	ID              string  `json:"id"`
	WorkspaceID     string  `json:"workspace_id"`
	AppID           string  `json:"app_id"`
	EntryType       string  `json:"entry_type"`
	CustomField     string  `json:"custom_field"`
	Type            string  `json:"type"`
	Name            string  `json:"name"`
	Options         *string `json:"options"`
	ExtraConfig     *string `json:"extra_config"`
	Enabled         string  `json:"enabled"`
	Creator         string  `json:"creator"`
	Created         string  `json:"created"`
	Modified        string  `json:"modified"`
	Freeze          string  `json:"freeze"`
	Sort            string  `json:"sort"`
	Memo            *string `json:"memo"`
	OpenExtensionID string  `json:"open_extension_id"`
	IsOut           int     `json:"is_out"`
	IsUninstall     int     `json:"is_uninstall"`
	AppName         string  `json:"app_name"`
}

// customFieldSettings is the data of GET /{kind}/custom_fields_settings: the
// custom fields the workspace configured for the kind. Options are a JSON
// text value → label, as TAPD sends them, "{}" for a member field
// (user_chooser, as mini_item/get_mini_item_custom_fields_settings shows
// one), or null.
func customFieldSettings(ws *Workspace, k api.Kind) (json.RawMessage, *httpError) {
	wsID := strconv.FormatInt(ws.ID, 10)
	out := []map[string]customFieldConfig{}
	for i, f := range ws.Fields[k.String()] {
		cfg := customFieldConfig{
			ID:          "15" + string(appendPadded(appendPadded(nil, ws.ID, 8), int64(i+1), 9)),
			WorkspaceID: wsID, AppID: "1", EntryType: k.String(), CustomField: f.Name,
			Type: f.HTMLType, Name: f.Label, Enabled: "1", Created: seedEpoch, Modified: seedEpoch,
			Freeze: "0", Sort: strconv.Itoa(i),
		}
		switch {
		case f.HTMLType == "user_chooser": // TAPD's member fields carry an empty object
			empty := "{}"
			cfg.Options = &empty
		case len(f.Options) > 0:
			pairs := make([]api.Option, len(f.Options))
			for j, o := range f.Options {
				pairs[j] = api.Option{Value: o, Label: o}
			}
			raw, _ := json.Marshal(api.Options{Pairs: pairs})
			opts := string(raw)
			cfg.Options = &opts
		}
		out = append(out, map[string]customFieldConfig{"CustomFieldConfig": cfg})
	}
	return marshalData(out)
}

// seedEpoch is when the seed's configuration was made, in the service's time.
const seedEpoch = "2025-09-01 10:00:00"

// workitemType is one entry of /workitem_types.
type workitemType struct {
	ID          string `json:"id"`
	WorkspaceID string `json:"workspace_id"`
	AppID       string `json:"app_id"`
	EntityType  string `json:"entity_type"`
	Name        string `json:"name"`
	EnglishName string `json:"english_name"`
	Status      string `json:"status"`
	Color       string `json:"color"`
	WorkflowID  string `json:"workflow_id"`
	ChildrenIDs string `json:"children_ids"`
	ParentIDs   string `json:"parent_ids"`
	Icon        string `json:"icon"`
	IconSmall   string `json:"icon_small"`
	Creator     string `json:"creator"`
	Created     string `json:"created"`
	ModifiedBy  string `json:"modified_by"`
	Modified    string `json:"modified"`
}

// workitemTypes is the data of GET /workitem_types: the workspace's story
// types (story_types.go), the default one first.
func (w *world) workitemTypes(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
	wsID := strconv.FormatInt(ws.ID, 10)
	creator := w.memberNicks(ws)[0]
	var out []map[string]workitemType
	for _, st := range storyTypesOf(ws.ID) {
		t := workitemType{
			ID: storyTypeID(ws.ID, st.n), WorkspaceID: wsID, AppID: "1", EntityType: "story",
			Name: st.name.in(ws.Locale), EnglishName: st.english, Status: "3", Color: st.color,
			WorkflowID: storyWorkflowID(ws.ID, st.n), ChildrenIDs: "|", ParentIDs: "",
			Icon: wsID + "/icon/" + st.english, IconSmall: wsID + "/icon/" + st.english + "_small",
			Creator: creator, Created: seedEpoch, ModifiedBy: creator, Modified: seedEpoch,
		}
		out = append(out, map[string]workitemType{"WorkitemType": t})
	}
	return marshalData(out)
}

// userWorkspace is one entry of /workspaces/users.
type userWorkspace struct {
	User            string   `json:"user"`
	RoleID          []string `json:"role_id"`
	Name            string   `json:"name"`
	Email           string   `json:"email"`
	JoinProjectTime string   `json:"join_project_time"`
	Status          string   `json:"status"`
	Allocation      string   `json:"allocation"`
}

// workspaceUsers is the data of GET /workspaces/users: the members of the
// workspace, the people whose nicks the items carry.
func (w *world) workspaceUsers(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
	want := q.Get("user")
	out := []map[string]userWorkspace{}
	for _, nick := range w.memberNicks(ws) {
		if want != "" && want != nick {
			continue
		}
		u := w.userByNick(nick)
		name := nick
		if u != nil {
			name = u.Name
		}
		role := "1000000000000000003" // developer
		if len(out) == 0 {
			role = "1000000000000000002" // the first member administers the workspace
		}
		out = append(out, map[string]userWorkspace{"UserWorkspace": {
			User: nick, RoleID: []string{role}, Name: name, Email: nick + "@example.com",
			JoinProjectTime: seedEpoch, Status: "1", Allocation: "100",
		}})
	}
	return marshalData(out)
}

// relatedBug is one entry of /stories/get_related_bugs: the workspace id is
// a number, as TAPD's doc example writes it.
type relatedBug struct {
	WorkspaceID int64  `json:"workspace_id"`
	StoryID     string `json:"story_id"`
	BugID       string `json:"bug_id"`
}

// relatedBugs is the data of GET /stories/get_related_bugs?story_id=, one
// id or several joined by "," or "|": the bugs the seed links to each story
// (relations.go) and those POST /relations linked to it.
func (w *world) relatedBugs(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
	storyIDs, herr := required(q, "story_id")
	if herr != nil {
		return nil, herr
	}
	out := []relatedBug{}
	for _, storyID := range splitAlternatives(storyIDs, true) {
		for _, bug := range w.bugsOfStory(ws, storyID) {
			out = append(out, relatedBug{WorkspaceID: ws.ID, StoryID: storyID, BugID: bug})
		}
	}
	return marshalData(out)
}
