// Package mail sends Cash Control's emails over SMTP (CASHCONTROL_SMTP_URL):
// the invitations to a shared ledger and the password-reset links.
package mail

import (
	"context"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// SMTP sends mail through one SMTP server.
type SMTP struct {
	addr string    // host:port
	auth smtp.Auth // nil without a user in the URL
	from string
}

// Parse reads an SMTP URL: smtp://[user:password@]host[:port][?from=address].
// The port defaults to 587; STARTTLS is used whenever the server offers it,
// and a password is only ever sent over TLS or to a loopback server (net/smtp's
// PLAIN auth refuses otherwise).
func Parse(raw string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" {
		return nil, fmt.Errorf("%q is not smtp://[user:password@]host[:port][?from=address]", raw)
	}
	port := u.Port()
	if port == "" {
		port = "587"
	}
	s := &SMTP{addr: net.JoinHostPort(u.Hostname(), port), from: u.Query().Get("from")}
	if s.from == "" {
		s.from = "cashcontrol@" + u.Hostname()
	}
	if _, err := mail.ParseAddress(s.from); err != nil {
		return nil, fmt.Errorf("from=%q is not an email address", s.from)
	}
	if u.User != nil {
		pass, _ := u.User.Password()
		s.auth = smtp.PlainAuth("", u.User.Username(), pass, u.Hostname())
	}
	return s, nil
}

// texts of the invitation email, by seed language preference.
var texts = map[string]struct{ subject, body string }{
	finance.LangSpanish: {
		subject: "%[1]s te invita a «%[2]s» en Cash Control",
		body:    "%[1]s te invita a compartir el libro «%[2]s» en Cash Control como %[3]s.\r\n\r\nAcepta la invitación aquí (funciona una vez y caduca el %[5]s):\r\n%[4]s\r\n\r\nSi no esperabas este correo, ignóralo.\r\n",
	},
	finance.LangEnglish: {
		subject: "%[1]s invites you to \"%[2]s\" on Cash Control",
		body:    "%[1]s invites you to share the ledger \"%[2]s\" on Cash Control as %[3]s.\r\n\r\nAccept the invitation here (it works once and expires on %[5]s):\r\n%[4]s\r\n\r\nIf you did not expect this email, ignore it.\r\n",
	},
	finance.LangFrench: {
		subject: "%[1]s vous invite à « %[2]s » sur Cash Control",
		body:    "%[1]s vous invite à partager le registre « %[2]s » sur Cash Control en tant que %[3]s.\r\n\r\nAcceptez l'invitation ici (elle ne sert qu'une fois et expire le %[5]s) :\r\n%[4]s\r\n\r\nSi vous n'attendiez pas ce message, ignorez-le.\r\n",
	},
}

var roleNames = map[string]map[string]string{
	finance.LangSpanish: {finance.RoleOwner: "propietario", finance.RoleEditor: "editor", finance.RoleViewer: "lector"},
	finance.LangEnglish: {finance.RoleOwner: "owner", finance.RoleEditor: "editor", finance.RoleViewer: "viewer"},
	finance.LangFrench:  {finance.RoleOwner: "propriétaire", finance.RoleEditor: "éditeur", finance.RoleViewer: "lecteur"},
}

// Invite emails the invitation's link to its address, in lang (the
// inviter's language: the invitee's is not known yet).
func (s *SMTP) Invite(ctx context.Context, inv finance.Invitation, ledgerName, inviter, lang string) error {
	t, ok := texts[lang]
	if !ok {
		lang, t = finance.LangEnglish, texts[finance.LangEnglish]
	}
	if inviter == "" {
		inviter = "Cash Control"
	}
	expires := time.UnixMilli(inv.ExpiresAt).UTC().Format("2006-01-02")
	subject := fmt.Sprintf(t.subject, inviter, ledgerName)
	body := fmt.Sprintf(t.body, inviter, ledgerName, roleNames[lang][inv.Role], inv.URL, expires)
	return s.send(ctx, inv.Email, subject, body)
}

// send writes one plain-text UTF-8 message. Header values come from users
// (names), so they are encoded: no CR or LF reaches a header.
func (s *SMTP) send(ctx context.Context, to, subject, body string) error {
	if _, err := mail.ParseAddress(to); err != nil || strings.ContainsAny(to, "\r\n") {
		return fmt.Errorf("bad recipient %q", to)
	}
	var msg strings.Builder
	msg.WriteString("From: " + s.from + "\r\n")
	msg.WriteString("To: " + to + "\r\n")
	msg.WriteString("Subject: " + mime.QEncoding.Encode("utf-8", subject) + "\r\n")
	msg.WriteString("Date: " + time.Now().UTC().Format(time.RFC1123Z) + "\r\n")
	msg.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	msg.WriteString(body)
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(s.addr, s.auth, s.from, []string{to}, []byte(msg.String())) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// resetTexts are the password-reset email's, by seed language preference.
var resetTexts = map[string]struct{ subject, body string }{
	finance.LangSpanish: {
		subject: "Restablece tu contraseña de Cash Control",
		body:    "Alguien (esperamos que tú) pidió restablecer la contraseña de la cuenta %[1]s en Cash Control.\r\n\r\nElige una nueva aquí (el enlace funciona una vez y caduca a las %[3]s UTC):\r\n%[2]s\r\n\r\nSi no lo pediste tú, ignora este correo: tu contraseña no cambia.\r\n",
	},
	finance.LangEnglish: {
		subject: "Reset your Cash Control password",
		body:    "Someone (we hope you) asked to reset the password of the account %[1]s on Cash Control.\r\n\r\nChoose a new one here (the link works once and expires at %[3]s UTC):\r\n%[2]s\r\n\r\nIf you did not ask for this, ignore this email: your password does not change.\r\n",
	},
	finance.LangFrench: {
		subject: "Réinitialisez votre mot de passe Cash Control",
		body:    "Quelqu'un (vous, espérons-le) a demandé à réinitialiser le mot de passe du compte %[1]s sur Cash Control.\r\n\r\nChoisissez-en un nouveau ici (le lien ne sert qu'une fois et expire à %[3]s UTC) :\r\n%[2]s\r\n\r\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe ne change pas.\r\n",
	},
}

// PasswordReset emails a one-time link to set a new password, in the
// user's language.
func (s *SMTP) PasswordReset(ctx context.Context, to string, link finance.PasswordResetLink, lang string) error {
	t, ok := resetTexts[lang]
	if !ok {
		t = resetTexts[finance.LangEnglish]
	}
	expires := time.UnixMilli(link.ExpiresAt).UTC().Format("2006-01-02 15:04")
	return s.send(ctx, to, t.subject, fmt.Sprintf(t.body, to, link.URL, expires))
}
