package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
)

const billingLegacy = 10022003 // its bugs are made only with a severity

// TestNewBugWithItsRequiredFieldsIsCreatedOnce: a new bug of Billing
// Legacy queued with its severity and owner, claimed, then the app killed
// (before or after its request reached the service), is created exactly
// once by the next run, with the fields it was queued with, in one write
// (and one read when the first attempt may have reached the service).
func TestNewBugWithItsRequiredFieldsIsCreatedOnce(t *testing.T) {
	for _, reached := range []bool{false, true} {
		t.Run(map[bool]string{false: "not reached", true: "reached"}[reached], func(t *testing.T) {
			rig := newBatchRig(t)
			title := "Invoice totals are off by a cent"
			fields := map[string]string{"severity": "serious", "current_owner": "demo;"}
			e, err := rig.outbox.Add(store.Edit{Session: firstSession, Service: rig.srv.URL, User: "demo", WorkspaceID: billingLegacy,
				WorkspaceName: "Billing Legacy", Kind: api.Bug, Op: store.OpCreate, Title: title, To: "high", Fields: fields})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := rig.outbox.Claim(e.Seq); err != nil {
				t.Fatal(err)
			}
			if reached {
				if _, err := rig.client.Create(context.Background(), api.NewItem{Kind: api.Bug, WorkspaceID: billingLegacy, Title: title,
					PriorityLabel: "high", Creator: "demo", Fields: fields}); err != nil {
					t.Fatal(err)
				}
			}
			rig.count.take()
			rig.now = func() time.Time { return time.Now().Add(store.OrphanGrace) } // past the grace of an edit taken up
			rig.reopen(t, "20260106T091700Z-second")
			if n, err := rig.outbox.Adopt(rig.srv.URL, "demo"); err != nil || n != 1 {
				t.Fatalf("Adopt = %d, %v; want the create of the stopped run taken up", n, err)
			}
			results, err := rig.r.Flush(context.Background())
			want := map[bool]store.Outcome{false: store.OutcomeSent, true: store.OutcomeApplied}[reached]
			if err != nil || len(results) != 1 || results[0].Outcome != want {
				t.Fatalf("Flush = %+v, %v; want one %s", results, err, want)
			}
			reads, writes := rig.count.take()
			if wantWrites := map[bool]int{false: 1, true: 0}[reached]; reads != 1 || writes != wantWrites {
				t.Errorf("the create took %d reads and %d writes, want 1 and %d", reads, writes, wantWrites)
			}
			var made []api.Item
			err = rig.client.ListPages(context.Background(), api.ListRequest{WorkspaceID: billingLegacy, Kind: api.Bug,
				Fields: append(api.ListFields(api.Bug), "severity")}, func(p api.Page) {
				for _, it := range p.Items {
					if it.Title == title {
						made = append(made, it)
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(made) != 1 || made[0].Severity != "serious" || made[0].Owner != "demo;" {
				t.Fatalf("the service has %+v, want one bug with severity serious and owner demo", made)
			}
		})
	}
}

// TestNewBugWithoutItsSeverityFails: the service refuses a bug of Billing
// Legacy queued without its severity, and the outbox says why, naming the
// field; nothing is created.
func TestNewBugWithoutItsSeverityFails(t *testing.T) {
	rig := newBatchRig(t)
	e, err := rig.outbox.Add(store.Edit{Session: firstSession, Service: rig.srv.URL, User: "demo", WorkspaceID: billingLegacy,
		Kind: api.Bug, Op: store.OpCreate, Title: "No severity"})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := rig.r.Send(context.Background(), e)
	if res.Outcome != store.OutcomeFailed || res.Err == nil || !strings.Contains(res.Err.Error(), "severity is required") {
		t.Fatalf("Send = %+v, want failed naming the severity", res)
	}
}
