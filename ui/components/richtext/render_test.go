package richtext

import (
	"strings"
	"testing"
)

// TestRender renders each element of TAPD's rich text for the terminal:
// paragraphs, bulleted and numbered lists, code kept verbatim, tables as
// aligned text, links as OSC 8 hyperlinks (or "text (address)" when
// plain), images named with their address.
func TestRender(t *testing.T) {
	const base = "https://www.tapd.cn"
	tests := []struct {
		name  string
		in    string
		links bool
		want  string // lines joined by "\n"
	}{
		{"paragraphs", "<p>One  line.</p><p>Two\n<b>bold</b>.</p>", false, "One line.\n\nTwo bold."},
		{"bulleted list", "<p>Do:</p><ul><li>this</li><li>that</li></ul><p>Done.</p>", false, "Do:\n\n• this\n• that\n\nDone."},
		{"numbered list, nested", "<ol><li>Log in<ul><li>as admin</li></ul></li><li>Wait</li></ol>", false, "1. Log in\n  • as admin\n2. Wait"},
		{"code block verbatim, indented", "<p>Run:</p><pre><code>if x &lt; 1 {\n\treturn  &quot;a&quot;\n}</code></pre><p>then.</p>", false,
			"Run:\n\n    if x < 1 {\n        return  \"a\"\n    }\n\nthen."},
		{"inline code", "<p>Set <code>limit=200</code> first.</p>", false, "Set `limit=200` first."},
		{"table aligned", "<table><tr><th>Browser</th><th>Result</th></tr><tr><td>Safari 17</td><td><p>blank</p></td></tr><tr><td>Edge</td><td>ok</td></tr></table><p>After.</p>", false,
			"Browser    Result\nSafari 17  blank\nEdge       ok\n\nAfter."},
		{"link as OSC 8", `<p>See <a href="https://example.com/d?a=1&amp;b=2">the design</a> now.</p>`, true,
			"See \x1b]8;;https://example.com/d?a=1&b=2\x1b\\the design\x1b]8;;\x1b\\ now."},
		{"link plain", `<p>See <a href="https://example.com/d">the design</a>.</p>`, false, "See the design (https://example.com/d)."},
		{"relative link against the base", `<a href="/10022001/prong/stories/view/1">story 1</a>`, false, "story 1 (https://www.tapd.cn/10022001/prong/stories/view/1)"},
		{"link whose text is its address", `<a href="https://example.com">https://example.com</a>`, true, "https://example.com"},
		{"a link that would steer the terminal is text", "<a href=\"https://e.com/\x1b]8;;x\">click</a>", true, "click"},
		{"javascript is no link", `<a href="javascript:alert(1)">click</a>`, true, "click"},
		{"image with its address", `<p>Look: <img src="/tfl/captures/2026-11/tapd_10022001_base64_1.png" alt="x"/></p>`, false,
			"Look: [image: tapd_10022001_base64_1.png https://www.tapd.cn/tfl/captures/2026-11/tapd_10022001_base64_1.png]"},
		{"no control characters", "<p>a\x1b[31mred\x07</p>", false, "a [31mred"},
		{"plain text stays", "line one\nline two", false, "line one\nline two"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(Render(tt.in, Options{Hyperlinks: tt.links, Base: base}), "\n")
			if got != tt.want {
				t.Errorf("Render(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}
