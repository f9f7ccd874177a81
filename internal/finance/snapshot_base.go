package finance

import "strings"

// UnknownDecimals is how many decimals the readers assume for the amounts
// of accounts whose currency a file does not say, when it does not say its
// base currency either: Actual Budget and ezBookkeeping write hundredths.
const UnknownDecimals = 2

// SetBase makes base (a currency exponent knows) the ledger's base
// currency and gives every account without a currency one: the file's own
// base currency when it names one (their amounts are in its minor units
// already), else base, their amounts converted exactly from
// UnknownDecimals to base's decimals. An amount that does not convert (more
// decimals than base has, or out of range) leaves its movement out; an
// opening balance is rounded, half away from zero, and says so.
func (s *LedgerSnapshot) SetBase(base string, exponent func(code string) int) {
	base = strings.ToUpper(strings.TrimSpace(base))
	fileBase := s.BaseCurrency
	s.BaseCurrency = base
	unknown := map[int64]bool{}
	for i := range s.Accounts {
		if s.Accounts[i].Currency == "" {
			unknown[s.Accounts[i].ID] = true
		}
	}
	if len(unknown) == 0 {
		return
	}
	to := base
	if fileBase != "" {
		to = fileBase
	}
	shift := 0
	if fileBase == "" {
		shift = exponent(base) - UnknownDecimals
	}
	for i := range s.Accounts {
		a := &s.Accounts[i]
		if !unknown[a.ID] {
			continue
		}
		a.Currency = to
		if v, exact := rescale(a.OpeningBalance, shift); !exact {
			s.Skip(0, SkipAmount, "account %q: its opening balance has more decimals than %s: rounded", a.Name, to)
			a.OpeningBalance = v
		} else {
			a.OpeningBalance = v
		}
	}
	if shift == 0 {
		return
	}
	kept := s.Movements[:0]
	for _, m := range s.Movements {
		if s.rescaleDraft(&m.Draft, unknown, shift) {
			kept = append(kept, m)
			continue
		}
		s.Skip(0, SkipAmount, "movement (%s, %s): its amount does not fit %s's decimals", m.Draft.Date, m.Draft.Description, to)
	}
	s.Movements = kept
	keptBudgets := s.Budgets[:0]
	for _, b := range s.Budgets {
		if b.Amount != nil {
			v, exact := rescale(*b.Amount, shift)
			if !exact {
				s.Skip(0, SkipAmount, "budget of %s: its amount does not fit %s's decimals", b.Month, to)
				continue
			}
			b.Amount = &v
		}
		keptBudgets = append(keptBudgets, b)
	}
	s.Budgets = keptBudgets
}

// rescaleDraft converts the amounts of the draft that are in an account
// of unknown currency; false when one does not convert exactly.
func (s *LedgerSnapshot) rescaleDraft(d *MovementDraft, unknown map[int64]bool, shift int) bool {
	ok := true
	conv := func(v *int64) {
		n, exact := rescale(*v, shift)
		ok = ok && exact && n >= -MaxAmount && n <= MaxAmount
		*v = n
	}
	if unknown[d.AccountID] {
		conv(&d.Amount)
		if len(d.Splits) > 0 {
			splits := make([]Split, len(d.Splits))
			copy(splits, d.Splits)
			for i := range splits {
				conv(&splits[i].Amount)
			}
			d.Splits = splits
		}
	}
	if d.Type == MovementTransfer && unknown[d.ToAccountID] && d.ToAmount != 0 {
		conv(&d.ToAmount)
	}
	return ok
}

// rescale multiplies v by 10^shift (divides for a negative shift, rounding
// half away from zero); exact is false when digits were lost or it would
// overflow.
func rescale(v int64, shift int) (out int64, exact bool) {
	if shift == 0 {
		return v, true
	}
	p := int64(1)
	for range max(shift, -shift) {
		if p > MaxAmount {
			return v, false
		}
		p *= 10
	}
	if shift > 0 {
		if v > MaxAmount*10/p || v < -MaxAmount*10/p {
			return v, false
		}
		return v * p, true
	}
	q, r := v/p, v%p
	switch {
	case r*2 >= p:
		q++
	case r*2 <= -p:
		q--
	}
	return q, r == 0
}
