// Package assets holds the files embedded in the binary: the browser pages of
// the local service (web/) and its seed data.
package assets

import "embed"

// Web holds the HTML templates and the style sheet of the local service's
// authorization pages.
//
//go:embed web/*.html web/*.css
var Web embed.FS

// Seed holds the local service's seed data: the world (companies, users,
// clients, workspaces) and the vocabularies item titles are built from.
//
//go:embed seed/*.json
var Seed embed.FS
