package sandbox

import (
	"encoding/json"
	"net/http"

	"triage/api"
)

// fieldsInfo is the data of get_fields_info for a kind in a workspace: an
// object keyed by field name. Options keep their configured order; fields
// without options carry an empty list, as the real service sends them.
// Custom fields the workspace has not configured are not described.
func fieldsInfo(ws *Workspace, k api.Kind) (json.RawMessage, *httpError) {
	specs := catalog(ws, k)
	info := make(api.FieldInfo, len(specs))
	for _, f := range specs {
		if f.unlisted {
			continue
		}
		field := api.Field{
			Name: f.name, Label: f.label, HTMLType: f.htmlType,
			Options: f.options, ColorOptions: f.colors, Readonly: f.readonly,
		}
		if f.pure {
			field.PureOptions = f.options
		}
		info[f.name] = field
	}
	raw, err := json.Marshal(info)
	if err != nil {
		return nil, &httpError{Status: http.StatusInternalServerError, Info: "field information cannot be written: " + err.Error()}
	}
	return raw, nil
}
