package store

// OrphanGrace is orphanGrace, for the tests outside the package.
const OrphanGrace = orphanGrace
