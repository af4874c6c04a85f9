// Package login is `triage login` (by the browser, a personal access token
// or an API account, asking which when no flag says, and storing the
// credential) and `triage logout` (forgetting it and the boards cached for
// it). The full-screen app's first start uses its browser login too.
package login
