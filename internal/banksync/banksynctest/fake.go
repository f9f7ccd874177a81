// Package banksynctest serves local fakes of the bank providers (Enable
// Banking, SimpleFIN) for tests: nothing in a test reaches the internet.
// Each fake holds its banks' accounts and transactions, which a test
// changes between syncs, and can be told to fail in the ways real
// providers do (500, garbage, a huge page, a slow answer, a rate limit,
// an expired consent).
package banksynctest

import (
	"net/http"
	"strings"
	"sync"
	"time"
)

// Tx is a transaction of a fake bank account.
type Tx struct {
	ID           string // "" : the bank gives none (Enable Banking's pending ones)
	Date         string // YYYY-MM-DD
	Amount       string // signed decimal: "-12.30"
	Description  string
	Counterparty string
	Pending      bool
}

// Account is a fake bank account.
type Account struct {
	ID, Name, Currency string
	IBAN               string
	Balance            string // booked balance, a decimal
	BalanceDate        string
	Txs                []Tx
}

// Faults make a fake misbehave; each count is used up by the calls it
// spoils (data calls only: not the claim or the authorisation).
type Faults struct {
	Status500   int
	Garbage     int
	Huge        int // an answer of HugeBytes bytes
	Slow        int // an answer after Delay
	RateLimited int // 429 with Retry-After: RetryAfter
	RetryAfter  string
	Delay       time.Duration
}

// HugeBytes is how large a huge answer is.
const HugeBytes = 64 << 20

// bank is what both fakes share: accounts and faults.
type bank struct {
	mu       sync.Mutex
	accounts []*Account
	faults   Faults
	calls    int
}

// SetAccounts replaces the bank's accounts.
func (b *bank) SetAccounts(accounts ...Account) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.accounts = nil
	for i := range accounts {
		a := accounts[i]
		b.accounts = append(b.accounts, &a)
	}
}

// Update changes an account under the bank's lock.
func (b *bank) Update(id string, change func(a *Account)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, a := range b.accounts {
		if a.ID == id {
			change(a)
		}
	}
}

// Fail sets the faults of the next calls.
func (b *bank) Fail(f Faults) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.faults = f
}

// Calls counts the data calls answered.
func (b *bank) Calls() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.calls
}

func (b *bank) account(id string) *Account {
	for _, a := range b.accounts {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// fault answers the next fault, if any is left (true: answered).
func (b *bank) fault(w http.ResponseWriter, r *http.Request) bool {
	b.mu.Lock()
	b.calls++
	f := &b.faults
	var kind string
	switch {
	case f.Status500 > 0:
		f.Status500--
		kind = "500"
	case f.Garbage > 0:
		f.Garbage--
		kind = "garbage"
	case f.Huge > 0:
		f.Huge--
		kind = "huge"
	case f.Slow > 0:
		f.Slow--
		kind = "slow"
	case f.RateLimited > 0:
		f.RateLimited--
		kind = "429"
	}
	delay, retry := f.Delay, f.RetryAfter
	b.mu.Unlock()
	switch kind {
	case "500":
		http.Error(w, "internal error", http.StatusInternalServerError)
	case "garbage":
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"accounts": [ this is not json`))
	case "huge":
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"accounts":[],"transactions":[],"x":"`))
		chunk := []byte(strings.Repeat("x", 1<<16))
		for n := 0; n < HugeBytes; n += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return true // the client stopped reading: as it should
			}
		}
		_, _ = w.Write([]byte(`"}`))
	case "slow":
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
		}
		http.Error(w, "late", http.StatusGatewayTimeout)
	case "429":
		if retry != "" {
			w.Header().Set("Retry-After", retry)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"error":"ASPSP_RATE_LIMIT_EXCEEDED","message":"too many requests"}`))
	default:
		return false
	}
	return true
}
