package richtext

import (
	"strings"
	"testing"

	"triage/ui/i18n"
)

// TestImagesNamedInChinese: in Chinese, a picture of a description is
// named 图片 with its file and address, in the preview's rendering and in
// the plain text of comments and the queue; the address stays as it is.
func TestImagesNamedInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	const base = "https://www.tapd.cn"
	tests := []struct {
		name, in, want string
	}{
		{"image with its address", `<p>看这里：<img src="/tfl/captures/2026-11/tapd_10022001_base64_1.png"/></p>`,
			"看这里：[图片：tapd_10022001_base64_1.png https://www.tapd.cn/tfl/captures/2026-11/tapd_10022001_base64_1.png]"},
		{"image without an address", `<p>看这里：<img alt="x"/></p>`, "看这里：[图片]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(Render(tt.in, Options{Base: base}), "\n"); got != tt.want {
				t.Errorf("Render:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
	if got, want := strings.Join(PlainText(`<p>看：<img src="x.png"/></p>`), "\n"), "看： [图片]"; got != want {
		t.Errorf("PlainText = %q, want %q", got, want)
	}
}
