package items

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/cli/internal/clitest"
	"triage/ui/filter"
)

// TestServiceFilter: a modified: term of one time is asked of the service
// as TAPD writes it, both ends included; created:, a negated term and a
// term of two times are not.
func TestServiceFilter(t *testing.T) {
	now := time.Date(2026, 11, 26, 17, 50, 0, 0, time.UTC) // Friday 27 November, 01:50, in the service's zone
	for query, want := range map[string]string{
		"modified:today":                  "2026-11-27 00:00:00~2026-11-27 23:59:59",
		"modified:2026-11-01..2026-11-07": "2026-11-01 00:00:00~2026-11-07 23:59:59",
		"modified:>3d":                    ">2026-11-24 01:50:00",
		"modified:<2026-11-01":            "<2026-10-31 23:59:59",
		"crash created:today":             "",
		"-modified:today":                 "",
		"modified:today|yesterday":        "",
	} {
		q := filter.ParseAt(query, "", now)
		if got := serviceFilter(&q).Get("modified"); got != want {
			t.Errorf("%q asks modified=%q, want %q", query, got, want)
		}
	}
}

// TestListAsksOnlyWhatWasModified against the local service: list
// modified:A..B prints the stories modified in those days, as the whole
// list filtered here would, and reads one page of them instead of every
// page of the workspace.
func TestListAsksOnlyWhatWasModified(t *testing.T) {
	clitest.Home(t)
	srv, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var pages []string
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/stories" {
			mu.Lock()
			pages = append(pages, r.URL.Query().Get("modified"))
			mu.Unlock()
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	env := map[string]string{"TRIAGE_BASE_URL": hs.URL, "TRIAGE_WORKSPACE": "10022001", "TRIAGE_TOKEN": srv.Demo().Users[0].PersonalToken}
	list := func(words ...string) (string, []string) {
		t.Helper()
		mu.Lock()
		pages = nil
		mu.Unlock()
		var out, errOut strings.Builder
		o := &ListOptions{IO: clitest.Factory(env, &out, &errOut), Kind: api.Story, Words: words, JSON: true, Columns: []string{"id", "modified"}}
		o.Global.InsecureStorage = true
		if err := listRun(context.Background(), o); err != nil {
			t.Fatalf("list %v: %v\n%s", words, err, errOut.String())
		}
		mu.Lock()
		defer mu.Unlock()
		return out.String(), slices.Clone(pages)
	}
	today := time.Now().In(api.ServiceZone)
	from, to := today.AddDate(0, 0, -20).Format(time.DateOnly), today.AddDate(0, 0, -10).Format(time.DateOnly)
	all, allPages := list()
	var want []string
	var items []struct{ ID, Modified string }
	if err := json.Unmarshal([]byte(all), &items); err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.Modified >= from && it.Modified < to+"~" { // to's whole day
			want = append(want, it.ID)
		}
	}
	got, gotPages := list("modified:" + from + ".." + to)
	var kept []struct{ ID string }
	if err := json.Unmarshal([]byte(got), &kept); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range kept {
		ids = append(ids, it.ID)
	}
	if len(want) == 0 || !slices.Equal(ids, want) {
		t.Errorf("modified:%s..%s lists %v, want %v", from, to, ids, want)
	}
	if wantAsked := []string{from + " 00:00:00~" + to + " 23:59:59"}; len(allPages) < 2 || !slices.Equal(gotPages, wantAsked) {
		t.Errorf("the whole list read %d pages; modified:%s..%s read %q, want one page asked with %q", len(allPages), from, to, gotPages, wantAsked)
	}
}
