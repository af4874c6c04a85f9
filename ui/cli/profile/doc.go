// Package profile is `triage profile use NAME` and `triage profile list`:
// the profiles of the config file, and which one is in use.
package profile
