// Package sandbox is a local implementation of TAPD's open API: the API
// (base_url) and the browser authorization pages (auth_url) of one service,
// served by one http.Handler. It follows CONTRACT.md, so the client is tested
// against the behaviour of the real service.
//
// Its files, in two halves.
//
// HTTP, what answers a request:
//   - server.go: the Server, its options, Start and the demo credentials.
//   - routes.go: the route table, every path with its handler; how a path
//     is read; the greeting and 405 of a path the table lacks.
//   - *_http.go: the API's handlers, one file per resource (items,
//     iterations and comments, record kinds, changes, workflows,
//     workspaces, users, todos); each reads a request,
//     takes the call (calls.go) and answers what the world builds.
//   - calls.go, authn.go, ratelimit.go, guard.go, request.go, respond.go:
//     authenticate a call, count it, lock out guessing, read parameters,
//     write envelopes.
//   - token.go, session.go, fifo.go, oauth_page.go, oauth_request.go: the
//     OAuth codes, tokens and browser sessions, and the authorization pages.
//   - web_login.go, web_item.go: the web app's sign-in and item pages.
//
// The world, what the service knows (it imports nothing of net/http but
// its status codes for the errors it returns):
//   - model.go, ids.go, ids_convert.go, secrets.go: companies, workspaces,
//     users and applications; ids; secrets.
//   - seed.go, generate.go, generate_fields.go, record_seed.go,
//     story_types.go, releases.go: the seed content and generated items.
//   - items.go, itemset.go, itemcache.go, lazy.go, gzip_page.go, wire.go,
//     filter*.go: the items, their lists, filters and wire form.
//   - catalog.go, catalog_table.go, fields.go, meta.go, priority.go,
//     tcase_fields.go: the fields of each kind and their information.
//   - write.go, write_rules.go, batch_update.go, comment_update.go,
//     changes.go, changes_write.go, changes_read.go: writes, their rules and
//     the change history they record.
//   - records.go, record_kinds.go, record_write.go, iterations_comments.go,
//     relations.go: iterations, comments and the other records.
//   - workflow.go, workflow_steps.go, todos.go, scm_keywords.go,
//     workspaces.go: workflows, to-dos, commit keywords, workspaces' data.
//   - persist.go, persist_lazy.go: the database behind --data.
package sandbox
