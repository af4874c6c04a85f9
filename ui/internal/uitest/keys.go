package uitest

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

var special = map[string]rune{
	"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	"space": tea.KeySpace, "delete": tea.KeyDelete,
}

// Key is the key press named like msg.String() reports it: "a", "G", "?",
// "enter", "esc", "ctrl+s", "shift+tab", "up".
func Key(name string) tea.KeyPressMsg {
	var mod tea.KeyMod
	rest := name
	for {
		switch {
		case strings.HasPrefix(rest, "ctrl+") && len(rest) > len("ctrl+"):
			mod |= tea.ModCtrl
			rest = rest[len("ctrl+"):]
			continue
		case strings.HasPrefix(rest, "alt+") && len(rest) > len("alt+"):
			mod |= tea.ModAlt
			rest = rest[len("alt+"):]
			continue
		case strings.HasPrefix(rest, "shift+") && len(rest) > len("shift+"):
			mod |= tea.ModShift
			rest = rest[len("shift+"):]
			continue
		}
		break
	}
	if code, ok := special[rest]; ok {
		k := tea.KeyPressMsg{Code: code, Mod: mod}
		if rest == "space" && mod == 0 {
			k.Text = " "
		}
		return k
	}
	r := []rune(rest)[0]
	if mod != 0 {
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	return tea.KeyPressMsg{Code: r, Text: rest}
}

// Keys converts names to key presses; a name longer than one character that
// is not a known key is typed letter by letter.
func Keys(names ...string) []tea.Msg {
	var out []tea.Msg
	for _, n := range names {
		_, isSpecial := special[strings.TrimPrefix(strings.TrimPrefix(n, "ctrl+"), "shift+")]
		if len([]rune(n)) > 1 && !isSpecial && !strings.Contains(n, "+") {
			for _, r := range n {
				out = append(out, Key(string(r)))
			}
			continue
		}
		out = append(out, Key(n))
	}
	return out
}
