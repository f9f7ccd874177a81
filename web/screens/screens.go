// Package screens is the one list of the API requests each screen of the web
// app makes when it opens (screens.json). `make bench` replays each set and
// the end-to-end tests check that the app still makes exactly these.
package screens

import (
	_ "embed"
	"encoding/json"
	"strings"
	"time"
)

//go:embed screens.json
var raw []byte

// Screen is one screen: its address in the app and the requests it makes.
type Screen struct {
	Name     string   `json:"name"`
	Path     string   `json:"path"`
	Requests []string `json:"requests"`
}

// Load returns the screens, in the file's order.
func Load() ([]Screen, error) {
	var f struct {
		Screens []Screen `json:"screens"`
	}
	err := json.Unmarshal(raw, &f)
	return f.Screens, err
}

// Vars are the placeholders' values for a given day; the caller adds
// "category", "word" and "account".
func Vars(today time.Time) map[string]string {
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	return map[string]string{
		"today":        today.Format(time.DateOnly),
		"month":        today.Format("2006-01"),
		"monthStart":   first.Format(time.DateOnly),
		"monthEnd":     first.AddDate(0, 1, -1).Format(time.DateOnly),
		"quarterStart": first.AddDate(0, -2, 0).Format(time.DateOnly),
	}
}

// Expand replaces every {name} of s with its value.
func Expand(s string, vars map[string]string) string {
	pairs := make([]string, 0, 2*len(vars))
	for k, v := range vars {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}
