package api

import (
	"context"
	"strconv"
)

// Transition is one step of a kind's workflow
// (workflow/get_workflow_all_transitions): from a status code to another,
// with the fields the user fills in when taking it. TypeID is the story
// type (workitem_type_id) whose workflow it belongs to; "": the workflow
// the service answers without one (its default type's, or the kind's).
type Transition struct {
	From, To string
	Fields   []TransitionField
	TypeID   string
}

// TransitionField is a field a transition asks for (Appendfield);
// Required is TAPD's Notnull "yes".
type TransitionField struct {
	Name     string
	Required bool
}

// Required names the fields the transition cannot be made without.
func (t Transition) Required() []string {
	var out []string
	for _, f := range t.Fields {
		if f.Required {
			out = append(out, f.Name)
		}
	}
	return out
}

// Transitions reads the steps of a kind's workflow in a workspace (GET
// /workflows/all_transitions?system=story|bug|task), without the creation
// step ("start"): for stories, those of the workspace's default type.
func (c *Client) Transitions(ctx context.Context, workspaceID int64, kind Kind) ([]Transition, error) {
	return c.TypeTransitions(ctx, workspaceID, kind, "")
}

// TypeTransitions reads the steps of the workflow of a story type
// (workitem_type_id; "": the default one), each tagged with the type.
func (c *Client) TypeTransitions(ctx context.Context, workspaceID int64, kind Kind, typeID string) ([]Transition, error) {
	op := Say("read the %s workflow", kind)
	q := workspaceQuery(workspaceID)
	q.Set("system", kind.String())
	if typeID != "" {
		op = Say("read the workflow of %s type %s", kind, typeID)
		q.Set("workitem_type_id", typeID)
	}
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
		t := Transition{From: string(r.StepPrevious), To: string(r.StepNext), TypeID: typeID}
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
	op := Say("read the members of the workspace")
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
	op := Say("read the iterations of the workspace")
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

// StatusMap reads the names of a kind's statuses (GET
// /workflows/status_map?system=, workflow/get_workflow_status_map): status
// code → name, for a story type (workitem_type_id; "": the default one).
func (c *Client) StatusMap(ctx context.Context, workspaceID int64, kind Kind, typeID string) (map[string]string, error) {
	op := Say("read the %s status names", kind)
	q := workspaceQuery(workspaceID)
	q.Set("system", kind.String())
	if typeID != "" {
		q.Set("workitem_type_id", typeID)
	}
	env, err := c.get(ctx, op, "/workflows/status_map", q)
	if err != nil {
		return nil, err
	}
	if isEmptyList(env.Data) {
		return map[string]string{}, nil
	}
	var raw map[string]FlexString
	if !isObject(env.Data) || env.DecodeData(&raw) != nil {
		return nil, shapeError(op, env.Data, "an object of status code → name", nil)
	}
	out := make(map[string]string, len(raw))
	for code, name := range raw {
		out[code] = string(name)
	}
	return out, nil
}

// StoryTypes reads the ids of a workspace's story types (GET
// /workitem_types, story/get_workitem_types), up to one page of the
// largest size: the workitem_type_id a story may carry.
func (c *Client) StoryTypes(ctx context.Context, workspaceID int64) ([]string, error) {
	op := Say("read the story types of the workspace")
	q := workspaceQuery(workspaceID)
	q.Set("limit", "200")
	env, err := c.get(ctx, op, "/workitem_types", q)
	if err != nil {
		return nil, err
	}
	var raw []struct {
		WorkitemType struct {
			ID FlexString `json:"id"`
		} `json:"WorkitemType"`
	}
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, `a list of {"WorkitemType":{id, ...}}`, err)
	}
	out := make([]string, 0, len(raw))
	for _, r := range raw {
		if r.WorkitemType.ID != "" {
			out = append(out, string(r.WorkitemType.ID))
		}
	}
	return out, nil
}
