// Package demo is `triage demo`: the local service in process, a
// temporary home and the demo user's login, and the full-screen app on
// them; nothing of the user's config or credentials is read or written.
package demo
