// Package status is `triage status`: who is logged in to each profile's
// service, checked with the service unless --offline, as lines or JSON,
// with an exit code a script reads (0 yes, 1 no, 3 not checked).
package status
