package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"time"

	"go.etcd.io/bbolt"
)

// A board of 100,000 items is an entry of some 20 MB. bbolt writes a value
// from pages it allocates for the transaction, and copies the values of the
// transaction again when the file grows: one Put of the whole entry cost
// three times its size at once. So an entry longer than chunkSize is written
// in chunks, each in a transaction of its own, in a bucket apart (chunks,
// inside the user's), under the entry's key, a generation and the chunk's
// number; then one last transaction puts under the entry's key a manifest
// that names the generation, and deletes the chunks of every other. A crash
// before the manifest leaves the entry before it whole; the chunks it left
// go with the next save.

// chunkSize is the most an entry holds before it is written in chunks.
const chunkSize = 2 << 20

// chunkedVersion starts a manifest: then the generation, the number of
// chunks, the length of the entry and where its text starts (uvarints). It
// shares its first byte's values with the snapshot's versions, so it is
// none of them (snapshot.go).
const chunkedVersion byte = 4

// chunkBucket holds the chunks of the user's entries, each in a bucket of
// its own under chunkData: bbolt writes a leaf again whole when a key is
// added to it, so chunks side by side in one bucket were each read back
// and copied as the next one was written.
var (
	chunkBucket = []byte("chunks")
	chunkData   = []byte("data")
)

// chunk reads chunk i of generation gen of an entry; nil when missing.
func chunk(cb *bbolt.Bucket, key []byte, gen uint64, i int) []byte {
	one := cb.Bucket(chunkKey(key, gen, i))
	if one == nil {
		return nil
	}
	return one.Get(chunkData)
}

// manifest names the chunks of an entry.
type manifest struct {
	gen, chunks, size, textAt uint64
}

func (m manifest) encode() []byte {
	b := []byte{chunkedVersion}
	for _, v := range []uint64{m.gen, m.chunks, m.size, m.textAt} {
		b = binary.AppendUvarint(b, v)
	}
	return b
}

func decodeManifest(raw []byte) (manifest, error) {
	r := &flatReader{b: raw[1:], limit: ^uint64(0)}
	m := manifest{gen: uint64(r.next()), chunks: uint64(r.next()), size: uint64(r.next()), textAt: uint64(r.next())}
	if r.err != nil || len(r.b) != 0 || m.textAt > m.size || m.chunks != (m.size+chunkSize-1)/chunkSize {
		return manifest{}, errFlat
	}
	return m, nil
}

// chunkPrefix starts the keys of every chunk of an entry.
func chunkPrefix(key []byte) []byte { return append(bytes.Clone(key), '~') }

// chunkKey names chunk i of generation gen of an entry.
func chunkKey(key []byte, gen uint64, i int) []byte {
	return fmt.Appendf(chunkPrefix(key), "%016x/%06d", gen, i)
}

// saveChunked writes an entry in chunks, then its manifest.
func (c *Cache) saveChunked(svc, user string, key []byte, e Encoded) error {
	m := manifest{gen: c.nextGeneration(svc, user, key), size: uint64(len(e.raw)), textAt: uint64(e.textAt)}
	for off := 0; off < len(e.raw); off += chunkSize {
		part := e.raw[off:min(off+chunkSize, len(e.raw))]
		at := chunkKey(key, m.gen, int(m.chunks))
		err := c.update(func(tx *bbolt.Tx) error {
			ub, err := createUserBucket(tx, svc, user)
			if err != nil {
				return err
			}
			cb, err := ub.CreateBucketIfNotExists(chunkBucket)
			if err != nil {
				return err
			}
			one, err := cb.CreateBucket(at)
			if err != nil {
				return err
			}
			return one.Put(chunkData, part)
		})
		if err != nil {
			return err
		}
		m.chunks++
	}
	return c.update(func(tx *bbolt.Tx) error {
		ub, err := createUserBucket(tx, svc, user)
		if err != nil {
			return err
		}
		if err := ub.Put(key, m.encode()); err != nil {
			return err
		}
		return dropChunks(ub, key, m.gen)
	})
}

// nextGeneration names the chunks of a new save of an entry: the time,
// past the generation saved before.
func (c *Cache) nextGeneration(svc, user string, key []byte) uint64 {
	gen := uint64(time.Now().UnixNano())
	_ = c.view(func(tx *bbolt.Tx) error {
		if ub := userBucket(tx, svc, user); ub != nil {
			if raw := ub.Get(key); len(raw) > 0 && raw[0] == chunkedVersion {
				if m, err := decodeManifest(raw); err == nil {
					gen = max(gen, m.gen+1)
				}
			}
		}
		return nil
	})
	return gen
}

// createUserBucket is the bucket of a user of a service, made when missing.
func createUserBucket(tx *bbolt.Tx, svc, user string) (*bbolt.Bucket, error) {
	sb, err := tx.CreateBucketIfNotExists([]byte(svc))
	if err != nil {
		return nil, err
	}
	return sb.CreateBucketIfNotExists([]byte(user))
}

// dropChunks deletes the chunks of an entry but those of generation keep
// (0: all).
func dropChunks(ub *bbolt.Bucket, key []byte, keep uint64) error {
	cb := ub.Bucket(chunkBucket)
	if cb == nil {
		return nil
	}
	prefix := chunkPrefix(key)
	kept := fmt.Appendf(bytes.Clone(prefix), "%016x/", keep)
	var gone [][]byte
	cur := cb.Cursor()
	for k, _ := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = cur.Next() {
		if keep == 0 || !bytes.HasPrefix(k, kept) {
			gone = append(gone, bytes.Clone(k))
		}
	}
	for _, k := range gone {
		if err := cb.DeleteBucket(k); err != nil {
			return err
		}
	}
	return nil
}

// readEntry reads the snapshot stored under key in a user's bucket, whole
// or in chunks.
func readEntry(ub *bbolt.Bucket, key, raw []byte) (Snapshot, bool, error) {
	if len(raw) == 0 || raw[0] != chunkedVersion {
		return decodeSnapshot(raw)
	}
	m, err := decodeManifest(raw)
	if err != nil {
		return Snapshot{}, false, err
	}
	cb := ub.Bucket(chunkBucket)
	if cb == nil || m.chunks == 0 {
		return Snapshot{}, false, errFlat
	}
	// The last chunk tells that the entry is as long as the manifest says,
	// before room is made for it.
	if last := chunk(cb, key, m.gen, int(m.chunks-1)); uint64(len(last)) != m.size-(m.chunks-1)*chunkSize {
		return Snapshot{}, false, errFlat
	}
	// The text goes straight into the string the items' texts are cut
	// from; the rest (the head and the lengths) into a buffer of its own.
	front := make([]byte, 0, m.textAt)
	var text strings.Builder
	text.Grow(int(m.size - m.textAt))
	at := uint64(0)
	for i := range int(m.chunks) {
		part := chunk(cb, key, m.gen, i)
		if part == nil || uint64(len(part)) > m.size-at {
			return Snapshot{}, false, errFlat
		}
		split := min(uint64(len(part)), m.textAt-min(at, m.textAt))
		front = append(front, part[:split]...)
		text.Write(part[split:])
		at += uint64(len(part))
	}
	if at != m.size || len(front) == 0 || (front[0] != flatVersion && front[0] != tableVersion) {
		return Snapshot{}, false, errFlat
	}
	s, err := decodeFlatParts(front[0], front[1:], text.String())
	return s, err == nil, err
}
