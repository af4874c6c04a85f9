package store

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"
	"time"

	"triage/api"
)

// SharedFieldsFile keeps, under Paths.CacheDir beside the item cache, the
// field information of each kind last read, with when it was read. The
// board holds the item cache's file while it runs, so `triage set` beside
// it cannot read the reference data kept there; this small file is how it
// finds the field information read within the day (ReferenceTTL) without
// asking the service again. Like the rest of the cache it is disposable:
// unreadable or missing, the field information is read from the service.
const SharedFieldsFile = "fields-info.gob"

// sharedFields is the file's content: by service key, workspace and kind.
type sharedFields map[string]map[int64]map[api.Kind]Dated[api.FieldInfo]

// ShareFieldInfo records the field information of a kind of a workspace,
// read at read, for the other processes of the profile.
func ShareFieldInfo(cacheDir, service string, workspaceID int64, kind api.Kind, fi api.FieldInfo, read time.Time) error {
	return shareFields(cacheDir, service, workspaceID, map[api.Kind]Dated[api.FieldInfo]{kind: {Value: fi, Read: read}})
}

// SharedFieldInfo is the field information of a kind of a workspace
// recorded within ReferenceTTL of now, and whether there is any.
func SharedFieldInfo(cacheDir, service string, workspaceID int64, kind api.Kind, now time.Time) (api.FieldInfo, bool) {
	all, err := readSharedFields(cacheDir)
	if err != nil {
		return nil, false
	}
	d, ok := all[service][workspaceID][kind]
	if !ok || !d.Fresh(now) || len(d.Value) == 0 {
		return nil, false
	}
	return d.Value, true
}

// shareFields adds the field information of fields to the file, replacing
// what it had of their kinds.
func shareFields(cacheDir, service string, workspaceID int64, fields map[api.Kind]Dated[api.FieldInfo]) error {
	if len(fields) == 0 {
		return nil
	}
	all, err := readSharedFields(cacheDir)
	if err != nil {
		all = sharedFields{}
	}
	if all[service] == nil {
		all[service] = map[int64]map[api.Kind]Dated[api.FieldInfo]{}
	}
	if all[service][workspaceID] == nil {
		all[service][workspaceID] = map[api.Kind]Dated[api.FieldInfo]{}
	}
	for k, d := range fields {
		all[service][workspaceID][k] = d
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(all); err != nil {
		return api.Errorf("share the field information: %w", err)
	}
	if err := os.MkdirAll(cacheDir, dirMode); err != nil {
		return api.Errorf("cache %s: %w", cacheDir, err)
	}
	return writeFileAtomic(filepath.Join(cacheDir, SharedFieldsFile), buf.Bytes())
}

// readSharedFields reads the file; none is an empty content.
func readSharedFields(cacheDir string) (sharedFields, error) {
	data, err := os.ReadFile(filepath.Join(cacheDir, SharedFieldsFile))
	if os.IsNotExist(err) {
		return sharedFields{}, nil
	}
	if err != nil {
		return nil, err
	}
	var all sharedFields
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&all); err != nil {
		return nil, api.Errorf("%s is unreadable: %w", SharedFieldsFile, err)
	}
	return all, nil
}
