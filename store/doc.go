// Package store keeps what triage holds on disk: the XDG paths it uses, the
// config file, and the credentials of each service (the OS keyring, or a
// private file when no keyring answers).
//
// Everything works off an explicit Paths value, so `triage demo` and tests
// run in a directory of their own and never touch the user's real files.
// Secrets live only in memory (Secret, Credential) and in the credential
// store; their formatting and encoding always redact them.
//
// It also takes every edit to the service: the durable Outbox, shared safely
// by every process of a profile (shared.go says how: the file is opened for
// each transaction only, each process is a holder alive as long as its
// locked file, holder.go, a claim wins once, and the edits a killed process
// was sending are taken up once), and the Sender over it. One edit's way
// (claim, read, compare, write, mark sent) reads top to bottom in
// write_path.go; send_batch.go reads the items of a batch ahead,
// write_batch.go writes many items of a kind in one request through TAPD's
// batch interfaces, send_lane.go sends together the sends a user makes while
// one is on its way, replayer.go holds the Replayer's entry points (Send,
// Flush), and outbox_states.go the changes of state an edit goes through on
// disk.
//
// The one list of editable fields is Fields (fields.go): each field's
// operation, names, wire field, value, how it is compared, sent, shown and
// picked. The outbox, the engine, the views and `triage set` read that list;
// adding an editable field starts there.
package store
