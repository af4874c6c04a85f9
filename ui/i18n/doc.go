// Package i18n is the language the app speaks: English or Chinese (zh-CN),
// chosen once at start by the command line (the config's language:, or
// TRIAGE_LANG, or the locale), and the catalogues of its messages.
//
// A message is keyed by its English text, gettext style: i18n.T("Stories")
// draws 需求 in Chinese. A message with values is a format, i18n.Tf("%d of
// %d bugs", n, total); its Chinese text may reorder them with explicit
// indexes (%[2]d). Data of the service (titles, names, labels) is drawn as
// it is, and --json keys never change.
package i18n
