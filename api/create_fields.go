package api

import (
	"context"
)

// CreateFields are the fields a new item of a kind is made with in a
// workspace: the Appendfield of its workflow's creation step
// (start-<first status> of workflow/get_workflow_all_transitions), each
// Required when TAPD's Notnull is "yes". A workflow without a creation
// step asks for none.
func (c *Client) CreateFields(ctx context.Context, workspaceID int64, kind Kind) ([]TransitionField, error) {
	op := Say("read the fields a new %s needs", kind)
	q := workspaceQuery(workspaceID)
	q.Set("system", kind.String())
	env, err := c.get(ctx, op, "/workflows/all_transitions", q)
	if err != nil {
		return nil, err
	}
	var raw []struct {
		StepPrevious FlexString `json:"StepPrevious"`
		Appendfield  []struct {
			FieldName FlexString `json:"FieldName"`
			Notnull   FlexString `json:"Notnull"`
		} `json:"Appendfield"`
	}
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, "a list of {StepPrevious, StepNext, Appendfield}", err)
	}
	var out []TransitionField
	for _, r := range raw {
		if r.StepPrevious != "start" {
			continue
		}
		for _, f := range r.Appendfield {
			if f.FieldName != "" {
				out = append(out, TransitionField{Name: string(f.FieldName), Required: f.Notnull == "yes"})
			}
		}
	}
	return out, nil
}
