// Command mockbank runs the fake bank providers of internal/banksync/banksynctest
// (Enable Banking, which checks every request's signed JWT, and a SimpleFIN
// bridge) on loopback for the end-to-end tests, and a control API with which a
// test changes what the banks hold between syncs. It prints one JSON line with
// the addresses, the Enable Banking application's id and private key and a
// SimpleFIN setup token, then serves until it is killed. Never used in
// production.
//
// Control API (on "control"):
//
//	PUT  /accounts/{provider}   a JSON array of banksynctest.Account: the bank's accounts now
//	PUT  /errors/simplefin      a JSON array of the bridge's messages, sent with every answer
//	POST /setup-token           a new SimpleFIN setup token, as text
//	POST /fail/{provider}       a JSON banksynctest.Faults: how the next calls fail
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"cashcontrol/internal/banksync/banksynctest"
)

// provider is what the control API changes on either fake.
type provider interface {
	SetAccounts(accounts ...banksynctest.Account)
	Fail(f banksynctest.Faults)
}

func main() {
	addr := flag.String("addr", "127.0.0.1", "loopback address to listen on (each server takes a port of its own)")
	flag.Parse()
	if err := run(*addr); err != nil {
		fmt.Fprintln(os.Stderr, "mockbank:", err)
		os.Exit(1)
	}
}

func run(addr string) error {
	listen := func() (net.Listener, error) { return net.Listen("tcp", net.JoinHostPort(addr, "0")) }
	l, err := listen()
	if err != nil {
		return err
	}
	eb, err := banksynctest.ServeEnableBanking(l)
	if err != nil {
		return err
	}
	defer eb.Server.Close()
	if l, err = listen(); err != nil {
		return err
	}
	sf := banksynctest.ServeSimpleFIN(l)
	defer sf.Server.Close()
	providers := map[string]provider{"enablebanking": eb, "simplefin": sf}
	mux := http.NewServeMux()
	mux.HandleFunc("PUT /accounts/{provider}", func(w http.ResponseWriter, r *http.Request) {
		p, ok := providers[r.PathValue("provider")]
		var accounts []banksynctest.Account
		if !ok || json.NewDecoder(r.Body).Decode(&accounts) != nil {
			http.Error(w, "a provider and a JSON array of accounts", http.StatusBadRequest)
			return
		}
		p.SetAccounts(accounts...)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /fail/{provider}", func(w http.ResponseWriter, r *http.Request) {
		p, ok := providers[r.PathValue("provider")]
		var f banksynctest.Faults
		if !ok || json.NewDecoder(r.Body).Decode(&f) != nil {
			http.Error(w, "a provider and JSON faults", http.StatusBadRequest)
			return
		}
		p.Fail(f)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("PUT /errors/simplefin", func(w http.ResponseWriter, r *http.Request) {
		var messages []string
		if json.NewDecoder(r.Body).Decode(&messages) != nil {
			http.Error(w, "a JSON array of messages", http.StatusBadRequest)
			return
		}
		sf.SetErrors(messages...)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /setup-token", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(sf.SetupToken()))
	})
	cl, err := listen()
	if err != nil {
		return err
	}
	go func() { _ = http.Serve(cl, mux) }()
	line, _ := json.Marshal(map[string]string{
		"enableBanking": eb.Server.URL, "appId": eb.AppID, "keyPem": eb.KeyPEM,
		"simplefin": sf.Server.URL, "control": "http://" + cl.Addr().String(),
	})
	fmt.Println(string(line))
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	return nil
}
