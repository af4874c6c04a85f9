package store

import "gopkg.in/yaml.v3"

// defaultViewsText is what a config file without `views:` offers: the
// views of a morning pass, of the kind on screen: what came in since
// yesterday, the user's open items, and the open items planned in no
// iteration. It is written into the file, as it reads here,
// the first time a view is saved, renamed or deleted in the app.
const defaultViewsText = `views:
  - name: New since yesterday
    query: created:yesterday
    mode: list
    sort: -id
  - name: Mine
    query: owner:@me is:open
  - name: Unplanned
    query: iter:none is:open
`

// DefaultViews are the views offered while the config file has no `views:`.
func DefaultViews() []SavedView {
	var doc yaml.Node
	var views []SavedView
	if err := yaml.Unmarshal([]byte(defaultViewsText), &doc); err != nil {
		panic("store: the default views do not parse: " + err.Error())
	}
	if err := decodeViews(doc.Content[0].Content[1], &views); err != nil {
		panic("store: the default views do not parse: " + err.Error())
	}
	return views
}

// Views are the saved views: the config file's, or DefaultViews when it
// has no views:.
func (c *Config) Views() []SavedView {
	if c.Sections == nil || !c.Sections.ViewsWritten {
		return DefaultViews()
	}
	return c.Sections.Views
}
