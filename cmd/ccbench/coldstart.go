package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"time"
)

// coldStart starts the server binary runs times on an existing data dir and
// returns the median time from exec to the first successful health check.
func coldStart(bin, dataDir string, runs int) (time.Duration, error) {
	var times []time.Duration
	for r := 0; r < runs; r++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		addr := ln.Addr().String()
		ln.Close()
		cmd := exec.Command(bin, "serve")
		cmd.Env = append(os.Environ(), "CASHCONTROL_ADDR="+addr, "CASHCONTROL_DATA_DIR="+dataDir, "CASHCONTROL_LOG_LEVEL=error")
		hc := &http.Client{Timeout: time.Second}
		start := time.Now()
		if err := cmd.Start(); err != nil {
			return 0, err
		}
		var took time.Duration
		for time.Since(start) < 10*time.Second {
			resp, err := hc.Get("http://" + addr + "/api/v1/health")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					took = time.Since(start)
					break
				}
			}
			time.Sleep(500 * time.Microsecond)
		}
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
		if took == 0 {
			return 0, fmt.Errorf("the server did not answer within 10s")
		}
		times = append(times, took)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	return times[len(times)/2], nil
}
