package sandbox

import (
	"math/rand/v2"

	"triage/api"
)

// Items generated on demand. The --items extras are not built at the start:
// each is made from its own random source, seeded by workspace, kind and
// position, whenever it is read, so 100,000 items per workspace and kind
// cost no memory until they are written (itemSet.edited) and the service
// answers at once.

// lazySalt mixes into the random source of each generated item.
const lazySalt = 0x6c617a795f697465

// lazyItems are the generated items of a set: n of them from its position
// at, the items at..at+n-1 of total made by gen.
type lazyItems struct {
	gen   *generator // read only: each item works on a copy
	at    int
	n     int
	total int
}

// source is the random source of the i-th generated item.
func (l *lazyItems) source(i int) *rand.Rand {
	g := l.gen
	return rand.New(rand.NewPCG(uint64(g.ws.ID)^lazySalt, uint64(g.kind)<<40|uint64(l.at+i)))
}

// item builds the i-th generated item.
func (l *lazyItems) item(i int) api.Item {
	g := *l.gen
	g.rng = l.source(i)
	g.more = rand.New(rand.NewPCG(uint64(g.ws.ID)^moreSalt, uint64(g.kind)<<40|uint64(l.at+i)))
	g.late = rand.New(rand.NewPCG(uint64(g.ws.ID)^lateSalt, uint64(g.kind)<<40|uint64(l.at+i)))
	g.buf, g.chunk, g.chunkCap = nil, nil, 4
	created := g.createdOf(l.at+i, l.total, g.rng)
	modified := created + g.rng.Int64N(g.now-created+1)
	var it api.Item
	g.fill(&it, int64(l.at+i+1), created, modified)
	return it
}

// created is the created time of the i-th generated item, as item(i) has it.
func (l *lazyItems) created(i int) string {
	unix := l.gen.createdOf(l.at+i, l.total, l.source(i))
	return string(appendServiceTime(make([]byte, 0, 19), unix))
}
