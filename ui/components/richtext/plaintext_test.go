package richtext

import (
	"slices"
	"strings"
	"testing"
)

func TestPlainText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // lines joined by "\n"
	}{
		{"empty", "", ""},
		{"paragraphs", "<p>One.</p><p>Two.</p>", "One.\n\nTwo."},
		{"line breaks of the source are spaces", "<p>One\n  line</p>", "One line"},
		{"br", "a<br>b<BR/>c", "a\nb\nc"},
		{"unordered list", "<p>Do:</p><ul><li>this</li><li>that</li></ul>", "Do:\n\n• this\n• that"},
		{"ordered list", "<ol><li>Log in</li><li>Wait</li></ol><p>Crash.</p>", "1. Log in\n2. Wait\n\nCrash."},
		{"nested lists", "<ol><li>a<ul><li>b</li></ul></li><li>c</li></ol>", "1. a\n  • b\n2. c"},
		{"entities", "<p>Tom &amp; Jerry &lt;b&gt; &quot;x&quot; &#20320;</p>", `Tom & Jerry <b> "x" 你`},
		{"no-break spaces", "<p>a&nbsp;&nbsp;b</p>", "a b"},
		{"inline tags", `<p>See <a href="x">the <b>design</b></a>.</p>`, "See the design."},
		{"script and style", "<style>p{}</style><p>a</p><script>alert(1)</script>b", "a\n\nb"},
		{"an unclosed script", "a<script>alert(1)", "a"},
		{"comments", "a<!-- hidden -->b<!-- open", "ab"},
		{"images", `<p>Look: <img src="x.png"/></p>`, "Look: [image]"},
		{"table", "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>", "a b\nc"},
		{"blank lines shrink", "<p></p><p></p><div>a</div><br><br><br><div>b</div><p></p>", "a\n\nb"},
		{"plain text keeps its lines", "First line\nsecond line\n\n\nthird &amp; last", "First line\nsecond line\n\nthird & last"},
		{"a lone less-than", "a < b and c > d", "a < b and c > d"},
		{"an unclosed tag", "a <b", "a <b"},
		{"divs are lines", "<div>one</div><div>two</div>\n<div><br></div><div>four</div>", "one\ntwo\n\nfour"},
		{"indentation marks are not text", "<ul><li>\uE000a</li></ul>x\uE000", "• a\n\nx"},
		{"control characters", "<p>red\x1b[31m text\x07 here\u009b</p>", "red [31m text here"},
		{"tabs and carriage returns", "plain\ttext\r\nnext", "plain text\nnext"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PlainText(tt.in)
			var want []string
			if tt.want != "" {
				want = strings.Split(tt.want, "\n")
			}
			if !slices.Equal(got, want) {
				t.Errorf("PlainText(%q)\n got %q\nwant %q", tt.in, got, want)
			}
		})
	}
}
