// Package common holds what every view of the terminal app shares: the view
// contract (Component), the read-only port to the service (Service; writes
// go through the outbox's ports), the one program context passed by pointer
// (Context), the task registry (Tasks), the messages that cross views, the
// styles and the global keys.
package common
