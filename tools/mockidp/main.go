// Command mockidp runs a mock OpenID Connect provider on loopback for the
// end-to-end tests. It prints one JSON line with the issuer and the client
// credentials, then serves until it is killed. Never used in production.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/oauth2-proxy/mockoidc"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address (loopback only)")
	email := flag.String("email", "", "email of the user every sign-in returns (default: mockoidc's jane.doe@example.com)")
	flag.Parse()
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mockidp:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mockidp:", err)
		os.Exit(1)
	}
	if err := m.Start(ln, nil); err != nil {
		fmt.Fprintln(os.Stderr, "mockidp:", err)
		os.Exit(1)
	}
	if *email != "" {
		u := mockoidc.DefaultUser()
		u.Email, u.Subject = *email, "sub-"+*email
		// The queue is popped once per sign-in; keep it full enough for a test run.
		for range 100 {
			m.QueueUser(u)
		}
	}
	_ = json.NewEncoder(os.Stdout).Encode(map[string]string{"issuer": m.Issuer(), "clientId": m.ClientID, "clientSecret": m.ClientSecret})
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
	_ = m.Shutdown()
}
