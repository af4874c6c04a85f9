package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"triage/api"
)

// TestIDsShareOnePrefix checks TAPD cloud's ids: 11, the workspace, a
// 9-digit sequence, for every kind, so a short id finds its item.
func TestIDsShareOnePrefix(t *testing.T) {
	h := startHarness(t, Options{})
	for _, k := range api.Kinds {
		var got []map[string]map[string]any
		h.do(request{path: "/" + k.Path(), auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "id": {"1110022001000000001"}}}).wantOK(t, &got)
		if len(got) != 1 || got[0][k.Wrapper()]["id"] != "1110022001000000001" {
			t.Errorf("%s with short id 1: %v", k, got)
		}
	}
	var it struct{ Iteration map[string]*string }
	h.do(request{method: http.MethodPost, path: "/iterations", auth: h.apiBasic(), form: url.Values{"workspace_id": {"10022001"},
		"name": {"x"}, "startdate": {"2026-01-01"}, "enddate": {"2026-01-14"}, "creator": {"demo"}}}).wantOK(t, &it)
	var c struct{ Comment map[string]*string }
	h.do(request{method: http.MethodPost, path: "/comments", auth: h.apiBasic(), form: url.Values{"workspace_id": {"10022001"},
		"entry_type": {"stories"}, "entry_id": {"1110022001000000002"}, "description": {"x"}, "author": {"bob"}}}).wantOK(t, &c)
	for name, id := range map[string]string{"iteration": *it.Iteration["id"], "comment": *c.Comment["id"]} {
		if !strings.HasPrefix(id, "1110022001") || len(id) != 19 {
			t.Errorf("new %s id %s, want 11, the workspace and 9 digits", name, id)
		}
	}
}

// TestOldIDsAreConverted opens a database written with the per-kind
// prefixes of older versions: its ids, and the fields that name them, take
// the prefix 11.
func TestOldIDsAreConverted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	h := startHarness(t, Options{DataPath: path})
	story := writeStory(t, h, url.Values{"name": {"written long ago"}})
	var c struct{ Comment map[string]*string }
	h.do(request{method: http.MethodPost, path: "/comments", auth: h.apiBasic(), form: url.Values{"workspace_id": {"10022001"},
		"entry_type": {"stories"}, "entry_id": {story.ID}, "description": {"old note"}, "author": {"bob"}}}).wantOK(t, &c)
	if err := h.run.Close(); err != nil {
		t.Fatal(err)
	}
	oldStory := "10" + story.ID[2:]
	oldComment := "17" + (*c.Comment["id"])[2:]
	rewriteAsOldScheme(t, path, oldStory, oldComment)

	again := restart(t, h, Options{DataPath: path})
	var got []map[string]map[string]any
	again.do(request{path: "/stories", auth: again.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "id": {story.ID}}}).wantOK(t, &got)
	if len(got) != 1 || got[0]["Story"]["name"] != "written long ago" {
		t.Fatalf("story %s after the conversion: %v", story.ID, got)
	}
	var tasks []map[string]map[string]any
	again.do(request{path: "/tasks", auth: again.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "story_id": {story.ID}}}).wantOK(t, &tasks)
	if len(tasks) != 1 {
		t.Fatalf("the task linked to the old story id: %v", tasks)
	}
	var comments []struct{ Comment map[string]*string }
	again.do(request{path: "/comments", auth: again.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "entry_id": {story.ID}}}).wantOK(t, &comments)
	if len(comments) != 1 || *comments[0].Comment["id"] != *c.Comment["id"] {
		t.Fatalf("comments on %s after the conversion: %v", story.ID, comments)
	}
}

// rewriteAsOldScheme makes the database look as an older version wrote it:
// no id marker, the story and its comment under their old prefixes, and the
// first task linked to the story by its old id.
func rewriteAsOldScheme(t *testing.T, path, oldStory, oldComment string) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketWorld).Delete(keyIDs); err != nil {
			return err
		}
		stories := tx.Bucket(bucketItems).Bucket([]byte("10022001/story"))
		k, v := stories.Cursor().Last()
		it := api.Item{Kind: api.Story}
		if err := it.UnmarshalJSON(v); err != nil {
			return err
		}
		it.ID = oldStory
		raw, err := it.MarshalJSON()
		if err != nil {
			return err
		}
		if err := stories.Put(k, raw); err != nil {
			return err
		}
		tasks := tx.Bucket(bucketItems).Bucket([]byte("10022001/task"))
		k, v = tasks.Cursor().First()
		task := api.Item{Kind: api.Task}
		if err := task.UnmarshalJSON(v); err != nil {
			return err
		}
		task.StoryID = oldStory
		if raw, err = task.MarshalJSON(); err != nil {
			return err
		}
		if err := tasks.Put(k, raw); err != nil {
			return err
		}
		records := tx.Bucket(bucketRecords)
		var key []byte
		var r record
		if err := records.ForEach(func(k, v []byte) error {
			if strings.Contains(string(k), "/Comment/") {
				key = k
				return json.Unmarshal(v, &r)
			}
			return nil
		}); err != nil || key == nil {
			t.Fatalf("no stored comment (%v)", err)
		}
		r["id"], r["entry_id"] = oldComment, oldStory
		if raw, err = json.Marshal(r); err != nil {
			return err
		}
		if err := records.Delete(key); err != nil {
			return err
		}
		return records.Put([]byte("10022001/Comment/"+oldComment), raw)
	})
	if err != nil {
		t.Fatal(err)
	}
}
