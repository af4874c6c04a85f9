// Package open is `triage` without a command: it resolves the credential
// (asking the service whose it is when it must, and which workspace a
// browser login was granted), then wires the client, the stores, the log,
// the user's commands and views into the full-screen app and runs it
// (RunApp, which the demo shares). When the app ends it says what edits
// were left unsent.
package open
