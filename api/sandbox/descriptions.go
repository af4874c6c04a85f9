package sandbox

import (
	"strconv"
	"strings"

	"triage/api"
)

// The descriptions of generated items: TAPD's rich text, HTML. Each has a
// paragraph and a list (the steps to reproduce on bugs); every fifth also
// has a block of code and every fifth after the third an image, as TAPD's
// editor writes them: <pre><code> and an <img> whose src is the path TAPD
// gives pasted pictures (/tfl/captures/<month>/tapd_<workspace>_base64_<n>.png,
// the image_path of attachment/get_image).

// buildDescriptions makes the pool of HTML descriptions of a kind in
// workspace ws from the vocabulary.
func buildDescriptions(ws int64, k api.Kind, v *vocab) []string {
	var out []string
	n := len(v.Sentences)
	for i := range n {
		var b strings.Builder
		b.WriteString("<p>" + v.Sentences[i] + " " + v.Sentences[(i+3)%n] + "</p>")
		if k == api.Bug && len(v.Steps) > 0 {
			b.WriteString("<ol>")
			for j := range 3 {
				b.WriteString("<li>" + v.Steps[(i+j)%len(v.Steps)] + "</li>")
			}
			b.WriteString("</ol>")
		} else {
			b.WriteString("<ul><li>" + v.Sentences[(i+5)%n] + "</li></ul>")
		}
		switch i % 5 {
		case 0:
			b.WriteString(codeBlocks[k][i/5%len(codeBlocks[k])])
		case 3:
			b.WriteString(`<p><img src="/tfl/captures/2025-11/tapd_` + strconv.FormatInt(ws, 10) + `_base64_17621` + strconv.Itoa(10000+i) +
				`.png" alt="screenshot" /></p>`)
		}
		out = append(out, b.String())
	}
	return out
}

// codeBlocks are the blocks of code descriptions carry, per kind, escaped
// as TAPD's editor stores them.
var codeBlocks = map[api.Kind][]string{
	api.Story: {
		"<pre><code>GET /api/v2/invitations?team_id=42&amp;status=pending\nAccept-Language: zh-CN</code></pre>",
		"<pre><code>feature_flags:\n  new_checkout: false  # on after QA signs off</code></pre>",
	},
	api.Bug: {
		"<pre><code>TypeError: Cannot read properties of undefined (reading 'total')\n    at renderSummary (summary.js:88:17)\n    at &lt;anonymous&gt;</code></pre>",
		"<pre><code>$ curl -i https://staging.example.com/login\nHTTP/1.1 500 Internal Server Error</code></pre>",
	},
	api.Task: {
		"<pre><code>go test -race ./...\nmake deploy ENV=staging</code></pre>",
	},
}
