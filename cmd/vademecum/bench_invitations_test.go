package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vademecum/services/notify/mailpit"
)

// BenchmarkInvitations invites 1,000 new addresses in one addSpaceMembers call through the
// whole HTTP stack, and measures the time until the call answers and until a real SMTP
// server (Mailpit) has accepted all 1,000 invitation mails, which River jobs send after the
// call's transaction committed.
//
//	go test ./cmd/vademecum -run '^$' -bench Invitations -benchtime 1x
//
// Targets (reported, never asserted): the call under 2 s.
func BenchmarkInvitations(b *testing.B) {
	const email, password, n = "admin@big.ch", "bench-secret", 1000
	mp := mailpit.Start(b)
	a, sp, _ := benchSpaceWith(b, config{SMTPURL: mp.SMTPURL}, email, password, true)
	ctx, stop := context.WithCancel(context.Background())
	b.Cleanup(stop)
	if err := a.jobs.Start(ctx); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = a.jobs.Stop(context.Background()) })
	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	host := "big." + benchDomain
	session := benchLogin(b, client, srv.URL, host, email, password)

	var answered, delivered time.Duration
	b.ResetTimer()
	for round := range b.N {
		emails := make([]string, n)
		for i := range emails {
			emails[i] = fmt.Sprintf("%q", fmt.Sprintf("invitee%d.%d@big.ch", round, i))
		}
		target := benchTarget{url: srv.URL + "/api/admin/spaceadmin/mutation/addSpaceMembers", host: host,
			body:    fmt.Sprintf(`{"spaceId":%d,"users":[%s]}`, sp.ID, strings.Join(emails, ",")),
			headers: map[string]string{"Space": "big", "Content-Type": "application/json", "Cookie": "vademecum_session=" + session}}
		before := mp.Count(b)
		t0 := time.Now()
		status, body, _, err := benchDo(client, target)
		answered = time.Since(t0)
		if err != nil || status != http.StatusOK || strings.Count(string(body), `"invited"`) != n {
			b.Fatalf("addSpaceMembers: status %d, err %v: %.300s", status, err, body)
		}
		deadline := time.Now().Add(5 * time.Minute)
		for mp.Count(b) < before+n {
			if time.Now().After(deadline) {
				b.Fatalf("%d of %d mails arrived in 5 minutes", mp.Count(b)-before, n)
			}
			time.Sleep(10 * time.Millisecond)
		}
		delivered = time.Since(t0)
	}
	b.StopTimer()
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(answered.Seconds(), "answer-s")
	b.ReportMetric(delivered.Seconds(), "all-mails-s")
	fmt.Printf("\nInvitations: %d new addresses in one addSpaceMembers call\n", n)
	fmt.Printf("  the call answered after        %6.2f s (target < 2 s)\n", answered.Seconds())
	fmt.Printf("  Mailpit accepted all mails after %6.2f s (%.0f mails/s)\n", delivered.Seconds(), float64(n)/delivered.Seconds())
}
