package sandbox

import (
	"bufio"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"triage/api"
)

// restart closes the harness's server and starts another on the same data
// file and clock.
func restart(t *testing.T, h *harness, opts Options) *harness {
	t.Helper()
	if err := h.run.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	opts.Clock = h.clock.Now
	run, err := Start(opts)
	if err != nil {
		t.Fatalf("restart: %v", err)
	}
	t.Cleanup(func() { _ = run.Close() })
	return &harness{t: t, run: run, clock: h.clock, demo: run.Server.Demo()}
}

func TestPersistenceSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	opts := Options{DataPath: path, ExtraItems: 2}
	first := startHarness(t, opts)
	app := newCallbackApp(t)
	q := authQuery(first, app.redirectURI())
	b := newBrowser(t)
	signIn(t, first, b, q, "demo", first.user("demo").Password)

	created := writeStory(t, first, url.Values{"name": {"survives restarts"}, "priority_label": {"High"}})
	var before []api.Item
	listAll(t, first, &before)
	updated := writeStory(t, first, url.Values{"id": {before[0].ID}, "priority_label": {"Low"}})
	tok := first.token("story#read", "demo", wsAtlas)
	code := first.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	spent := first.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	first.exchange(spent, testRedirect).wantOK(t, nil)

	// ExtraItems of the restart is ignored: the database holds the content.
	second := restart(t, first, Options{DataPath: path, ExtraItems: 50})
	var after []api.Item
	listAll(t, second, &after)
	if len(after) != len(before) {
		t.Fatalf("%d stories after restart, %d before", len(after), len(before))
	}
	for i := range after {
		want := before[i]
		if want.ID == updated.ID {
			want = updated
		}
		if fmt.Sprint(after[i]) != fmt.Sprint(want) {
			t.Fatalf("story %d after restart:\n%v\nwant\n%v", i, after[i], want)
		}
	}
	if after[len(after)-1].ID != created.ID {
		t.Errorf("created story %s not last", created.ID)
	}
	// The sequence goes on: a new story does not reuse an id.
	next := writeStory(t, second, url.Values{"name": {"after restart"}})
	if next.ID <= created.ID {
		t.Errorf("new id %s after %s", next.ID, created.ID)
	}
	second.do(request{path: "/stories", auth: bearer(tok), query: wsQuery(wsAtlas)}).wantOK(t, nil)
	second.exchange(code, testRedirect).wantOK(t, nil)
	second.exchange(spent, testRedirect).wantError(t, 422, api.InfoCodeInvalid)
	// The browser session survives too: no password asked.
	p := b.get(second.run.URL + "/oauth/?" + q.Encode())
	if strings.Contains(p.body, `type="password"`) || !strings.Contains(p.body, `value="continue"`) {
		t.Errorf("session lost across restart:\n%s", p.body)
	}
}

func writeStory(t *testing.T, h *harness, form url.Values) api.Item {
	t.Helper()
	form.Set("workspace_id", "10022001")
	r := h.do(request{method: http.MethodPost, path: "/stories", auth: h.apiBasic(), form: form})
	r.wantOK(t, nil)
	it, err := api.DecodeItem(api.Story, r.env.Data)
	if err != nil {
		t.Fatal(err)
	}
	return it
}

// listAll reads every story of workspace 10022001, page by page.
func listAll(t *testing.T, h *harness, out *[]api.Item) {
	t.Helper()
	for page := 1; ; page++ {
		r := h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{
			"workspace_id": {"10022001"}, "limit": {"200"}, "page": {strconv.Itoa(page)}, "order": {"id asc"}}})
		r.wantOK(t, nil)
		items, err := api.DecodeItems(api.Story, r.env.Data)
		if err != nil {
			t.Fatal(err)
		}
		*out = append(*out, items...)
		if len(items) < 200 {
			return
		}
	}
}

func TestMemoryOnlyWithoutDataPath(t *testing.T) {
	h := startHarness(t, Options{})
	writeStory(t, h, url.Values{"name": {"gone after restart"}})
	var items []api.Item
	listAll(t, h, &items)
	fresh := restart(t, h, Options{})
	var again []api.Item
	listAll(t, fresh, &again)
	if len(again) != len(items)-1 {
		t.Errorf("%d stories in a fresh server, want %d", len(again), len(items)-1)
	}
}

func TestDatabaseInUseIsReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	startHarness(t, Options{DataPath: path})
	if s, err := New(Options{DataPath: path}); err == nil || !strings.Contains(err.Error(), "in use") {
		if err == nil {
			_ = s.Close()
		}
		t.Fatalf("a second server on a database in use: %v", err)
	}
	if _, err := New(Options{DataPath: filepath.Join(t.TempDir(), "missing", "dir", "x.db")}); err == nil {
		t.Fatal("a database in a missing directory opened")
	}
}

// killChildEnv makes the test binary a writer that the parent kills.
const killChildEnv = "SANDBOX_KILL_CHILD_DB"

// TestPersistenceSurvivesKill kills a process in the middle of a stream of
// writes and checks that the database opens with every acknowledged write.
func TestPersistenceSurvivesKill(t *testing.T) {
	if path := os.Getenv(killChildEnv); path != "" {
		runKillChild(path)
		return
	}
	if testing.Short() {
		t.Skip("spawns a process")
	}
	path := filepath.Join(t.TempDir(), "sandbox.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestPersistenceSurvivesKill$")
	cmd.Env = append(os.Environ(), killChildEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	acked := map[string]bool{}
	for lines.Scan() && len(acked) < 25 {
		if id, ok := strings.CutPrefix(lines.Text(), "wrote "); ok {
			acked[id] = true
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if len(acked) < 25 {
		t.Fatalf("child acknowledged only %d writes", len(acked))
	}

	s, err := New(Options{DataPath: path})
	if err != nil {
		t.Fatalf("database after kill: %v", err)
	}
	defer s.Close()
	s.mu.RLock()
	defer s.mu.RUnlock()
	set := s.world.Items[itemKey{Workspace: wsAtlas, Kind: api.Story}]
	for id := range acked {
		if _, ok := set.find(id); !ok {
			t.Errorf("acknowledged story %s lost", id)
		}
	}
	for pos, it := range set.all() {
		if position(set, it.ID) != pos {
			t.Fatalf("index of %s is %d, want %d", it.ID, position(set, it.ID), pos)
		}
		seq, _ := strconv.ParseInt(it.ID[len(it.ID)-9:], 10, 64)
		if seq > set.Seq {
			t.Fatalf("item %s beyond sequence %d", it.ID, set.Seq)
		}
	}
}

// runKillChild writes stories until it is killed, printing each id once saved.
func runKillChild(path string) {
	s, err := New(Options{DataPath: path})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	p := principal{Method: methodBasic, CompanyID: "21000001"}
	for i := 0; ; i++ {
		data, herr := s.writeAndSave(p, api.Story, url.Values{"workspace_id": {"10022001"}, "name": {"story " + strconv.Itoa(i)}})
		if herr != nil {
			fmt.Println("error", herr.Info)
			os.Exit(1)
		}
		it, err := api.DecodeItem(api.Story, data)
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println("wrote " + it.ID)
	}
}

// TestRefusedWriteIsUndone: when the database refuses a write the service
// answers 500 and its memory keeps the state the database has.
func TestRefusedWriteIsUndone(t *testing.T) {
	h := startHarness(t, Options{DataPath: filepath.Join(t.TempDir(), "sandbox.db")})
	var before []api.Item
	listAll(t, h, &before)
	if err := h.srv().db.db.Close(); err != nil {
		t.Fatal(err)
	}
	for _, form := range []url.Values{
		{"workspace_id": {"10022001"}, "name": {"refused"}},
		{"workspace_id": {"10022001"}, "id": {before[0].ID}, "name": {"refused rename"}},
	} {
		r := h.do(request{method: http.MethodPost, path: "/stories", auth: h.apiBasic(), form: form})
		r.wantError(t, http.StatusInternalServerError, "the change could not be saved; try again")
	}
	code := h.do(request{method: http.MethodPost, path: "/tokens/request_token", auth: h.clientBasic(),
		form: url.Values{"grant_type": {"authorization_code"}, "code": {"x"}, "redirect_uri": {testRedirect}}})
	code.wantError(t, 422, api.InfoCodeInvalid)
	var after []api.Item
	listAll(t, h, &after)
	if fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("a refused write changed the stories")
	}
	s := h.srv()
	s.mu.Lock()
	_, err := s.issueCode(h.demo.ClientID, testRedirect, "story#read", "demo", wsAtlas)
	s.mu.Unlock()
	if err == nil {
		t.Fatal("a code was issued without being saved")
	}
}
