// Package store keeps what triage holds on disk: the XDG paths it uses, the
// config file, and the credentials of each service (the OS keyring, or a
// private file when no keyring answers).
//
// Everything works off an explicit Paths value, so `triage demo` and tests
// run in a directory of their own and never touch the user's real files.
// Secrets live only in memory (Secret, Credential) and in the credential
// store; their formatting and encoding always redact them.
//
// It also holds the durable outbox of edits and the one list of editable
// fields (Fields, fields.go): each field's operation, names, wire field,
// value, how it is compared, sent, shown and picked. The outbox, the
// engine, the views and `triage set` read that list; adding an editable
// field starts there.
package store
