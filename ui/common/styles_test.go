package common

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestFit(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"High", 6, "High  "},
		{"Nice To Have", 6, "Nice …"},
		{"紧急", 5, "紧急 "},
		{"anything", 0, ""},
	}
	for _, tt := range tests {
		if got := Fit(tt.in, tt.width); got != tt.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
		}
	}
}

func TestPriorityHeader(t *testing.T) {
	tests := []struct {
		name      string
		noColor   bool
		hex       string
		wantColor bool
		wantPlain string
	}{
		{"colour from color_options", false, "#FF6770", true, " High     "},
		{"no colour given", false, "", false, "■ High    "},
		{"invalid colour", false, "red", false, "■ High    "},
		{"NO_COLOR ignores the colour", true, "#FF6770", false, "■ High    "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewStyles(true, tt.noColor)
			got := s.PriorityHeader("High", tt.hex, 10)
			if plain := ansi.Strip(got); plain != tt.wantPlain {
				t.Errorf("text = %q, want %q", plain, tt.wantPlain)
			}
			if colored := strings.Contains(got, "48;2;"); colored != tt.wantColor {
				t.Errorf("background colour present = %v, want %v (%q)", colored, tt.wantColor, got)
			}
		})
	}
}

func TestNoColorStylesEmitNoColour(t *testing.T) {
	s := NewStyles(false, true)
	out := s.Selected.Render("x") + s.Error.Render("x") + s.StatusBar.Render("x") +
		s.UnknownHeader("非常高", 8) + s.Swatch("#FF6770") + s.Pending.Render("x")
	if strings.Contains(out, "38;") || strings.Contains(out, "48;") {
		t.Fatalf("NO_COLOR styles emit colour: %q", out)
	}
	if s.Marks.Cursor != "▶" || s.Marks.Pending != "*" || s.Marks.Unknown != "?" {
		t.Fatalf("NO_COLOR markers = %+v", s.Marks)
	}
}

func TestLightAndDarkDiffer(t *testing.T) {
	dark, light := NewStyles(true, false), NewStyles(false, false)
	if dark.Title.Render("x") == light.Title.Render("x") {
		t.Fatal("dark and light titles render the same")
	}
}
