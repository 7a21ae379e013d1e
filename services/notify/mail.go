// Package notify tells people what happened: e-mails in the recipient's language, sent
// after commit by background jobs.
package notify

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"

	mail "github.com/wneessen/go-mail"
)

// Mail is one message to one recipient, in plain text and HTML.
type Mail struct {
	To      string
	Subject string
	Text    string
	HTML    string
	// MessageID is the mail's Message-ID without angle brackets; empty: a random one.
	MessageID string
}

// Mailer delivers mails.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// LogMailer writes mails to the log instead of sending them: the default when no SMTP
// server is configured.
type LogMailer struct {
	Log *slog.Logger
}

// Send logs the mail.
func (l LogMailer) Send(_ context.Context, m Mail) error {
	l.Log.Info("mail (not sent: no SMTP server configured)", "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}

// SMTPMailer sends mails through an SMTP server.
type SMTPMailer struct {
	From    string
	host    string
	options []mail.Option
}

// NewSMTPMailer reads a server address of the form smtp://user:password@host:port (STARTTLS
// when the server offers it), smtps://… (TLS from the start) or smtp+plain://… (never TLS, for
// a relay on the same host).
func NewSMTPMailer(rawURL, from string) (*SMTPMailer, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("SMTP URL: %w", err)
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP URL %q names no host", u.Redacted())
	}
	port := 587
	opts := []mail.Option{}
	switch u.Scheme {
	case "smtp":
		opts = append(opts, mail.WithTLSPortPolicy(mail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, mail.WithSSL())
	case "smtp+plain":
		port = 25
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
	default:
		return nil, fmt.Errorf("SMTP URL %q: scheme must be smtp, smtps or smtp+plain", u.Redacted())
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("SMTP URL %q: port: %w", u.Redacted(), err)
		}
	}
	opts = append(opts, mail.WithPort(port))
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover), mail.WithUsername(user), mail.WithPassword(pass))
	}
	return &SMTPMailer{From: from, host: u.Hostname(), options: opts}, nil
}

// Ready reports whether the SMTP server accepts a connection and, when configured, the
// credentials.
func (s *SMTPMailer) Ready(ctx context.Context) error {
	client, err := mail.NewClient(s.host, s.options...)
	if err != nil {
		return err
	}
	if err := client.DialWithContext(ctx); err != nil {
		return err
	}
	return client.Close()
}

// Send delivers one mail with a plain-text body and an HTML alternative.
func (s *SMTPMailer) Send(ctx context.Context, m Mail) error {
	msg := mail.NewMsg()
	if err := msg.From(s.From); err != nil {
		return fmt.Errorf("sender %q: %w", s.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	} else {
		msg.SetMessageID()
	}
	msg.SetBodyString(mail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(mail.TypeTextHTML, m.HTML)
	client, err := mail.NewClient(s.host, s.options...)
	if err != nil {
		return err
	}
	return client.DialAndSendWithContext(ctx, msg)
}
