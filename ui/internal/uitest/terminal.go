package uitest

import (
	"bytes"

	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
)

// Terminal turns frames into terminal output as Bubble Tea v2's renderer
// does in the alternate screen (see flush in its cursed_renderer.go): the
// frame is cleared and drawn into a cell buffer, the cells that changed
// since the last frame are written with ultraviolet's terminal renderer,
// and the output goes to a buffer instead of a TTY. Benchmarks use it to
// measure a key press up to the bytes a terminal receives.
type Terminal struct {
	scr   *uv.TerminalRenderer
	cells uv.ScreenBuffer
	out   bytes.Buffer
}

// NewTerminal is a true-colour xterm of w×h cells, in the alternate screen.
func NewTerminal(w, h int) *Terminal {
	t := &Terminal{cells: uv.NewScreenBuffer(w, h)}
	t.scr = uv.NewTerminalRenderer(&t.out, []string{"TERM=xterm-256color"})
	t.scr.SetColorProfile(colorprofile.TrueColor)
	t.scr.SetTabStops(-1)
	t.scr.SetScrollOptim(true)
	t.scr.Resize(w, h)
	t.scr.SaveCursor()
	t.scr.SetFullscreen(true)
	t.scr.SetRelativeCursor(false)
	t.scr.Erase()
	return t
}

// Frame draws one frame and returns the bytes written for it, valid until
// the next frame.
func (t *Terminal) Frame(content string) ([]byte, error) {
	t.out.Reset()
	t.cells.Clear()
	uv.NewStyledString(content).Draw(t.cells, t.cells.Bounds())
	t.scr.Render(t.cells.RenderBuffer)
	if err := t.scr.Flush(); err != nil {
		return nil, err
	}
	return t.out.Bytes(), nil
}
