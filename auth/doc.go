// Package auth logs the user in to the service and holds the result as a
// Session.
//
// Three ways in:
//   - OAuth user mode (StartOAuth): the authorization page opens in a browser,
//     the service redirects to a loopback listener on 127.0.0.1 (or the user
//     pastes the redirected address), and the code is exchanged for a
//     user-mode token whose expiry is tracked.
//   - A personal access token (LoginToken), checked with /users/info.
//   - A Basic API account (LoginBasic), checked with /quickstart/testauth.
//
// Secrets (client secret, codes, tokens, passwords) never appear in an error,
// a page shown to the browser, or the formatting of a Session.
package auth
