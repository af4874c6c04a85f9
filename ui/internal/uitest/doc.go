// Package uitest holds what the view tests share: a fake service, a fixed
// clock, a host that runs one view as a program under teatest, and golden
// screen helpers. Only tests import it.
package uitest
