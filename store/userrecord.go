package store

import (
	"bytes"
	"encoding/gob"
	"errors"

	"go.etcd.io/bbolt"
)

// A user record is one value the cache keeps for a user of a service
// apart from the boards ("my work", a workspace's reference data): gob
// after a version byte, at a key of the user's bucket or of a bucket below
// it. Another version is a miss, so a change of its shape costs one read.
type userRecord struct {
	bucket  string // "" for the user's own bucket
	key     []byte
	version byte
}

// errRecordUnreadable wraps the decoding error of a user record, which its
// caller says in its own words.
var errRecordUnreadable = errors.New("unreadable")

// loadUserRecord decodes the record at r of user in the service's bucket
// svc into out; false when there is none or it has another version.
func (c *Cache) loadUserRecord(svc, user string, r userRecord, out any) (found bool, err error) {
	err = c.view(func(tx *bbolt.Tx) error {
		b := userBucket(tx, svc, user)
		if b != nil && r.bucket != "" {
			b = b.Bucket([]byte(r.bucket))
		}
		if b == nil {
			return nil
		}
		found, err = r.decode(b, out)
		return err
	})
	return found, err
}

// saveUserRecord replaces the record at r of user in the service's bucket
// svc with v.
func (c *Cache) saveUserRecord(svc, user string, r userRecord, v any) error {
	return c.update(func(tx *bbolt.Tx) error {
		b, err := r.bucketIn(tx, svc, user)
		if err != nil {
			return err
		}
		return r.encode(b, v)
	})
}

// bucketIn is the bucket that holds r in a write transaction, made if need be.
func (r userRecord) bucketIn(tx *bbolt.Tx, svc, user string) (*bbolt.Bucket, error) {
	sb, err := tx.CreateBucketIfNotExists([]byte(svc))
	if err != nil {
		return nil, err
	}
	b, err := sb.CreateBucketIfNotExists([]byte(user))
	if err != nil || r.bucket == "" {
		return b, err
	}
	return b.CreateBucketIfNotExists([]byte(r.bucket))
}

// decode reads r from b into out; false when b holds none of its version.
func (r userRecord) decode(b *bbolt.Bucket, out any) (bool, error) {
	raw := b.Get(r.key)
	if len(raw) == 0 || raw[0] != r.version {
		return false, nil
	}
	if err := gob.NewDecoder(bytes.NewReader(raw[1:])).Decode(out); err != nil {
		return false, errors.Join(errRecordUnreadable, err)
	}
	return true, nil
}

// encode writes v as r into b.
func (r userRecord) encode(b *bbolt.Bucket, v any) error {
	var buf bytes.Buffer
	buf.WriteByte(r.version)
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		return err
	}
	return b.Put(r.key, buf.Bytes())
}
