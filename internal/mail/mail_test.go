package mail

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/finance"
)

// sink is a local SMTP server that keeps the one message it receives (the
// tests never reach the internet).
func sink(t *testing.T) (addr string, got <-chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	out := make(chan string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		r := bufio.NewReader(conn)
		say := func(s string) { _, _ = conn.Write([]byte(s + "\r\n")) }
		say("220 sink ready")
		var data strings.Builder
		inData := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if inData {
				if line == ".\r\n" {
					inData = false
					out <- data.String()
					say("250 kept")
					continue
				}
				data.WriteString(line)
				continue
			}
			switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
			case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
				say("250 sink")
			case cmd == "DATA":
				inData = true
				say("354 go on")
			case cmd == "QUIT":
				say("221 bye")
				return
			default:
				say("250 ok")
			}
		}
	}()
	return ln.Addr().String(), out
}

func TestInviteEmail(t *testing.T) {
	addr, got := sink(t)
	s, err := Parse("smtp://" + addr + "?from=cash@example.com")
	if err != nil {
		t.Fatal(err)
	}
	inv := finance.Invitation{Email: "ana@example.com", Role: finance.RoleEditor, URL: "https://cash.example.com/invitations/tok",
		ExpiresAt: time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC).UnixMilli()}
	if err := s.Invite(context.Background(), inv, "Casa", "Luis\r\nBcc: evil@example.com", finance.LangSpanish); err != nil {
		t.Fatal(err)
	}
	msg := <-got
	for _, want := range []string{"From: cash@example.com\r\n", "To: ana@example.com\r\n", "https://cash.example.com/invitations/tok", "como editor", "2026-12-02"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	head, _, _ := strings.Cut(msg, "\r\n\r\n")
	if strings.Contains(head, "\r\nBcc:") {
		t.Errorf("a name injected a header:\n%s", head)
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"", "http://x", "smtp://", "smtp://host?from=nope"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	s, err := Parse("smtp://user:pw@mail.example.com")
	if err != nil || s.addr != "mail.example.com:587" || s.from != "cashcontrol@mail.example.com" || s.auth == nil {
		t.Fatalf("%+v %v", s, err)
	}
}

func TestPasswordResetEmail(t *testing.T) {
	addr, got := sink(t)
	s, err := Parse("smtp://" + addr + "?from=cash@example.com")
	if err != nil {
		t.Fatal(err)
	}
	link := finance.PasswordResetLink{URL: "https://cash.example.com/login/reset?token=tok", ExpiresAt: time.Date(2026, 12, 2, 10, 30, 0, 0, time.UTC).UnixMilli()}
	if err := s.PasswordReset(context.Background(), "ana@example.com", link, finance.LangFrench); err != nil {
		t.Fatal(err)
	}
	msg := <-got
	for _, want := range []string{"To: ana@example.com\r\n", "https://cash.example.com/login/reset?token=tok", "mot de passe", "2026-12-02 10:30"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
}
