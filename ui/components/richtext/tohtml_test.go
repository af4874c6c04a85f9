package richtext

import "testing"

func TestToHTMLAndIsPlain(t *testing.T) {
	for _, tt := range []struct{ text, html string }{
		{"", ""},
		{"one line", "<p>one line</p>"},
		{"a\nb\n\nc <d> & e\n", "<p>a<br/>b</p><p>c &lt;d&gt; &amp; e</p>"},
	} {
		if got := ToHTML(tt.text); got != tt.html {
			t.Errorf("ToHTML(%q) = %q, want %q", tt.text, got, tt.html)
		}
	}
	for _, tt := range []struct {
		html  string
		plain bool
	}{
		{"", true}, {"just text, 1 < 2", true}, {"<p>a<br/>b</p><div>c</div><br>", true},
		{"<p>a</p><ul><li>b</li></ul>", false}, {`<p style="color:red">a</p>`, false}, {`<img src="x">`, false},
	} {
		if got := IsPlain(tt.html); got != tt.plain {
			t.Errorf("IsPlain(%q) = %v, want %v", tt.html, got, tt.plain)
		}
	}
}
