package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"cashcontrol/internal/config"
)

// health is `cashcontrol health`: GET /api/v1/health on the configured
// address (CASHCONTROL_ADDR; an unspecified host such as 0.0.0.0 is asked on
// loopback) and fail unless the server answers that it and its database are
// up. The container image's HEALTHCHECK: there is no curl in it.
func health(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := config.Load("cashcontrol health", args, getenv, stderr)
	if err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
		if ip != nil && ip.To4() == nil {
			host = "::1"
		}
	}
	url := "http://" + net.JoinHostPort(host, port) + "/api/v1/health"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("health: %w", err)
	}
	defer resp.Body.Close()
	var reply struct {
		Status string `json:"status"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&reply); err != nil || resp.StatusCode != http.StatusOK || reply.Status != "ok" {
		return fmt.Errorf("health: %s answered %s", url, resp.Status)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
