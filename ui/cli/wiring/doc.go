// Package wiring is what every command of the command line shares to reach
// a service: its streams and environment (Factory), the global flags, the
// configuration they resolve (Setup: defaults, file, environment, flags),
// the credential in use (Setup.Session, and which one decides and why),
// the API client of a scriptable command (Target) and the board's files
// (Stores: the item cache and the outbox).
//
// The flow is flags → config → credential → client → stores:
// GlobalFlags.Register, Factory.Load, Setup.Session, Factory.OpenScript,
// OpenStores. Each command's package (open, login, status, …) calls these
// and nothing else to reach the service.
package wiring
