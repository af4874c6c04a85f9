package board

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestLook(t *testing.T) {
	if os.Getenv("LOOK") == "" {
		t.Skip()
	}
	h := newHarness(t, newFakeService(), os.Getenv("LOOK") == "nc", 80, 23).load()
	h.keys(strings.Fields(os.Getenv("KEYS"))...)
	fmt.Println(h.m.View())
	fmt.Println(h.takeOut())
}
