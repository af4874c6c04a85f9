// Package assets holds the files embedded in the binary: the browser pages of
// the local service (web/) and its seed data.
package assets

import "embed"

// Web holds the HTML templates and the style sheet of the local service's
// authorization pages.
//
//go:embed web/*.html web/*.css
var Web embed.FS
