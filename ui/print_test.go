package ui

import (
	"fmt"
	"image/color"
)

func sprintType(v any) string { return fmt.Sprintf("%T", v) }

var lightGrey = color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}
