package open

import (
	"testing"

	"triage/ui/i18n"
)

// TestUnsentWordsCountOneAsOne: one edit left is "it", not "they"; the
// conflicts among them are counted in the same number.
func TestUnsentWordsCountOneAsOne(t *testing.T) {
	const svc = "http://127.0.0.1:1"
	tests := []struct {
		n, conflicts int
		demo         bool
		want         string
	}{
		{1, 0, false, "1 edit is not sent yet: it is kept and will be sent the next time triage opens " + svc + ".\n"},
		{3, 0, false, "3 edits are not sent yet: they are kept and will be sent the next time triage opens " + svc + ".\n"},
		{1, 1, false, "1 edit is not sent yet: it is kept and will be sent the next time triage opens " + svc + ".\nIt waits for you to choose keep mine or take theirs (R on the board).\n"},
		{3, 1, false, "3 edits are not sent yet: they are kept and will be sent the next time triage opens " + svc + ".\n1 of them waits for you to choose keep mine or take theirs (R on the board).\n"},
		{3, 2, false, "3 edits are not sent yet: they are kept and will be sent the next time triage opens " + svc + ".\n2 of them wait for you to choose keep mine or take theirs (R on the board).\n"},
		{1, 0, true, "1 edit is not sent yet, and the demo keeps nothing: it is dropped.\n"},
		{2, 0, true, "2 edits are not sent yet, and the demo keeps nothing: they are dropped.\n"},
	}
	for _, tt := range tests {
		if got := unsentWords(tt.n, tt.conflicts, svc, tt.demo); got != tt.want {
			t.Errorf("unsentWords(%d, %d, demo %v) = %q, want %q", tt.n, tt.conflicts, tt.demo, got, tt.want)
		}
	}
}

// TestUnsentWordsInChinese: the note on the edits not sent yet, in Chinese.
func TestUnsentWordsInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	const svc = "http://127.0.0.1:1"
	if got, want := unsentWords(3, 1, svc, false), "3 项修改尚未发送：它们已保存，将在 triage 下次打开 "+svc+" 时发送。\n其中 1 项在等你选择保留我的或采用他们的（看板上按 R）。\n"; got != want {
		t.Errorf("unsentWords = %q, want %q", got, want)
	}
	if got, want := unsentWords(1, 0, svc, true), "1 项修改尚未发送，而演示不保存任何内容：它已被丢弃。\n"; got != want {
		t.Errorf("in the demo unsentWords = %q, want %q", got, want)
	}
}
