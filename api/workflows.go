package api

import (
	"context"
	"fmt"
	"strconv"
)

// Transition is one step of a kind's workflow
// (workflow/get_workflow_all_transitions): from a status code to another,
// with the fields the user fills in when taking it.
type Transition struct {
	From, To string
	Fields   []TransitionField
}

// TransitionField is a field a transition asks for (Appendfield);
// Required is TAPD's Notnull "yes".
type TransitionField struct {
	Name     string
	Required bool
}

// Transitions reads the steps of a kind's workflow in a workspace (GET
// /workflows/all_transitions?system=story|bug|task), without the creation
// step ("start").
func (c *Client) Transitions(ctx context.Context, workspaceID int64, kind Kind) ([]Transition, error) {
	op := fmt.Sprintf("read the %s workflow", kind)
	q := workspaceQuery(workspaceID)
	q.Set("system", kind.String())
	env, err := c.get(ctx, op, "/workflows/all_transitions", q)
	if err != nil {
		return nil, err
	}
	var raw []struct {
		StepPrevious FlexString `json:"StepPrevious"`
		StepNext     FlexString `json:"StepNext"`
		Appendfield  []struct {
			FieldName FlexString `json:"FieldName"`
			Notnull   FlexString `json:"Notnull"`
		} `json:"Appendfield"`
	}
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, "a list of {StepPrevious, StepNext, Appendfield}", err)
	}
	out := make([]Transition, 0, len(raw))
	for _, r := range raw {
		if r.StepPrevious == "start" || r.StepPrevious == "" || r.StepNext == "" {
			continue
		}
		t := Transition{From: string(r.StepPrevious), To: string(r.StepNext)}
		for _, f := range r.Appendfield {
			t.Fields = append(t.Fields, TransitionField{Name: string(f.FieldName), Required: f.Notnull == "yes"})
		}
		out = append(out, t)
	}
	return out, nil
}

// Member is a member of a workspace (workspace/get_workspace_users).
type Member struct {
	Nick, Name string
}

// Members reads the members of a workspace (GET /workspaces/users).
func (c *Client) Members(ctx context.Context, workspaceID int64) ([]Member, error) {
	op := "read the members of the workspace"
	env, err := c.get(ctx, op, "/workspaces/users", workspaceQuery(workspaceID))
	if err != nil {
		return nil, err
	}
	var raw []struct {
		UserWorkspace struct {
			User FlexString `json:"user"`
			Name FlexString `json:"name"`
		} `json:"UserWorkspace"`
	}
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, `a list of {"UserWorkspace":{user, name}}`, err)
	}
	out := make([]Member, 0, len(raw))
	for _, r := range raw {
		if r.UserWorkspace.User != "" {
			out = append(out, Member{Nick: string(r.UserWorkspace.User), Name: string(r.UserWorkspace.Name)})
		}
	}
	return out, nil
}

// Iteration is an iteration of a workspace (iteration/get_iterations).
type Iteration struct {
	ID, Name           string
	Status             string // open or done
	StartDate, EndDate string // YYYY-MM-DD
}

// Iterations reads the iterations of a workspace (GET /iterations), up to
// one page of the largest size, newest start first.
func (c *Client) Iterations(ctx context.Context, workspaceID int64) ([]Iteration, error) {
	op := "read the iterations of the workspace"
	q := workspaceQuery(workspaceID)
	q.Set("limit", strconv.Itoa(PageSize))
	q.Set("order", "startdate desc")
	env, err := c.get(ctx, op, "/iterations", q)
	if err != nil {
		return nil, err
	}
	var raw []struct {
		Iteration struct {
			ID        FlexString `json:"id"`
			Name      FlexString `json:"name"`
			Status    FlexString `json:"status"`
			StartDate FlexString `json:"startdate"`
			EndDate   FlexString `json:"enddate"`
		} `json:"Iteration"`
	}
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, `a list of {"Iteration":{...}}`, err)
	}
	out := make([]Iteration, 0, len(raw))
	for _, r := range raw {
		it := r.Iteration
		out = append(out, Iteration{ID: string(it.ID), Name: string(it.Name), Status: string(it.Status), StartDate: string(it.StartDate), EndDate: string(it.EndDate)})
	}
	return out, nil
}
