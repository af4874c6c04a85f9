package store

import (
	"strconv"

	"triage/api"
)

// SeenFile keeps, under the profile's Paths.StateDir, when the user last
// looked at each kind of each workspace ("since you last looked"), per
// service and user.
const SeenFile = "seen.json"

// Seen is what the user has looked at in one kind of a workspace: Since,
// when they last looked at all of it (a time in the service's format and
// clock, which sorts as text), and Looked, the items changed after Since
// they have looked at one by one, each with the modified time it had then.
// An item modified after Since is new to the user unless Looked holds its
// modified time.
type Seen struct {
	Since  string            `json:"since"`
	Looked map[string]string `json:"looked,omitempty"`
}

// seenKey names a kind of a workspace of a service, for a user, in the file.
func seenKey(service, user string, ws int64, kind api.Kind) string {
	return service + " " + user + " " + strconv.FormatInt(ws, 10) + " " + kind.String()
}

// LoadSeen is what user last looked at in a kind of a workspace of a
// service, and false when it is not known (the first look). A file that
// cannot be read is as good as none, but is said: the marks start afresh.
func LoadSeen(stateDir, service, user string, ws int64, kind api.Kind) (Seen, bool, error) {
	all, err := readSeen(stateDir)
	if err != nil {
		return Seen{}, false, err
	}
	s, ok := all[seenKey(service, user, ws, kind)]
	return s, ok, nil
}

// SaveSeen remembers what user has looked at in a kind of a workspace.
func SaveSeen(stateDir, service, user string, ws int64, kind api.Kind, s Seen) error {
	return saveKeyed(stateDir, SeenFile, seenKey(service, user, ws, kind), s)
}

// readSeen reads the file: "service user workspace kind" → what was seen.
func readSeen(stateDir string) (map[string]Seen, error) {
	all, err := readKeyedFile[Seen](stateDir, SeenFile)
	if err != nil {
		return nil, api.Errorf("%w: what you last looked at starts afresh", err)
	}
	return all, nil
}
