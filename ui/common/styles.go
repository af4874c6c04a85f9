package common

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/spinner"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Marks are the one-cell markers views put in front of things. Under NO_COLOR
// they carry what colour would: which row is selected, which edit is pending,
// which value is unknown.
type Marks struct {
	Cursor  string // in front of the selected row or card
	Blank   string // in front of the others: as wide as Cursor
	Pending string // an edit not yet confirmed by the service
	Unknown string // a value missing from the service's options
	Error   string // in front of an error message
	// Conflict: an edit someone else's change got in the way of.
	Conflict string
	// Changed: an item that changed on the service since the cached board.
	Changed string
	// Marked: an item marked for a bulk edit.
	Marked string
}

// Styles is the one set of styles of the app, built for a dark or light
// background, or without colour (NO_COLOR: attributes and markers only).
// Context.Styles points to it; the root rebuilds it in place. No style
// underlines: lipgloss styles underlined text one rune at a time, which is
// slow and bloats every frame.
type Styles struct {
	Dark    bool
	NoColor bool
	Marks   Marks

	Title   lipgloss.Style // a view's title
	Text    lipgloss.Style // plain text
	Subtle  lipgloss.Style // secondary text: hints, counts, dates
	Accent  lipgloss.Style // what to notice: keys, the chosen option
	Link    lipgloss.Style // an address the user may select and copy
	Error   lipgloss.Style // an error message
	Warning lipgloss.Style // a warning, an expiring token
	Success lipgloss.Style // a confirmation

	Selected lipgloss.Style // the row or card under the cursor
	Pending  lipgloss.Style // an item with an edit in flight
	Unknown  lipgloss.Style // a value missing from the options
	Changed  lipgloss.Style // an item changed on the service since the cached board

	Tab       lipgloss.Style // a tab
	ActiveTab lipgloss.Style // the current tab

	Label        lipgloss.Style // a form field's label
	FocusedLabel lipgloss.Style // the label of the field with the focus
	Dialog       lipgloss.Style // a bordered box around a form or question
	BorderColor  color.Color    // nil under NO_COLOR

	StatusBar   lipgloss.Style // the bottom line
	StatusError lipgloss.Style // the last error on it

	HelpKey  lipgloss.Style
	HelpDesc lipgloss.Style
	HelpSep  lipgloss.Style
}

// NewStyles builds the styles for a dark (or light) background, or without
// colour when noColor is set.
func NewStyles(dark, noColor bool) *Styles {
	if noColor {
		return noColorStyles(dark)
	}
	ld := lipgloss.LightDark(dark)
	c := func(light, darkHex string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(darkHex)) }
	subtle := c("#6E6E6E", "#8A8A8A")
	accent := c("#5A3FD6", "#A48BFF")
	errc := c("#C62828", "#FF6B6B")
	warn := c("#9A6700", "#E3B341")
	border := c("#B8B8B8", "#4A4A4A")
	st := lipgloss.NewStyle
	return &Styles{
		Dark: dark,
		Marks: Marks{
			Cursor: st().Foreground(accent).Render("▌"), Blank: " ",
			Pending: st().Foreground(warn).Render("*"), Unknown: st().Foreground(warn).Render("?"),
			Error:    st().Foreground(errc).Render("✗"),
			Conflict: st().Foreground(warn).Render("≠"),
			Changed:  st().Foreground(accent).Render("•"),
			Marked:   st().Foreground(accent).Bold(true).Render("✓"),
		},
		Title:        st().Bold(true).Foreground(accent),
		Text:         st(),
		Subtle:       st().Foreground(subtle),
		Accent:       st().Foreground(accent).Bold(true),
		Link:         st().Foreground(c("#0B5CAD", "#6CB6FF")),
		Error:        st().Foreground(errc),
		Warning:      st().Foreground(warn),
		Success:      st().Foreground(c("#1A7F37", "#56D364")),
		Selected:     st().Background(c("#DDE3FF", "#3A3560")).Bold(true),
		Pending:      st().Foreground(warn).Italic(true),
		Unknown:      st().Foreground(warn),
		Changed:      st().Foreground(accent),
		Tab:          st().Foreground(subtle).Padding(0, 1),
		ActiveTab:    st().Foreground(accent).Bold(true).Padding(0, 1),
		Label:        st().Foreground(subtle),
		FocusedLabel: st().Foreground(accent).Bold(true),
		Dialog:       st().Border(lipgloss.RoundedBorder()).BorderForeground(border).Padding(0, 1),
		BorderColor:  border,
		StatusBar:    st().Foreground(c("#303030", "#D0D0D0")).Background(c("#E8E8E8", "#262626")),
		StatusError:  st().Foreground(errc).Background(c("#E8E8E8", "#262626")).Bold(true),
		HelpKey:      st().Foreground(accent),
		HelpDesc:     st().Foreground(subtle),
		HelpSep:      st().Foreground(border),
	}
}

func noColorStyles(dark bool) *Styles {
	st := lipgloss.NewStyle
	return &Styles{
		Dark:    dark,
		NoColor: true,
		Marks:   Marks{Cursor: "▶", Blank: " ", Pending: "*", Unknown: "?", Error: "✗", Conflict: "≠", Changed: "•", Marked: "✓"},
		Title:   st().Bold(true),
		Text:    st(),
		Subtle:  st(),
		Accent:  st().Bold(true),
		Link:    st().Italic(true),
		Error:   st().Bold(true),
		Warning: st().Bold(true),
		Success: st(),

		Selected: st().Reverse(true),
		Pending:  st().Italic(true),
		Unknown:  st(),
		Changed:  st().Bold(true),

		Tab:          st().Padding(0, 1),
		ActiveTab:    st().Bold(true).Reverse(true).Padding(0, 1),
		Label:        st(),
		FocusedLabel: st().Bold(true),
		Dialog:       st().Border(lipgloss.NormalBorder()).Padding(0, 1),
		StatusBar:    st().Reverse(true),
		StatusError:  st().Reverse(true).Bold(true),
		HelpKey:      st().Bold(true),
		HelpDesc:     st(),
		HelpSep:      st(),
	}
}

// PriorityColor is the colour of a priority from the service's color_options
// ("#RRGGBB"), or nil under NO_COLOR or when hex is empty or invalid.
func (s *Styles) PriorityColor(hex string) color.Color {
	hex = strings.TrimSpace(hex)
	if s.NoColor || !validHex(hex) {
		return nil
	}
	return lipgloss.Color(hex)
}

// PriorityHeader renders a column header width cells wide (label truncated):
// on the priority's colour with a readable foreground, or, under NO_COLOR or
// without a colour, bold with a "■" marker.
func (s *Styles) PriorityHeader(label, hex string, width int) string {
	if c := s.PriorityColor(hex); c != nil {
		return lipgloss.NewStyle().Background(c).Foreground(contrast(c)).Bold(true).
			Render(Fit(" "+label, width))
	}
	return lipgloss.NewStyle().Bold(true).Render(Fit("■ "+label, width))
}

// UnknownHeader renders the header of a column of values missing from the
// options: marked with Marks.Unknown in every mode.
func (s *Styles) UnknownHeader(label string, width int) string {
	return s.Unknown.Bold(true).Render(Fit(ansi.Strip(s.Marks.Unknown)+" "+label, width))
}

// Swatch is a coloured dot and a space for a priority, or "" under NO_COLOR
// or without a colour.
func (s *Styles) Swatch(hex string) string {
	c := s.PriorityColor(hex)
	if c == nil {
		return ""
	}
	return lipgloss.NewStyle().Foreground(c).Render("●") + " "
}

// Fit truncates s to width cells (with "…") and pads it with spaces to exactly
// width cells. ANSI sequences in s are kept.
func Fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	w := ansi.StringWidth(s) // measured once: most lines already fit
	if w > width {
		s = ansi.Truncate(s, width, "…")
		w = ansi.StringWidth(s)
	}
	if w < width {
		s += strings.Repeat(" ", width-w)
	}
	return s
}

func validHex(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, r := range s[1:] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

// contrast picks near-black or white text for a background colour.
func contrast(bg color.Color) color.Color {
	r, g, b, _ := bg.RGBA()
	lum := 0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)
	if lum > 0.55*0xFFFF {
		return lipgloss.Color("#1A1A1A")
	}
	return lipgloss.Color("#FFFFFF")
}

// NewSpinner returns the app's spinner (one cell wide), coloured by s.
func (s *Styles) NewSpinner() spinner.Model {
	return spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(s.Accent))
}
