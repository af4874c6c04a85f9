package sandbox

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"sync"
	"time"

	"triage/api"
	"triage/assets"
)

// The seed: the world the sandbox starts with, built from assets/seed. The
// facts (companies, users, the OAuth client, workspaces) are fixed in
// world.json; items are generated from the vocabularies with a random source
// seeded by workspace and kind, so the same (extra, now) gives the same world.

// seedFile is the shape of assets/seed/world.json.
type seedFile struct {
	Counts     map[string]int  `json:"counts"` // items per kind and workspace
	Companies  []Company       `json:"companies"`
	Users      []User          `json:"users"`
	Clients    []OAuthClient   `json:"clients"`
	Workspaces []seedWorkspace `json:"workspaces"`
}

// seedWorkspace is a workspace of the seed and how its items are generated.
type seedWorkspace struct {
	Workspace
	// LegacyOnly workspaces hold items migrated from old data: the legacy
	// priority is set and priority_label is empty.
	LegacyOnly bool `json:"legacy_only"`
}

// vocab is the shape of assets/seed/vocab_<locale>.json: the words titles,
// labels, modules and descriptions are built from.
type vocab struct {
	Join  string `json:"join"` // between the parts of a title
	Story struct {
		Verbs      []string `json:"verbs"`
		Objects    []string `json:"objects"`
		Qualifiers []string `json:"qualifiers"`
	} `json:"story"`
	Bug struct {
		Areas          []string `json:"areas"`
		Symptoms       []string `json:"symptoms"`
		Conditions     []string `json:"conditions"`
		AreaSep        string   `json:"area_sep"`
		ConditionFirst bool     `json:"condition_first"`
	} `json:"bug"`
	Task struct {
		Verbs   []string `json:"verbs"`
		Objects []string `json:"objects"`
	} `json:"task"`
	Labels    []string         `json:"labels"`
	Modules   []api.OptionNode `json:"modules"`
	Sentences []string         `json:"sentences"`
	Steps     []string         `json:"steps"`
}

// seedWorld builds the initial content: the facts of world.json and, per
// workspace and kind, the seeded items plus extra generated ones.
func seedWorld(extra int, now time.Time) (*world, error) {
	return seedWorldReporting(extra, now, nil)
}

// seedWorldReporting is seedWorld telling progress (when not nil) how many
// of the item sets are built, one call per set, never two at once.
func seedWorldReporting(extra int, now time.Time, progress func(done, total int)) (*world, error) {
	if extra < 0 {
		return nil, fmt.Errorf("seed: extra items must not be negative, got %d", extra)
	}
	var sf seedFile
	if err := readSeedJSON("seed/world.json", &sf); err != nil {
		return nil, err
	}
	if err := sf.validate(); err != nil {
		return nil, fmt.Errorf("seed/world.json: %w", err)
	}
	vocabs := make(map[string]*vocab)
	w := &world{
		Companies: sf.Companies,
		Users:     sf.Users,
		Clients:   sf.Clients,
		Items:     make(map[itemKey]*itemSet),
	}
	jobs := make([]seedJob, len(sf.Workspaces))
	for i := range sf.Workspaces {
		sw := &sf.Workspaces[i]
		v, ok := vocabs[sw.Locale]
		if !ok {
			v = new(vocab)
			if err := readSeedJSON("seed/vocab_"+sw.Locale+".json", v); err != nil {
				return nil, err
			}
			vocabs[sw.Locale] = v
		}
		ws := sw.Workspace
		ws.Modules, ws.Labels = v.Modules, v.Labels
		w.Workspaces = append(w.Workspaces, &ws)
		jobs[i] = seedJob{ws: &ws, v: v, members: w.memberNicks(&ws), legacyOnly: sw.LegacyOnly}
	}
	// Workspaces are generated in parallel: each has its own random sources,
	// so the result does not depend on the schedule.
	var wg sync.WaitGroup
	var mu sync.Mutex
	built, total := 0, len(jobs)*len(api.Kinds)
	for i := range jobs {
		jobs[i].built = func() {
			mu.Lock()
			defer mu.Unlock()
			built++
			if progress != nil {
				progress(built, total)
			}
		}
		wg.Go(func() { jobs[i].run(sf.Counts, extra, now) })
	}
	wg.Wait()
	for _, j := range jobs {
		for k, set := range j.sets {
			w.Items[itemKey{Workspace: j.ws.ID, Kind: api.Kind(k)}] = set
		}
	}
	w.seedRecords(now)
	w.seedRecentChanges(now)
	return w, nil
}

// seedJob generates the items of one workspace.
type seedJob struct {
	ws         *Workspace
	v          *vocab
	members    []string
	legacyOnly bool
	sets       [len(api.Kinds)]*itemSet
	built      func() // called after each set
}

func (j *seedJob) run(counts map[string]int, extra int, now time.Time) {
	for _, k := range api.Kinds {
		g := newGenerator(j.ws, k, j.v, j.members, j.legacyOnly, now)
		j.sets[k] = g.generate(counts[k.String()], extra, counts[api.Story.String()]+extra)
		j.built()
	}
}

func readSeedJSON(name string, v any) error {
	raw, err := fs.ReadFile(assets.Seed, name)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("seed: %s: %w", name, err)
	}
	return nil
}

// validate checks the facts the rest of the sandbox relies on.
func (sf *seedFile) validate() error {
	if len(sf.Companies) == 0 || len(sf.Users) == 0 || len(sf.Clients) == 0 || len(sf.Workspaces) == 0 {
		return fmt.Errorf("needs companies, users, clients and workspaces")
	}
	companies := make(map[string]bool)
	for _, c := range sf.Companies {
		companies[c.ID] = true
	}
	seen := make(map[int64]bool)
	for _, ws := range sf.Workspaces {
		if len(strconv.FormatInt(ws.ID, 10)) != 8 {
			return fmt.Errorf("workspace id %d is not 8 digits", ws.ID)
		}
		if seen[ws.ID] {
			return fmt.Errorf("workspace id %d appears twice", ws.ID)
		}
		seen[ws.ID] = true
		if !companies[ws.CompanyID] {
			return fmt.Errorf("workspace %d names unknown company %q", ws.ID, ws.CompanyID)
		}
		if ws.Locale != "en" && ws.Locale != "zh" {
			return fmt.Errorf("workspace %d has locale %q (want en or zh)", ws.ID, ws.Locale)
		}
	}
	for _, u := range sf.Users {
		if len(u.PersonalToken) != 40 {
			return fmt.Errorf("user %s: personal token is not 40 characters", u.Nick)
		}
		for _, id := range u.Workspaces {
			if !seen[id] {
				return fmt.Errorf("user %s takes part in unknown workspace %d", u.Nick, id)
			}
		}
	}
	return nil
}

// memberNicks are the nicks of the users taking part in ws, in seed order;
// the company's API account when nobody does.
func (w *world) memberNicks(ws *Workspace) []string {
	var nicks []string
	for _, u := range w.Users {
		if slices.Contains(u.Workspaces, ws.ID) {
			nicks = append(nicks, u.Nick)
		}
	}
	if len(nicks) == 0 {
		nicks = append(nicks, w.actor(principal{CompanyID: ws.CompanyID}))
	}
	return nicks
}
