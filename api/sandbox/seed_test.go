package sandbox

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// seedTestNow is the clock of the seed in tests.
var seedTestNow = time.Date(2026, 1, 6, 17, 16, 4, 0, api.ServiceZone)

// The seeded workspaces, one per priority state (see world.json).
const (
	wsPhaseOne   = 10022001 // English, no custom priority: legacy map both ways
	wsCustom     = 10022002 // Chinese, custom priorities for every kind
	wsLegacyOnly = 10022003 // items migrated from old data: label empty
	wsOther      = 10033001 // second company; custom bug priorities; demo is not a member
)

// newSeeded is a freshly seeded world with no extra items.
func newSeeded(t testing.TB) *world {
	t.Helper()
	w, err := seedWorld(0, seedTestNow)
	if err != nil {
		t.Fatalf("seedWorld: %v", err)
	}
	return w
}

// workspace finds a seeded workspace.
func workspace(t testing.TB, w *world, id int64) *Workspace {
	t.Helper()
	for _, ws := range w.Workspaces {
		if ws.ID == id {
			return ws
		}
	}
	t.Fatalf("workspace %d not seeded", id)
	return nil
}

// worldJSON is the whole world as JSON, for comparing two worlds.
func worldJSON(t testing.TB, w *world) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, v := range []any{w.Companies, w.Users, w.Clients, w.Workspaces} {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	for _, ws := range w.Workspaces {
		for _, k := range api.Kinds {
			set := w.Items[itemKey{ws.ID, k}]
			if err := enc.Encode(set.all()); err != nil {
				t.Fatal(err)
			}
			buf.WriteString(strconv.FormatInt(set.Seq, 10))
		}
	}
	return buf.Bytes()
}

func TestSeedIsDeterministic(t *testing.T) {
	for _, extra := range []int{0, 50} {
		a, err := seedWorld(extra, seedTestNow)
		if err != nil {
			t.Fatal(err)
		}
		b, err := seedWorld(extra, seedTestNow)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(worldJSON(t, a), worldJSON(t, b)) {
			t.Errorf("extra=%d: two seeds with the same input differ", extra)
		}
	}
	later, err := seedWorld(0, seedTestNow.Add(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(worldJSON(t, newSeeded(t)), worldJSON(t, later)) {
		t.Error("the seed ignores now")
	}
}

func TestSeedRefusesNegativeExtra(t *testing.T) {
	if _, err := seedWorld(-1, seedTestNow); err == nil {
		t.Error("seedWorld(-1) succeeded")
	}
}

func TestSeedFacts(t *testing.T) {
	w := newSeeded(t)
	if len(w.Companies) != 2 {
		t.Fatalf("%d companies, want 2", len(w.Companies))
	}
	for _, c := range w.Companies {
		if c.Name == "" || c.APIUser == "" || c.APIPassword == "" {
			t.Errorf("company %+v lacks a name or an API account", c.ID)
		}
	}
	demo := w.Users[0]
	if demo.Nick != "demo" {
		t.Errorf("first user is %q, want the demo user", demo.Nick)
	}
	nicks := map[string]bool{}
	for _, u := range w.Users {
		if nicks[u.Nick] {
			t.Errorf("nick %s twice", u.Nick)
		}
		nicks[u.Nick] = true
		if len(u.PersonalToken) != 40 || strings.Trim(u.PersonalToken, "0123456789abcdef") != "" {
			t.Errorf("user %s: personal token is not 40 hex characters", u.Nick)
		}
		if u.Password == "" || u.Name == "" || len(u.Workspaces) == 0 {
			t.Errorf("user %s lacks a name, a password or workspaces", u.Nick)
		}
	}
	if len(w.Clients) != 1 || w.Clients[0].Name != "triage" || !slices.Contains(w.Clients[0].RedirectURIs, "http://127.0.0.1/callback") {
		t.Errorf("OAuth client = %+v, want triage with the loopback redirect", w.Clients)
	}
	if slices.Contains(demo.Workspaces, wsOther) {
		t.Errorf("demo takes part in %d, which must stay out of its reach", wsOther)
	}
	if other := workspace(t, w, wsOther); other.CompanyID == workspace(t, w, wsPhaseOne).CompanyID {
		t.Errorf("workspace %d is not in the second company", wsOther)
	}
}

// TestSeedPriorityStates checks that each rollout state is present.
func TestSeedPriorityStates(t *testing.T) {
	w := newSeeded(t)
	type tally struct{ both, custom, legacyOnly, none, stray int }
	count := func(ws *Workspace, k api.Kind) tally {
		var c tally
		rule := ruleFor(ws, k)
		allowed := rule.allowed()
		for _, it := range w.Items[itemKey{ws.ID, k}].all() {
			switch {
			case it.Priority == "" && it.PriorityLabel == "":
				c.none++
			case it.PriorityLabel == "":
				c.legacyOnly++
				if _, ok := api.LegacyLabel(k, it.Priority); !ok {
					c.stray++
				}
			case !slices.Contains(allowed, it.PriorityLabel):
				c.stray++
			case rule.custom != nil && it.Priority == it.PriorityLabel:
				c.custom++
			default:
				if code, _ := api.LegacyCode(k, it.PriorityLabel); code == it.Priority {
					c.both++
				}
			}
		}
		return c
	}
	for _, k := range api.Kinds {
		t.Run(k.String(), func(t *testing.T) {
			p1 := count(workspace(t, w, wsPhaseOne), k)
			if p1.both == 0 || p1.custom+p1.legacyOnly != 0 || p1.none == 0 || p1.stray != 0 {
				t.Errorf("phase-1 workspace: %+v, want items with both fields, some without priority and none outside the legacy map", p1)
			}
			cu := count(workspace(t, w, wsCustom), k)
			if cu.custom == 0 || cu.both+cu.legacyOnly != 0 || cu.stray == 0 {
				t.Errorf("custom workspace: %+v, want configured values only, and some stray", cu)
			}
			lo := count(workspace(t, w, wsLegacyOnly), k)
			if lo.legacyOnly == 0 || lo.both+lo.custom != 0 || lo.stray != 0 {
				t.Errorf("legacy-only workspace: %+v, want legacy codes within the legacy map with empty labels", lo)
			}
		})
	}
	if ruleFor(workspace(t, w, wsOther), api.Bug).custom == nil || ruleFor(workspace(t, w, wsOther), api.Story).custom != nil {
		t.Error("the second company's workspace should have custom priorities for bugs only")
	}
}

func TestSeedItemInvariants(t *testing.T) {
	const extra = 40
	w, err := seedWorld(extra, seedTestNow)
	if err != nil {
		t.Fatal(err)
	}
	wantCount := map[api.Kind]int{api.Story: 240 + extra, api.Bug: 180 + extra, api.Task: 160 + extra}
	ids := map[string]bool{}
	statusesSeen := map[string]bool{}
	for _, ws := range w.Workspaces {
		for _, k := range api.Kinds {
			set := w.Items[itemKey{ws.ID, k}]
			if set.len() != wantCount[k] || set.Seq != int64(wantCount[k]) || indexed(set) != wantCount[k] {
				t.Fatalf("%d %s: %d items, seq %d, index %d; want %d", ws.ID, k.Path(), set.len(), set.Seq, indexed(set), wantCount[k])
			}
			specs := catalog(ws, k)
			want := make([]string, len(specs))
			for i, s := range specs {
				want[i] = s.name
			}
			slices.Sort(want)
			prefix := idPrefix + strconv.FormatInt(ws.ID, 10)
			prevCreated := ""
			for pos, it := range set.all() {
				if len(it.ID) != 19 || !isDigits(it.ID) || !strings.HasPrefix(it.ID, prefix) || ids[k.String()+it.ID] {
					t.Fatalf("%s: id %q is not a new 19-digit id starting %s", k, it.ID, prefix)
				}
				ids[k.String()+it.ID] = true
				if position(set, it.ID) != pos {
					t.Fatalf("index of %s is %d, want %d", it.ID, position(set, it.ID), pos)
				}
				checkHeldFields(t, specs, &it)
				listed, err := api.DecodeItem(k, newLayout(k, specs, nil).appendItem(nil, &it))
				if err != nil {
					t.Fatal(err)
				}
				if got := slices.Sorted(slices.Values(listed.FieldNames())); !slices.Equal(got, want) {
					t.Fatalf("%s %s fields\n got %v\nwant %v", k, it.ID, got, want)
				}
				if it.Title == "" || it.WorkspaceID != strconv.FormatInt(ws.ID, 10) || it.Creator == "" || it.Description == "" {
					t.Fatalf("%s %s lacks title, workspace, creator or description: %+v", k, it.ID, it)
				}
				if it.Owner != "" && !strings.HasSuffix(it.Owner, ";") {
					t.Fatalf("owner %q does not end with ;", it.Owner)
				}
				created, err1 := api.ParseTime(it.Created)
				modified, err2 := api.ParseTime(it.Modified)
				if err1 != nil || err2 != nil || modified.Before(created) || modified.After(seedTestNow) ||
					created.Before(seedTestNow.Add(-seedSpan)) || it.Created < prevCreated {
					t.Fatalf("%s %s: created %s, modified %s out of order", k, it.ID, it.Created, it.Modified)
				}
				prevCreated = it.Created
				statusesSeen[k.String()+":"+it.Status] = true
				if k == api.Task && it.StoryID != "0" {
					if _, ok := w.Items[itemKey{ws.ID, api.Story}].find(it.StoryID); !ok {
						t.Fatalf("task %s links to unknown story %s", it.ID, it.StoryID)
					}
				}
				if k == api.Bug && it.Severity == "" {
					t.Fatalf("bug %s has no severity", it.ID)
				}
			}
		}
	}
	for _, k := range api.Kinds {
		for _, c := range statuses(k) {
			if !statusesSeen[k.String()+":"+c.value] {
				t.Errorf("no %s has status %s", k, c.value)
			}
		}
	}
}

// checkHeldFields checks that an item holds only fields of the catalog that
// it has a value for: none at its unset value, none derived.
func checkHeldFields(t *testing.T, specs []fieldSpec, it *api.Item) {
	t.Helper()
	for name, raw := range it.Extra {
		spec, ok := lookup(specs, name)
		switch {
		case !ok:
			t.Fatalf("%s holds %s, which is not a field of its kind", it.ID, name)
		case spec.derive != noDerive || spec.typed:
			t.Fatalf("%s holds the %s field %s in Extra", it.ID, map[bool]string{true: "typed", false: "derived"}[spec.typed], name)
		case string(raw) == string(spec.unset) || string(raw) == "null":
			t.Fatalf("%s holds %s at its unset value %s", it.ID, name, raw)
		case !json.Valid(raw):
			t.Fatalf("%s holds %s = %q", it.ID, name, raw)
		}
	}
}

// TestSeedExtraKeepsTheBase checks that extra items come after the seeded
// ones and leave their ids and titles alone.
func TestSeedExtraKeepsTheBase(t *testing.T) {
	base := newSeeded(t)
	more, err := seedWorld(25, seedTestNow)
	if err != nil {
		t.Fatal(err)
	}
	for key, set := range base.Items {
		bigger := more.Items[key]
		if bigger.len() != set.len()+25 {
			t.Fatalf("%v: %d items with 25 extra, want %d", key, bigger.len(), set.len()+25)
		}
		for i, it := range set.all() {
			if bigger.at(i).ID != it.ID || bigger.at(i).Title != it.Title {
				t.Fatalf("%v: item %d changed with extra items", key, i)
			}
		}
	}
}

func TestSeedTitlesFollowTheLocale(t *testing.T) {
	w := newSeeded(t)
	hasHan := func(s string) bool {
		for _, r := range s {
			if r >= 0x4e00 && r <= 0x9fff {
				return true
			}
		}
		return false
	}
	for _, k := range api.Kinds {
		zh := w.Items[itemKey{wsCustom, k}].at(0).Title
		en := w.Items[itemKey{wsPhaseOne, k}].at(0).Title
		if !hasHan(zh) || hasHan(en) {
			t.Errorf("%s titles: Chinese workspace %q, English workspace %q", k, zh, en)
		}
	}
}

func TestAppendServiceTimeMatchesFormatTime(t *testing.T) {
	for _, unix := range []int64{0, 1767690964, 1767715199, 1767715200, 951782400} {
		got := string(appendServiceTime(nil, unix))
		if want := api.FormatTime(time.Unix(unix, 0)); got != want {
			t.Errorf("appendServiceTime(%d) = %s, want %s", unix, got, want)
		}
	}
}
