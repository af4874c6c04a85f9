package sandbox

import (
	"encoding/json"
	"math/rand/v2"

	"triage/api"
)

// The extra fields of generated items. An item holds only the fields it has
// a value for (see wire.go), about seven on average, so that a million items
// fit in a few hundred megabytes.
//
// The fields of the first seed (module, dates, cc, modifier, fixer, effort,
// progress, custom fields) draw from the generator's main random source in
// the order they always did, so the seeded items are what they were; the
// fields added since (developer, size, effort, completion times, versions)
// draw from a second source.

// moreSalt mixes into the seed of the second random source, lateSalt into
// that of the custom fields added since the first seed.
const (
	moreSalt = 0x6669656c64735f32
	lateSalt = 0x637573746f6d5f33
)

// storedField is an extra field of an item being generated.
type storedField struct {
	name string
	raw  json.RawMessage
}

// addPools makes the second random source and the values it picks from.
func (g *generator) addPools(ws *Workspace, k api.Kind) {
	g.more = rand.New(rand.NewPCG(uint64(ws.ID)^moreSalt, uint64(k)))
	g.late = rand.New(rand.NewPCG(uint64(ws.ID)^lateSalt, uint64(k)))
	for _, s := range []string{"1", "2", "3", "5", "8", "13"} {
		g.sizes = append(g.sizes, rawString(s))
	}
	for _, s := range []string{"1.0", "1.1", "1.2", "2.0"} {
		g.versions = append(g.versions, rawString(s))
	}
	for _, s := range []string{"fixed", "fixed", "fixed", "postponed", "duplicated", "not_reproducible"} {
		g.resolution = append(g.resolution, rawString(s))
	}
}

// extras are the extra fields the item holds: the kind's and the
// workspace's custom fields. The map is made at its final size.
func (g *generator) extras(it *api.Item, created, modified int64) map[string]json.RawMessage {
	var held [24]storedField
	fs := held[:0]
	put := func(name string, raw json.RawMessage) {
		if raw != nil {
			fs = append(fs, storedField{name, raw})
		}
	}
	editor := g.nickRaw[g.rng.IntN(len(g.nickRaw))]
	begin, due := g.schedule(created, 40)
	switch g.kind {
	case api.Story:
		put("module", g.module())
		put("begin", begin)
		put("due", due)
		if g.rng.IntN(100) < 20 {
			put("cc", g.person(g.rng))
		}
		put("modifier", editor)
	case api.Bug:
		put("module", g.module())
		switch it.Status {
		case "resolved", "verified", "closed":
			put("fixer", g.person(g.rng))
		}
		_, deadline := g.schedule(created, 60)
		put("deadline", deadline)
		put("lastmodify", editor)
	case api.Task:
		put("begin", begin)
		put("due", due)
		put("effort", g.numbers[g.rng.IntN(16)])
		put("progress", g.progress(it.Status))
		put("modifier", editor)
	}
	for _, c := range g.custom {
		r := g.rng
		if c.late {
			r = g.late
		}
		if r.IntN(100) < 15 {
			continue
		}
		put(c.name, c.values[r.IntN(len(c.values))])
	}
	fs = g.moreFields(fs, it, modified, editor)
	m := make(map[string]json.RawMessage, len(fs))
	for _, f := range fs {
		m[f.name] = f.raw
	}
	return m
}

// moreFields adds the fields drawn from the second random source.
func (g *generator) moreFields(fs []storedField, it *api.Item, modified int64, editor json.RawMessage) []storedField {
	r := g.more
	pct := func(p int) bool { return r.IntN(100) < p }
	var done json.RawMessage // when the item was finished: its last change
	switch it.Status {
	case "resolved", "verified", "closed", "done":
		done = g.rawTime(modified)
	}
	switch g.kind {
	case api.Story:
		if pct(30) {
			fs = append(fs, storedField{"developer", g.person(r)})
		}
		if pct(30) {
			fs = append(fs, storedField{"size", g.sizes[r.IntN(len(g.sizes))]})
		}
		if pct(40) {
			effort := 1 + r.IntN(len(g.numbers))
			fs = append(fs, storedField{"effort", g.numbers[effort-1]})
			if it.Status != "planning" {
				fs = append(fs, storedField{"effort_completed", g.numbers[r.IntN(effort)]})
			}
		}
		if it.Status == "resolved" {
			fs = append(fs, storedField{"completed", done})
		}
	case api.Bug:
		if pct(50) {
			fs = append(fs, storedField{"de", g.person(r)})
		}
		if pct(25) {
			fs = append(fs, storedField{"te", g.person(r)})
		}
		if pct(40) {
			fs = append(fs, storedField{"version_report", g.versions[r.IntN(len(g.versions))]})
		}
		if done != nil {
			fs = append(fs, storedField{"resolved", done}, storedField{"resolution", g.resolution[r.IntN(len(g.resolution))]})
		}
		if it.Status == "closed" {
			fs = append(fs, storedField{"closed", done}, storedField{"closer", editor})
		}
	case api.Task:
		if it.Status != "open" {
			fs = append(fs, storedField{"effort_completed", g.numbers[r.IntN(8)]})
		}
		if done != nil {
			fs = append(fs, storedField{"completed", done})
		}
	}
	return fs
}

// person is one of the workspace's people, as people fields hold them ("nick;").
func (g *generator) person(r *rand.Rand) json.RawMessage {
	return g.peopleRaw[r.IntN(len(g.peopleRaw))]
}

// rawTime is unix seconds as a JSON string in the service's format. The
// values are cut from shared chunks: one allocation for hundreds of them.
func (g *generator) rawTime(unix int64) json.RawMessage {
	const size = len(`"2006-01-02 15:04:05"`)
	if cap(g.chunk)-len(g.chunk) < size {
		g.chunk = make([]byte, 0, g.chunkCap*size)
	}
	start := len(g.chunk)
	g.chunk = append(g.chunk, '"')
	g.chunk = appendServiceTime(g.chunk, unix)
	g.chunk = append(g.chunk, '"')
	return g.chunk[start:len(g.chunk):len(g.chunk)]
}

// module is a leaf of the module tree; nil (unset) for 15% of items.
func (g *generator) module() json.RawMessage {
	if len(g.modules) == 0 || g.rng.IntN(100) < 15 {
		return nil
	}
	return g.modules[g.rng.IntN(len(g.modules))]
}

// schedule is a begin and due date after created; nil (unset) in nullPct
// percent of items.
func (g *generator) schedule(created int64, nullPct int) (begin, due json.RawMessage) {
	if g.rng.IntN(100) < nullPct {
		return nil, nil
	}
	d := created/(24*3600) - g.dayBase + int64(g.rng.IntN(8))
	e := d + 3 + int64(g.rng.IntN(28))
	last := int64(len(g.days) - 1)
	return g.days[min(d, last)], g.days[min(e, last)]
}

// progress is a task's share done: nil (unset, "0") when open, 100 when done.
func (g *generator) progress(status string) json.RawMessage {
	switch status {
	case "done":
		return g.shares[len(g.shares)-1]
	case "progressing":
		return g.shares[1+g.rng.IntN(len(g.shares)-2)]
	}
	return nil
}
