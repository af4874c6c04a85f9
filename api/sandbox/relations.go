package sandbox

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"

	"triage/api"
)

// Links between items: the seed's story–bug links (every fourth story and
// the bugs at its position, meta.go) and those written with POST
// /relations (record_kinds.go). A bug's related stories and a story's
// linked stories are read from both. Shapes: bug/get_related_stories,
// story/get_link_stories.

// relatedStory is one entry of /bugs/get_related_stories; here the
// workspace id is a string, as TAPD's doc example writes it.
type relatedStory struct {
	WorkspaceID string `json:"workspace_id"`
	BugID       string `json:"bug_id"`
	StoryID     string `json:"story_id"`
}

// linkedStory is one entry of /stories/get_link_stories.
type linkedStory struct {
	Type              string `json:"type"`
	ID                string `json:"id"`
	StoryID           string `json:"story_id"`
	WorkspaceID       string `json:"workspace_id"`
	ActAs             string `json:"actas"`
	Created           string `json:"created"`
	Modified          string `json:"modified"`
	LinkedWorkspaceID int64  `json:"linked_workspace_id"`
}

// writtenLinks calls visit with the other end of every written relation
// between an item of kind from with id and an item of kind to.
func (w *world) writtenLinks(ws *Workspace, from string, id string, to string, visit func(other string, r record)) {
	for _, r := range w.readRecordSet(ws.ID, relationKind).list {
		switch {
		case r["source_type"] == from && r["source_id"] == id && r["target_type"] == to:
			visit(r["target_id"], r)
		case r["target_type"] == from && r["target_id"] == id && r["source_type"] == to:
			visit(r["source_id"], r)
		}
	}
}

// seededBugsOf are the bugs the seed links to a story: the bugs at its
// position and the one after, for every fourth story.
func (w *world) seededBugsOf(ws *Workspace, storyID string) []string {
	pos, ok := w.readItems(ws, api.Story).find(storyID)
	bugs := w.readItems(ws, api.Bug)
	if !ok || pos%4 != 0 {
		return nil
	}
	var out []string
	for _, b := range []int{pos, pos + 1} {
		if b < bugs.len() {
			out = append(out, bugs.idAt(b))
		}
	}
	return out
}

// bugsOfStory are the bugs linked to a story, seeded then written, once each.
func (w *world) bugsOfStory(ws *Workspace, storyID string) []string {
	out := w.seededBugsOf(ws, storyID)
	w.writtenLinks(ws, "story", storyID, "bug", func(bug string, _ record) {
		if !slices.Contains(out, bug) {
			out = append(out, bug)
		}
	})
	return out
}

// relatedStories is the data of GET /bugs/get_related_stories?bug_id=,
// one id or several.
func (w *world) relatedStories(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
	ids, herr := required(q, "bug_id")
	if herr != nil {
		return nil, herr
	}
	wsID := strconv.FormatInt(ws.ID, 10)
	out := []relatedStory{}
	stories := w.readItems(ws, api.Story)
	for _, bugID := range splitAlternatives(ids, true) {
		pos, ok := w.readItems(ws, api.Bug).find(bugID)
		if !ok {
			continue
		}
		var found []string
		for _, s := range []int{pos, pos - 1} {
			if s >= 0 && s%4 == 0 && s < stories.len() {
				found = append(found, stories.idAt(s))
			}
		}
		w.writtenLinks(ws, "bug", bugID, "story", func(story string, _ record) {
			if !slices.Contains(found, story) {
				found = append(found, story)
			}
		})
		for _, story := range found {
			out = append(out, relatedStory{WorkspaceID: wsID, BugID: bugID, StoryID: story})
		}
	}
	return marshalData(out)
}

// linkStories is the data of GET /stories/get_link_stories?story_id=: the
// stories written relations link to it, as direct_relate links.
func (w *world) linkStories(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
	id, herr := required(q, "story_id")
	if herr != nil {
		return nil, herr
	}
	out := []linkedStory{}
	wsID := strconv.FormatInt(ws.ID, 10)
	w.writtenLinks(ws, "story", id, "story", func(other string, r record) {
		actas := "target"
		if r["target_id"] == id {
			actas = "source"
		}
		out = append(out, linkedStory{Type: "direct_relate", ID: other, StoryID: id, WorkspaceID: wsID, ActAs: actas,
			Created: r["created"], Modified: r["modified"], LinkedWorkspaceID: ws.ID})
	})
	return marshalData(out)
}

// linkedBug is one entry of /bugs/get_link_bugs: the workspace id is a
// string and linked_workspace_id a number, as TAPD's doc example writes
// them; link_id is the relation's id.
type linkedBug struct {
	Type              string `json:"type"`
	ID                string `json:"id"`
	WorkspaceID       string `json:"workspace_id"`
	ActAs             string `json:"actas"`
	LinkedWorkspaceID int64  `json:"linked_workspace_id"`
	LinkID            string `json:"link_id"`
}

// linkBugs is the data of GET /bugs/get_link_bugs?bug_id=: the bugs
// written relations link to it, as direct_relate links, the bug that
// started the link acting as target (TAPD: "target 为操作发起方").
func (w *world) linkBugs(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
	id, herr := required(q, "bug_id")
	if herr != nil {
		return nil, herr
	}
	id = longID(ws.ID, id)
	out := []linkedBug{}
	wsID := strconv.FormatInt(ws.ID, 10)
	w.writtenLinks(ws, "bug", id, "bug", func(other string, r record) {
		actas := "target"
		if r["target_id"] == id {
			actas = "source"
		}
		out = append(out, linkedBug{Type: "direct_relate", ID: other, WorkspaceID: wsID, ActAs: actas,
			LinkedWorkspaceID: ws.ID, LinkID: r["id"]})
	})
	return marshalData(out)
}
