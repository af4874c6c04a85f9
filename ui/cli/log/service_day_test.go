package log

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/filter"
)

// TestTheServiceDayIsTheSameOnBothSides: at 17:50 UTC on 26 November the
// service (Asia/Shanghai) is already on the 27th. The sprint the client
// calls current is the one the service dates from the 27th, not the one
// that ended on the 26th; `triage log`'s today starts at the service's
// midnight, so a change made at 23:00 the service's time on the 26th is
// yesterday's, not today's.
func TestTheServiceDayIsTheSameOnBothSides(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 26, 17, 50, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	setClock := func(t time.Time) { mu.Lock(); defer mu.Unlock(); now = t }
	srv, err := sandbox.Start(sandbox.Options{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	token := srv.Server.Demo().Users[0].PersonalToken
	client := api.NewClient(srv.URL, api.BearerToken(token))
	ctx := context.Background()
	const ws = 10022001

	its, err := client.Iterations(ctx, ws)
	if err != nil {
		t.Fatal(err)
	}
	current := filter.IterAliases(its, now.In(api.ServiceZone).Format(time.DateOnly))["@current"]
	for _, it := range its {
		if it.ID == current && it.StartDate != "2026-11-27" {
			t.Errorf("@current is %s (%s – %s), want the sprint the service starts on 2026-11-27", it.Name, it.StartDate, it.EndDate)
		}
	}
	if current == "" {
		t.Errorf("no iteration is current on the service's 2026-11-27: %+v", its)
	}

	items, err := client.List(ctx, api.ListRequest{WorkspaceID: ws, Kind: api.Story})
	if err != nil {
		t.Fatal(err)
	}
	write := func(at time.Time, id, title string) {
		t.Helper()
		setClock(at)
		form := url.Values{"workspace_id": {"10022001"}, "id": {id}, "name": {title}}
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/stories", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("renaming story %s: %v %v", id, err, resp)
		}
		resp.Body.Close()
	}
	write(time.Date(2026, 11, 26, 15, 0, 0, 0, time.UTC), items[0].ID, "renamed late on the 26th")
	write(time.Date(2026, 11, 26, 17, 40, 0, 0, time.UTC), items[1].ID, "renamed early on the 27th")
	setClock(time.Date(2026, 11, 26, 17, 50, 0, 0, time.UTC))

	for _, tt := range []struct {
		since string
		want  []string
	}{
		{"", []string{items[1].ID}}, // the default: today
		{"yesterday", []string{items[0].ID, items[1].ID}},
	} {
		from, err := ParseSince(tt.since, clock())
		if err != nil {
			t.Fatal(err)
		}
		changes, err := client.ItemChanges(ctx, ws, api.Story, from)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, ch := range changes {
			if ch.Author == "demo" { // the seed's own recent history is by others
				got = append(got, ch.ItemID)
			}
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("--since %q lists the changes of %v, want %v", tt.since, got, tt.want)
		}
	}
}
