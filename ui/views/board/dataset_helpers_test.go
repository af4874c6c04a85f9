package board

import (
	"triage/api"
	"triage/ui/engine"
)

// newDataset is a dataset over items of its own, in the columns of opts, as
// tests build one without an engine.
func newDataset(kind api.Kind, opts []api.PriorityOption, _ int) *dataset {
	d := datasetOf(&engine.Items{Kind: kind})
	d.opts = opts
	d.cols, d.colOf = layoutColumns(opts)
	d.src.Keep(d)
	return d
}

// addPage adds a page to the dataset's items, as a load does.
func (d *dataset) addPage(number int, items []api.Item) { d.src.AddPage(number, items) }
