package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"cashcontrol/internal/api"
)

// The build, set at link time by the Makefile (-ldflags -X main.version=…
// -X main.commit=… -X main.commitDate=…). A plain `go build` leaves the
// commit to what the Go toolchain recorded (buildInfo).
var (
	version    = api.Version
	commit     = ""
	commitDate = ""
)

// buildInfo is the commit the binary was built from.
func buildInfo() api.Build {
	b := api.Build{Commit: commit, Date: commitDate}
	if b.Commit != "" {
		return b
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		dirty := false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Commit = s.Value[:min(12, len(s.Value))]
			case "vcs.time":
				b.Date = s.Value[:min(10, len(s.Value))]
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if dirty && b.Commit != "" {
			b.Commit += "-dirty"
		}
	}
	return b
}

// printVersion is `cashcontrol version`: "cashcontrol 1.0.0 (commit 5e83b64a1f2c, 2026-11-28)".
func printVersion(w io.Writer) {
	b := buildInfo()
	switch {
	case b.Commit != "" && b.Date != "":
		fmt.Fprintf(w, "cashcontrol %s (commit %s, %s)\n", version, b.Commit, b.Date)
	case b.Commit != "":
		fmt.Fprintf(w, "cashcontrol %s (commit %s)\n", version, b.Commit)
	default:
		fmt.Fprintln(w, "cashcontrol", version)
	}
}
