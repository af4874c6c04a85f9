package sandbox

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"time"

	"triage/api"
)

// Item generation for the seed. It must be fast (a benchmark asks for 100,000
// extra items per workspace and kind), so every value that repeats is built
// once and shared, and the strings of one item share one allocation.

// seedSpan is how far back seeded items were created.
const seedSpan = 180 * 24 * time.Hour

// seedSalt mixes into the random seed of each workspace and kind.
const seedSalt = 0x7472696167655f31

// generator makes the items of one kind in one workspace.
type generator struct {
	ws         *Workspace
	kind       api.Kind
	v          *vocab
	rng        *rand.Rand
	now        int64 // unix seconds
	legacyOnly bool
	rule       priorityRule
	wsID       string
	nicks      []string
	owners     []string          // "nick;", a few pairs, and "" for unassigned
	nickRaw    []json.RawMessage // "nick"
	peopleRaw  []json.RawMessage // "nick;"
	labels     []string
	descs      []string
	iterations []string
	modules    []json.RawMessage
	numbers    []json.RawMessage // "1" … "20"
	shares     []json.RawMessage // "0", "25", "50", "75", "100"
	dayBase    int64             // unix day of days[0]
	days       []json.RawMessage // "YYYY-MM-DD" from dayBase on
	custom     []customPool
	more       *rand.Rand        // for the fields added since the first seed (see extras)
	late       *rand.Rand        // for the custom fields added since the first seed (FieldDef.Late)
	sizes      []json.RawMessage // "1", "2", "3", "5", "8", "13"
	versions   []json.RawMessage
	resolution []json.RawMessage
	chunk      []byte // where rawTime cuts its values from
	chunkCap   int    // values a new chunk holds
	stories    int    // stories of the workspace, that tasks link to
	buf        []byte
}

// customPool holds the values a custom field is generated from.
type customPool struct {
	name   string
	values []json.RawMessage
	late   bool // drawn from the generator's late source
}

func rawString(s string) json.RawMessage {
	raw, _ := json.Marshal(s)
	return raw
}

func newGenerator(ws *Workspace, k api.Kind, v *vocab, nicks []string, legacyOnly bool, now time.Time) *generator {
	g := &generator{
		ws: ws, kind: k, v: v, now: now.Unix(), legacyOnly: legacyOnly,
		rng:  rand.New(rand.NewPCG(uint64(ws.ID), uint64(k)^seedSalt)),
		rule: ruleFor(ws, k), wsID: strconv.FormatInt(ws.ID, 10), nicks: nicks,
		buf: make([]byte, 0, 256), chunkCap: 256,
	}
	for i, n := range nicks {
		g.owners = append(g.owners, n+";")
		if i > 0 {
			g.owners = append(g.owners, nicks[0]+";"+n+";")
		}
		g.nickRaw = append(g.nickRaw, rawString(n))
		g.peopleRaw = append(g.peopleRaw, rawString(n+";"))
	}
	g.labels = append(g.labels, v.Labels...)
	for i := 0; i+1 < len(v.Labels); i += 2 {
		g.labels = append(g.labels, v.Labels[i]+"|"+v.Labels[i+1])
	}
	g.descs = buildDescriptions(ws.ID, k, v)
	for i := int64(1); i <= 6; i++ {
		g.iterations = append(g.iterations, newID(ws.ID, i))
	}
	for _, top := range v.Modules {
		for _, leaf := range top.Children {
			g.modules = append(g.modules, rawString(leaf.Name))
		}
	}
	for i := 1; i <= 20; i++ {
		g.numbers = append(g.numbers, rawString(strconv.Itoa(i)))
	}
	for i := 0; i <= 100; i += 25 {
		g.shares = append(g.shares, rawString(strconv.Itoa(i)))
	}
	const day = 24 * 3600
	g.dayBase = (g.now-int64(seedSpan/time.Second))/day - 1
	for d := g.dayBase; d < g.now/day+60; d++ {
		g.days = append(g.days, rawString(time.Unix(d*day, 0).In(api.ServiceZone).Format(time.DateOnly)))
	}
	for _, f := range ws.Fields[k.String()] {
		pool := customPool{name: f.Name, late: f.Late}
		switch {
		case f.HTMLType == "user_chooser":
			pool.values = g.peopleRaw
		case len(f.Options) > 0:
			for _, o := range f.Options {
				pool.values = append(pool.values, rawString(o))
			}
		default:
			pool.values = g.numbers
		}
		g.custom = append(g.custom, pool)
	}
	g.addPools(ws, k)
	return g
}

// generate makes base items now and extra more generated on demand (lazy.go),
// created one after the other across the seed span before now. Tasks link
// to the stories of the workspace, of which there are stories.
func (g *generator) generate(base, extra, stories int) *itemSet {
	n := base + extra
	set := newItemSet(g.ws.ID)
	set.held = make([]api.Item, base, base+16)
	set.Seq = int64(n)
	set.lazyAt = base
	g.stories = stories
	for i := range base {
		created := g.createdOf(i, n, g.rng)
		modified := created + g.rng.Int64N(g.now-created+1)
		g.fill(&set.held[i], int64(i+1), created, modified)
	}
	if extra > 0 {
		set.lazy = &lazyItems{gen: g, at: base, n: extra, total: n}
	}
	return set
}

// createdOf is the created time of the i-th of n items: somewhere in its
// share of the seed span, so created times rise with i.
func (g *generator) createdOf(i, n int, rng *rand.Rand) int64 {
	span := int64(seedSpan / time.Second)
	step := max(span/int64(max(n, 1)), 1)
	return g.now - span + int64(i)*span/int64(n) + rng.Int64N(step)
}

// fill generates one item.
func (g *generator) fill(it *api.Item, seq, created, modified int64) {
	b := appendID(g.buf[:0], g.ws.ID, seq)
	b = appendServiceTime(b, created)
	b = appendServiceTime(b, modified)
	b = g.appendTitle(b)
	s := string(b)
	g.buf = b
	*it = api.Item{
		Kind: g.kind, ID: s[:idLen], Created: s[idLen : idLen+19], Modified: s[idLen+19 : idLen+38], Title: s[idLen+38:],
		WorkspaceID: g.wsID,
		Status:      g.status(),
		Creator:     g.pick(g.nicks),
		IterationID: "0",
		Description: g.pick(g.descs),
	}
	if g.rng.IntN(100) < 95 {
		it.Owner = g.pick(g.owners)
	}
	if g.rng.IntN(100) >= 25 {
		it.IterationID = g.pick(g.iterations)
	}
	if r := g.rng.IntN(100); r >= 45 {
		it.Label = g.pick(g.labels)
	}
	g.priority(it)
	switch g.kind {
	case api.Bug:
		it.Severity = severities[weighted(g.rng, bugSeverityWeights)].value
	case api.Task:
		it.StoryID = "0"
		if g.stories > 0 && g.rng.IntN(100) < 75 {
			it.StoryID = newID(g.ws.ID, int64(g.rng.IntN(g.stories))+1)
		}
	}
	it.Extra = g.extras(it, created, modified)
}

// Status weights, in the order of statuses(kind).
var (
	storyStatusWeights = []int{30, 35, 25, 10}
	bugStatusWeights   = []int{20, 20, 20, 10, 20, 5, 5}
	taskStatusWeights  = []int{35, 35, 30}
	bugSeverityWeights = []int{5, 20, 50, 15, 10}
)

func (g *generator) status() string {
	weights := storyStatusWeights
	switch g.kind {
	case api.Bug:
		weights = bugStatusWeights
	case api.Task:
		weights = taskStatusWeights
	}
	return statuses(g.kind)[weighted(g.rng, weights)].value
}

// weighted picks an index with the given weights.
func weighted(rng *rand.Rand, weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	r := rng.IntN(total)
	for i, w := range weights {
		if r < w {
			return i
		}
		r -= w
	}
	return len(weights) - 1
}

func (g *generator) pick(pool []string) string { return pool[g.rng.IntN(len(pool))] }

// priority sets the priority as the workspace's rollout state stores it; 6%
// of items have none. In a workspace with custom priorities 2% hold a value
// outside the configured ones; elsewhere values stay within the legacy map,
// as the specification says only custom priorities bring other strings.
func (g *generator) priority(it *api.Item) {
	r := g.rng.IntN(100)
	legacy := api.LegacyPriorities(g.kind)
	var p api.LegacyPriority
	switch {
	case r < 6:
		return
	case r < 8 && g.rule.custom != nil:
		g.strayPriority(it)
		return
	case r < 8:
		p = legacy[r%len(legacy)] // no draw: the items after keep their values
	case g.rule.custom != nil:
		c := g.rule.custom[g.rng.IntN(len(g.rule.custom))]
		it.PriorityLabel, it.Priority = c.Value, c.Value
		return
	default:
		p = legacy[g.rng.IntN(len(legacy))]
	}
	it.Priority = p.Code
	if !g.legacyOnly {
		it.PriorityLabel = p.Label
	}
}

// strayPriority is a value no option of a custom workspace names, to
// exercise "unknown" columns.
func (g *generator) strayPriority(it *api.Item) {
	if g.ws.Locale == "zh" {
		it.PriorityLabel, it.Priority = "非常紧急", "非常紧急"
		return
	}
	it.PriorityLabel, it.Priority = "Blocker", "Blocker"
}

// appendTitle appends a title built from the vocabulary of the kind.
func (g *generator) appendTitle(b []byte) []byte {
	v := g.v
	switch g.kind {
	case api.Bug:
		b = append(b, g.pick(v.Bug.Areas)...)
		b = append(b, v.Bug.AreaSep...)
		symptom, cond := g.pick(v.Bug.Symptoms), g.pick(v.Bug.Conditions)
		if v.Bug.ConditionFirst {
			return append(append(b, cond...), symptom...)
		}
		return append(append(append(b, symptom...), ' '), cond...)
	case api.Task:
		b = append(b, g.pick(v.Task.Verbs)...)
		b = append(b, v.Join...)
		return append(b, g.pick(v.Task.Objects)...)
	}
	b = append(b, g.pick(v.Story.Verbs)...)
	b = append(b, v.Join...)
	b = append(b, g.pick(v.Story.Objects)...)
	if g.rng.IntN(100) < 60 {
		b = append(b, v.Join...)
		b = append(b, g.pick(v.Story.Qualifiers)...)
	}
	return b
}

// appendServiceTime appends unix seconds as YYYY-MM-DD HH:MM:SS in the
// service's zone, as api.FormatTime writes it, without a layout parser.
func appendServiceTime(b []byte, unix int64) []byte {
	t := time.Unix(unix, 0).In(api.ServiceZone)
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	b = appendPadded(b, int64(y), 4)
	b = append(b, '-')
	b = appendPadded(b, int64(mo), 2)
	b = append(b, '-')
	b = appendPadded(b, int64(d), 2)
	b = append(b, ' ')
	b = appendPadded(b, int64(h), 2)
	b = append(b, ':')
	b = appendPadded(b, int64(mi), 2)
	b = append(b, ':')
	return appendPadded(b, int64(s), 2)
}
