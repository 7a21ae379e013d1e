// Package mailpit starts a real Mailpit SMTP server for tests and reads the mails it
// received through its HTTP API. The binary is built by ops/tools.sh (make tools).
package mailpit

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Server is a running Mailpit.
type Server struct {
	// SMTPURL is the address to send to, for notify.NewSMTPMailer.
	SMTPURL string
	api     string
}

// Message is a delivered mail.
type Message struct {
	ID      string `json:"ID"`
	Subject string `json:"Subject"`
	To      []struct {
		Address string `json:"Address"`
	} `json:"To"`
	Text string `json:"Text"`
	HTML string `json:"HTML"`
}

// binary finds Mailpit: MAILPIT_BIN, or bin/tools/mailpit of the module.
func binary(t testing.TB) string {
	if p := os.Getenv("MAILPIT_BIN"); p != "" {
		return p
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "bin", "tools", "mailpit")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Start runs a Mailpit for the test and stops it at the end.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := binary(t)
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("Mailpit not found at %s: run make tools (ops/tools.sh) or set MAILPIT_BIN", bin)
	}
	smtpPort, httpPort := freePort(t), freePort(t)
	// --max 0 keeps every mail (the default drops all but the newest 500); --enable-chaos
	// lets a test make the SMTP server refuse mails (FailRecipients).
	cmd := exec.Command(bin, "--smtp", "127.0.0.1:"+strconv.Itoa(smtpPort), "--listen", "127.0.0.1:"+strconv.Itoa(httpPort),
		"--database", filepath.Join(t.TempDir(), "mailpit.db"), "--max", "0", "--enable-chaos", "--smtp-disable-rdns", "--quiet")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	s := &Server{SMTPURL: fmt.Sprintf("smtp+plain://127.0.0.1:%d", smtpPort), api: fmt.Sprintf("http://127.0.0.1:%d/api/v1", httpPort)}
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(s.api + "/messages")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("Mailpit did not start: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *Server) get(t testing.TB, path string, v any) {
	t.Helper()
	res, err := http.Get(s.api + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", path, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// Messages returns the delivered mails with their bodies, newest first.
func (s *Server) Messages(t testing.TB) []Message {
	t.Helper()
	var list struct {
		Messages []Message `json:"messages"`
	}
	s.get(t, "/messages", &list)
	for i := range list.Messages {
		s.get(t, "/message/"+list.Messages[i].ID, &list.Messages[i])
	}
	return list.Messages
}

// MessageIDs returns the Message-ID of every delivered mail.
func (s *Server) MessageIDs(t testing.TB) []string {
	t.Helper()
	var list struct {
		Messages []struct {
			MessageID string `json:"MessageID"`
		} `json:"messages"`
	}
	s.get(t, "/messages?limit=1000000", &list)
	ids := make([]string, len(list.Messages))
	for i, m := range list.Messages {
		ids[i] = m.MessageID
	}
	return ids
}

// Count is the number of mails delivered so far.
func (s *Server) Count(t testing.TB) int {
	t.Helper()
	var list struct {
		Total int `json:"total"`
	}
	s.get(t, "/messages?limit=1", &list)
	return list.Total
}

// FailRecipients makes the SMTP server refuse every recipient with a temporary error (451)
// while on, as a full mailbox or a server in trouble would.
func (s *Server) FailRecipients(t testing.TB, on bool) {
	t.Helper()
	p := 0
	if on {
		p = 100
	}
	body := fmt.Sprintf(`{"Recipient":{"ErrorCode":451,"Probability":%d}}`, p)
	req, err := http.NewRequest(http.MethodPut, s.api+"/chaos", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("PUT /chaos: %s", res.Status)
	}
}

// WaitFor waits until n mails have arrived (background jobs send them after commit) and
// returns them, newest first.
func (s *Server) WaitFor(t testing.TB, n int) []Message {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var list struct {
			Total int `json:"total"`
		}
		s.get(t, "/messages", &list)
		if list.Total >= n {
			return s.Messages(t)
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited for %d mails, %d arrived", n, list.Total)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
