package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tableOwners: the package that owns each table that is not the ledger
// engine's (store's, until the engine has a package of its own). Only a
// table's owner writes its SQL; another package that must change it in the
// same transaction calls the owner's exported …Tx function
// (docs/ARCHITECTURE.md).
var tableOwners = map[string]string{
	"users": "identity", "user_identities": "identity", "sessions": "identity", "api_tokens": "identity",
	"passkeys": "identity", "passkey_handles": "identity", "webauthn_ceremonies": "identity",
	"user_two_factor": "identity", "recovery_codes": "identity", "login_challenges": "identity",
	"security_events": "identity", "password_resets": "identity", "instance_settings": "identity",
	"rate_limits": "identity",
	"backup_runs": "instance", "sqlite_sequence": "instance", // the ids continue where the imported instance's did
}

// crossings are the writes of another package's table that are known and
// kept for now, each with its reason.
var crossings = map[string]string{
	// A user's current ledger is set where their membership is checked (a
	// switch, an invitation accepted): the ledger engine sits below
	// identity until it has a package of its own.
	"store UPDATE users": "the user's current ledger, set with the membership it needs",
}

// sqlWrite finds the table a statement writes (our SQL is written in capitals).
var sqlWrite = regexp.MustCompile(`\b(INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)\b`)

// Every package writes only the tables it owns: the SQL in the string
// literals of store, identity and instance (tests aside) is checked against
// tableOwners, so that a new write of another owner's table fails here.
func TestOnlyOwnersWriteTheirTables(t *testing.T) {
	seen := 0
	for _, pkg := range []string{"store", "identity", "instance"} {
		dir := filepath.Join("..", pkg)
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				for _, m := range sqlWrite.FindAllStringSubmatch(s, -1) {
					verb, table := m[1], m[2]
					seen++
					owner := tableOwners[table]
					if owner == "" {
						owner = "store"
					}
					if owner == pkg || crossings[pkg+" "+verb+" "+table] != "" {
						continue
					}
					t.Errorf("%s: %s %s writes a table of %s: call %s's …Tx function instead", f, verb, table, owner, owner)
				}
				return true
			})
		}
	}
	if seen < 100 {
		t.Fatalf("only %d writes found: the scan does not read the SQL", seen)
	}
}
