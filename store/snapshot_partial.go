package store

import (
	"errors"
	"iter"
	"time"

	"triage/api"
)

// A first load of 20,000 items at 60 requests a minute takes two minutes;
// one stopped part way (the app closed or killed) keeps the pages it listed
// in the cache, so that the next start lists only the others. Such a
// snapshot names its pages in Listed; one without is complete.

// EncodePartial encodes the items of the pages a load listed so far, in
// the order of the pages' numbers (items yields them twice), with the
// pages listed (number → items), the field information, the time and the
// sync point of the items listed. listed names one page at least (a
// snapshot of none would read back as a complete board of nothing).
func EncodePartial(items iter.Seq[*api.Item], fields api.FieldInfo, savedAt time.Time, synced string, listed map[int]int) (Encoded, error) {
	if len(listed) == 0 {
		return Encoded{}, errors.New("encode: a load part way names the pages it listed")
	}
	return encode(snapshotHead{Fields: fields, SavedAt: savedAt, Synced: synced, Listed: listed}, items)
}
