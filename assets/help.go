package assets

import _ "embed"

// Usage is the command line's help text.
//
//go:embed help/usage.txt
var Usage string
