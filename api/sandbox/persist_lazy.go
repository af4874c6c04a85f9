package sandbox

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"triage/api"
)

// The database keeps what generated items are made from, not the items: in
// bucket "lazy", "<workspace>/<kind>" → lazyRecord. Written items are kept
// whole in "items" at their positions, as every other item. The generated
// ones are made by the running version's generator: a version that generates
// differently shows other unwritten extras in an old file.

var bucketLazy = []byte("lazy")

// lazyRecord is how a set's generated items are made again at a restart.
type lazyRecord struct {
	At         int   `json:"at"`
	N          int   `json:"n"`
	Total      int   `json:"total"`
	Now        int64 `json:"now"` // unix seconds of the seed
	LegacyOnly bool  `json:"legacy_only"`
	Stories    int   `json:"stories"`
}

// putLazy writes what the set's generated items are made from.
func putLazy(tx *bolt.Tx, key itemKey, l *lazyItems) error {
	b, err := tx.CreateBucketIfNotExists(bucketLazy)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(lazyRecord{At: l.at, N: l.n, Total: l.total, Now: l.gen.now, LegacyOnly: l.gen.legacyOnly, Stories: l.gen.stories})
	if err != nil {
		return err
	}
	return b.Put(setName(key), raw)
}

// readLazy makes the generated items of every set that has them again.
func readLazy(tx *bolt.Tx, w *world) (map[itemKey]*lazyItems, error) {
	out := make(map[itemKey]*lazyItems)
	b := tx.Bucket(bucketLazy)
	if b == nil {
		return out, nil
	}
	vocabs := make(map[string]*vocab)
	err := b.ForEach(func(name, raw []byte) error {
		key, err := parseSetName(string(name))
		if err != nil {
			return err
		}
		var rec lazyRecord
		if err := json.Unmarshal(raw, &rec); err != nil {
			return fmt.Errorf("lazy %s: %w", name, err)
		}
		ws := w.workspace(key.Workspace)
		if ws == nil {
			return fmt.Errorf("lazy %s: no such workspace", name)
		}
		v, ok := vocabs[ws.Locale]
		if !ok {
			v = new(vocab)
			if err := readSeedJSON("seed/vocab_"+ws.Locale+".json", v); err != nil {
				return err
			}
			vocabs[ws.Locale] = v
		}
		g := newGenerator(ws, key.Kind, v, w.memberNicks(ws), rec.LegacyOnly, time.Unix(rec.Now, 0))
		g.stories = rec.Stories
		out[key] = &lazyItems{gen: g, at: rec.At, n: rec.N, total: rec.Total}
		return nil
	})
	return out, err
}

// loadSet reads one stored item set; lazy (may be nil) makes its generated
// items.
func loadSet(b *bolt.Bucket, key itemKey, lazy *lazyItems) (*itemSet, error) {
	set := newItemSet(key.Workspace)
	if lazy != nil {
		set.lazy, set.lazyAt = lazy, lazy.at
	}
	if b == nil {
		return set, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		it := api.Item{Kind: key.Kind}
		if err := it.UnmarshalJSON(v); err != nil {
			return fmt.Errorf("items %s: %w", setName(key), err)
		}
		pos := int(binary.BigEndian.Uint64(k))
		if lazy != nil && pos >= lazy.at && pos < lazy.at+lazy.n {
			if set.edited == nil {
				set.edited = make(map[int]api.Item)
			}
			set.edited[pos] = it
			return nil
		}
		set.held = append(set.held, it)
		return nil
	})
	if err != nil {
		return nil, err
	}
	set.reindex()
	return set, nil
}

// workspace finds a workspace by id, or nil.
func (w *world) workspace(id int64) *Workspace {
	for _, ws := range w.Workspaces {
		if ws.ID == id {
			return ws
		}
	}
	return nil
}

// reindex finds the ids that do not follow their positions and whether
// created times rise, after a load. Generated items rise by construction and
// keep their created time, so only the held ones and the seams are read.
func (s *itemSet) reindex() {
	s.other, s.sortedCreated = nil, true
	prev := ""
	check := func(pos int) {
		c := s.createdAt(pos)
		if c < prev {
			s.sortedCreated = false
		}
		prev = c
	}
	n, lazyEnd := s.len(), s.lazyAt+s.lazyN()
	for pos := 0; pos < n; pos++ {
		if pos >= s.lazyAt && pos < lazyEnd {
			check(pos)
			pos = lazyEnd - 1
			check(pos)
			continue
		}
		check(pos)
		if id := s.idAt(pos); id != newID(s.ws, int64(pos+1)) {
			if s.other == nil {
				s.other = make(map[string]int)
			}
			s.other[id] = pos
		}
	}
}
