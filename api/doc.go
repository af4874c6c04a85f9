// Package api is the wire contract of TAPD's open API and the client that speaks it.
//
// The contract types (envelope, items, field information, resource, token and
// test-auth records, users, workspaces) and the priority rules live here once, so
// that the client and the local service (api/sandbox) agree on every shape.
// Decoding is lenient where the real service is: most values arrive as strings,
// some as numbers or null.
package api
