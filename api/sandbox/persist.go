package sandbox

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"triage/api"
)

// The database (Options.DataPath) is a bbolt file. Every change is one
// transaction, synced before the answer is sent, so a restart or a kill in
// the middle of a write finds either the old state or the new one.
//
//	world     "world" → JSON of companies, users, clients, workspaces;
//	          "ids" → the id prefix, when ids follow ids.go (ids_convert.go)
//	items     one sub-bucket per "<workspace>/<kind>": 8-byte position → item JSON
//	seqs      "<workspace>/<kind>" → last sequence number used in ids
//	codes     code → AuthCode JSON
//	tokens    token → AccessToken JSON
//	sessions  session id → BrowserSession JSON (signed-in browsers only)
//	records   "<workspace>/<Iteration|Comment>/<id>" → iterations and comments
//	          written through the API (iterations_comments.go)
var (
	bucketWorld    = []byte("world")
	bucketItems    = []byte("items")
	bucketSeqs     = []byte("seqs")
	bucketCodes    = []byte("codes")
	bucketTokens   = []byte("tokens")
	bucketSessions = []byte("sessions")
	keyWorld       = []byte("world")
)

// store is the database behind a server started with a DataPath.
type store struct {
	db *bolt.DB
}

// worldRecord is the stored form of the world without its items.
type worldRecord struct {
	Companies  []Company     `json:"companies"`
	Users      []User        `json:"users"`
	Clients    []OAuthClient `json:"clients"`
	Workspaces []*Workspace  `json:"workspaces"`
}

func openStore(path string) (*store, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("sandbox: database %s is in use by another process: %w", path, err)
	}
	if err != nil {
		return nil, fmt.Errorf("sandbox: open database %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketWorld, bucketItems, bucketSeqs, bucketCodes, bucketTokens, bucketSessions, bucketRecords} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("sandbox: prepare database %s: %w", path, err)
	}
	if err := convertOldIDs(db); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("%w (file %s)", err, path)
	}
	return &store{db: db}, nil
}

func (st *store) close() error {
	if err := st.db.Close(); err != nil {
		return fmt.Errorf("sandbox: close database: %w", err)
	}
	return nil
}

// loadOrSeed fills the server's state from the database when it holds one,
// and from the seed otherwise (saving the seed when there is a database).
func (s *Server) loadOrSeed() error {
	if s.opts.DataPath != "" {
		st, err := openStore(s.opts.DataPath)
		if err != nil {
			return err
		}
		s.db = st
		found, err := st.load(s)
		if err != nil {
			return err
		}
		if found {
			s.world.seedRecords(s.now())
			if err := st.db.View(func(tx *bolt.Tx) error { return loadRecordsInto(tx, s.world) }); err != nil {
				return fmt.Errorf("sandbox: load records: %w", err)
			}
			if err := st.db.View(func(tx *bolt.Tx) error { return loadChangesInto(tx, s.world) }); err != nil {
				return fmt.Errorf("sandbox: load change history: %w", err)
			}
			return nil
		}
	}
	w, err := seedWorldReporting(s.opts.ExtraItems, s.now(), s.opts.Progress)
	if err != nil {
		return fmt.Errorf("sandbox: seed: %w", err)
	}
	if s.opts.FreshSecrets {
		w.freshSecrets()
	}
	s.world = w
	s.fillItemSets()
	if s.db == nil {
		return nil
	}
	if err := s.db.saveWorld(w); err != nil {
		return err
	}
	return nil
}

// fillItemSets gives every workspace and kind an item set, empty if need be,
// and every set the world's cache of answers.
func (s *Server) fillItemSets() {
	if s.world.Items == nil {
		s.world.Items = make(map[itemKey]*itemSet)
	}
	for _, ws := range s.world.Workspaces {
		for _, k := range api.Kinds {
			key := itemKey{Workspace: ws.ID, Kind: k}
			if s.world.Items[key] == nil {
				s.world.Items[key] = newItemSet(ws.ID)
			}
		}
	}
	if s.world.encoded == nil {
		s.world.encoded = new(encodedCache)
	}
	for _, set := range s.world.Items {
		set.encoded = s.world.encoded
	}
}

// load reads the whole state into s; found is false for an empty database.
func (st *store) load(s *Server) (found bool, err error) {
	err = st.db.View(func(tx *bolt.Tx) error {
		raw := tx.Bucket(bucketWorld).Get(keyWorld)
		if raw == nil {
			return nil
		}
		found = true
		var rec worldRecord
		if err := json.Unmarshal(raw, &rec); err != nil {
			return fmt.Errorf("world: %w", err)
		}
		w := &world{Companies: rec.Companies, Users: rec.Users, Clients: rec.Clients, Workspaces: rec.Workspaces, Items: make(map[itemKey]*itemSet)}
		if err := loadItems(tx, w); err != nil {
			return err
		}
		s.world = w
		if err := loadRecords(tx.Bucket(bucketCodes), s.codes); err != nil {
			return fmt.Errorf("codes: %w", err)
		}
		if err := loadRecords(tx.Bucket(bucketTokens), s.tokens); err != nil {
			return fmt.Errorf("tokens: %w", err)
		}
		if err := loadRecords(tx.Bucket(bucketSessions), s.sessions); err != nil {
			return fmt.Errorf("sessions: %w", err)
		}
		s.queueLoaded()
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("sandbox: load database: %w", err)
	}
	if found {
		s.fillItemSets()
	}
	return found, nil
}

// loadItems reads every item set in stored position order.
func loadItems(tx *bolt.Tx, w *world) error {
	lazies, err := readLazy(tx, w)
	if err != nil {
		return err
	}
	seqs, items := tx.Bucket(bucketSeqs), tx.Bucket(bucketItems)
	keys := make(map[itemKey]bool)
	err = items.ForEachBucket(func(name []byte) error {
		key, err := parseSetName(string(name))
		if err != nil {
			return err
		}
		keys[key] = true
		return nil
	})
	if err != nil {
		return err
	}
	for key := range lazies {
		keys[key] = true
	}
	for key := range keys {
		name := setName(key)
		set, err := loadSet(items.Bucket(name), key, lazies[key])
		if err != nil {
			return err
		}
		if raw := seqs.Get(name); raw != nil {
			if set.Seq, err = strconv.ParseInt(string(raw), 10, 64); err != nil {
				return fmt.Errorf("items %s: sequence: %w", name, err)
			}
		}
		w.Items[key] = set
	}
	return nil
}

func loadRecords[T any](b *bolt.Bucket, into map[string]*T) error {
	return b.ForEach(func(k, v []byte) error {
		rec := new(T)
		if err := json.Unmarshal(v, rec); err != nil {
			return fmt.Errorf("%q: %w", k, err)
		}
		into[string(k)] = rec
		return nil
	})
}

// setName is the sub-bucket of an item set: "<workspace>/<kind>".
func setName(k itemKey) []byte {
	return []byte(strconv.FormatInt(k.Workspace, 10) + "/" + k.Kind.String())
}

func parseSetName(name string) (itemKey, error) {
	wsText, kindText, ok := strings.Cut(name, "/")
	ws, err := strconv.ParseInt(wsText, 10, 64)
	if !ok || err != nil {
		return itemKey{}, fmt.Errorf("item set %q: bad name", name)
	}
	kind, err := api.ParseKind(kindText)
	if err != nil {
		return itemKey{}, fmt.Errorf("item set %q: %w", name, err)
	}
	return itemKey{Workspace: ws, Kind: kind}, nil
}

func positionKey(pos int) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(pos))
	return b[:]
}

// saveWorld writes the whole world, items included, in one transaction.
func (st *store) saveWorld(w *world) error {
	rec, err := json.Marshal(worldRecord{Companies: w.Companies, Users: w.Users, Clients: w.Clients, Workspaces: w.Workspaces})
	if err != nil {
		return fmt.Errorf("sandbox: encode world: %w", err)
	}
	err = st.db.Update(func(tx *bolt.Tx) error {
		for key, set := range w.Items {
			if err := putSet(tx, key, set); err != nil {
				return err
			}
		}
		for key, l := range w.Changes {
			if err := putChanges(tx, key, l.list); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketWorld).Put(keyIDs, []byte(idPrefix)); err != nil {
			return err
		}
		return tx.Bucket(bucketWorld).Put(keyWorld, rec)
	})
	if err != nil {
		return fmt.Errorf("sandbox: save world: %w", err)
	}
	return nil
}

// putSet writes the items a set holds, and what its generated ones are made
// from.
func putSet(tx *bolt.Tx, key itemKey, set *itemSet) error {
	for pos := range set.len() {
		_, edited := set.edited[pos]
		if pos >= set.lazyAt && pos < set.lazyAt+set.lazyN() && !edited {
			continue
		}
		if err := putItem(tx, key, pos, set.Seq, set.at(pos)); err != nil {
			return err
		}
	}
	if err := tx.Bucket(bucketSeqs).Put(setName(key), []byte(strconv.FormatInt(set.Seq, 10))); err != nil {
		return err
	}
	if set.lazy != nil {
		return putLazy(tx, key, set.lazy)
	}
	return nil
}

func putItem(tx *bolt.Tx, key itemKey, pos int, seq int64, it api.Item) error {
	raw, err := it.MarshalJSON()
	if err != nil {
		return fmt.Errorf("encode item %s: %w", it.ID, err)
	}
	name := setName(key)
	b, err := tx.Bucket(bucketItems).CreateBucketIfNotExists(name)
	if err != nil {
		return err
	}
	if err := b.Put(positionKey(pos), raw); err != nil {
		return err
	}
	return tx.Bucket(bucketSeqs).Put(name, []byte(strconv.FormatInt(seq, 10)))
}

// change is one record to write (value set) or delete (value nil).
type change struct {
	bucket []byte
	key    string
	value  any
}

// apply writes a set of changes to codes, tokens and sessions in one transaction.
func (st *store) apply(changes ...change) error {
	if st == nil || len(changes) == 0 {
		return nil
	}
	err := st.db.Update(func(tx *bolt.Tx) error {
		for _, c := range changes {
			b := tx.Bucket(c.bucket)
			if b == nil {
				return errors.New("missing bucket " + string(c.bucket))
			}
			if c.value == nil {
				if err := b.Delete([]byte(c.key)); err != nil {
					return err
				}
				continue
			}
			raw, err := json.Marshal(c.value)
			if err != nil {
				return err
			}
			if err := b.Put([]byte(c.key), raw); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sandbox: save: %w", err)
	}
	return nil
}
