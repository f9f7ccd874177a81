// Command openapi prints the API's OpenAPI document, for the web app's
// generated types (scripts/api-types.sh). The server serves the same
// document at /api/v1/openapi.json.
package main

import (
	"fmt"
	"os"

	"cashcontrol/internal/api"
)

func main() {
	doc, err := api.OpenAPI()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := os.Stdout.Write(append(doc, '\n')); err != nil {
		os.Exit(1)
	}
}
