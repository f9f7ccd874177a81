package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// maxOccurrencesRead bounds the occurrences one schedule contributes to a
// read (a daily schedule over a year: 366).
const maxOccurrencesRead = 400

// activeSchedules reads the ledger's schedules that have occurrences to come.
func (db *DB) activeSchedules(ctx context.Context, ledgerID int64) ([]*storedSchedule, error) {
	rows, err := db.Query(ctx, `SELECT `+scheduleColumns+scheduleFrom+` WHERE s.ledger_id = ? AND s.paused = ? AND s.next_date <> ''
		ORDER BY s.next_date, s.id`, ledgerID, false)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*storedSchedule
	for rows.Next() {
		s, err := scanSchedule(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// each calls fn with the date of every occurrence to come, up to to.
func (s *storedSchedule) each(to string, fn func(date string)) {
	for k, done, n := s.nextIndex, s.Done, 0; n < maxOccurrencesRead; k, done, n = k+1, done+1, n+1 {
		d := s.Rule.Next(k, done)
		if d == "" || d > to {
			return
		}
		fn(d)
	}
}

// Upcoming lists the occurrences due or waiting by today and those of the
// next days, by date.
func (db *DB) Upcoming(ctx context.Context, ledgerID int64, days int) (*finance.UpcomingList, error) {
	today, err := db.ledgerToday(ctx, db, ledgerID)
	if err != nil {
		return nil, err
	}
	list, err := db.activeSchedules(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	out := &finance.UpcomingList{Today: today, To: finance.AddDays(today, days), Items: []finance.Upcoming{}}
	for _, s := range list {
		s.each(out.To, func(d string) {
			status := finance.UpcomingUpcoming
			switch {
			case d <= today && s.Waits():
				status = finance.UpcomingWaiting
			case d <= today:
				status = finance.UpcomingDue
			}
			out.Items = append(out.Items, finance.Upcoming{ScheduleID: s.ID, Date: d, Status: status, Type: s.Type, Amount: s.Amount,
				AskAmount: s.AskAmount, Currency: s.Currency, AccountID: s.AccountID, CategoryID: s.CategoryID, ToAccountID: s.ToAccountID,
				Description: s.Description})
		})
	}
	slices.SortStableFunc(out.Items, func(a, b finance.Upcoming) int { return strings.Compare(a.Date, b.Date) })
	return out, nil
}

// Forecast projects every open account's balance and the ledger's (in its
// base currency, at today's rates) for the days after today, from today's
// balances and the schedules' occurrences (one still waiting counts today),
// plus, with average > 0, the mean unscheduled flow of the last average
// whole months.
func (db *DB) Forecast(ctx context.Context, ledgerID int64, days, average int) (*finance.Forecast, error) {
	today, err := db.ledgerToday(ctx, db, ledgerID)
	if err != nil {
		return nil, err
	}
	accounts, err := db.ListAccounts(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	schedules, err := db.activeSchedules(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	dates := make([]string, days+1)
	for i := range dates {
		dates[i] = finance.AddDays(today, i)
	}
	index := map[string]int{}
	for i, d := range dates {
		index[d] = i
	}
	deltas := map[int64][]int64{}
	for _, a := range accounts {
		if !a.Archived {
			deltas[a.ID] = make([]int64, len(dates))
		}
	}
	for _, s := range schedules {
		draft := s.Draft(today)
		effects := parts(&draft) // what a posted occurrence does to the balances
		s.each(dates[days], func(d string) {
			day := index[d] // 0 for an occurrence still waiting
			for _, p := range effects {
				if acc, ok := deltas[p.account]; ok {
					acc[day] += p.balance
				}
			}
		})
	}
	spread, spreadDays := map[int64]int64{}, int64(0)
	if average > 0 {
		if spread, spreadDays, err = db.unscheduledFlow(ctx, ledgerID, today, average); err != nil {
			return nil, err
		}
	}
	conv, err := newConverter(ctx, db, db, ledgerID)
	if err != nil {
		return nil, err
	}
	f := &finance.Forecast{Today: today, Days: days, Average: average, Accounts: []finance.ForecastSeries{}, Incomplete: []string{}}
	total := make([]int64, len(dates))
	for _, a := range accounts {
		if a.Archived {
			continue
		}
		pts := finance.Project(dates, a.Balance, deltas[a.ID], spread[a.ID], spreadDays)
		f.Accounts = append(f.Accounts, finance.ForecastSeries{AccountID: a.ID, Name: a.Name, Currency: a.Currency, Points: pts, Lowest: finance.Lowest(pts)})
		for i, p := range pts {
			v, _, err := conv.convert(ctx, p.Balance, a.Currency, today)
			if err != nil {
				return nil, err
			}
			if v == nil {
				if !slices.Contains(f.Incomplete, a.Currency) {
					f.Incomplete = append(f.Incomplete, a.Currency)
				}
				break
			}
			total[i] += *v
		}
	}
	pts := make([]finance.ForecastPoint, len(dates))
	for i, d := range dates {
		pts[i] = finance.ForecastPoint{Date: d, Balance: total[i]}
	}
	f.Ledger = finance.ForecastSeries{Currency: conv.base, Points: pts, Lowest: finance.Lowest(pts)}
	return f, nil
}

// unscheduledFlow is each account's net of earnings and expenses over the
// last months whole months, less what schedules posted then, and the
// number of days of those months.
func (db *DB) unscheduledFlow(ctx context.Context, ledgerID int64, today string, months int) (map[int64]int64, int64, error) {
	thisMonth := today[:7]
	from := finance.AddMonths(thisMonth, -months)
	out := map[int64]int64{}
	rows, err := db.Query(ctx, `SELECT account_id, kind, SUM(total) FROM monthly_totals WHERE ledger_id = ? AND month >= ? AND month < ?
		AND kind IN ('expense', 'earning') GROUP BY account_id, kind`, ledgerID, from, thisMonth)
	if err != nil {
		return nil, 0, err
	}
	for rows.Next() {
		var acc, sum int64
		var kind string
		if err := rows.Scan(&acc, &kind, &sum); err != nil {
			rows.Close()
			return nil, 0, err
		}
		out[acc] += signed(kind, sum)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	// Less what schedules posted then: their movements by id. A posted
	// occurrence's movement is dated on it, after it when confirmed late
	// (a month's margin before the months) or before it when posted ahead
	// (a week's margin after them).
	end, _ := time.Parse(finance.DateLayout, thisMonth+"-01")
	ids, err := queryIDs(db.Query(ctx, `SELECT movement_id FROM schedule_occurrences WHERE ledger_id = ? AND date >= ? AND date < ?
		AND movement_id IS NOT NULL`, ledgerID, finance.AddMonths(from, -1)+"-01", end.AddDate(0, 0, 7).Format(finance.DateLayout)))
	if err != nil {
		return nil, 0, err
	}
	for lo := 0; lo < len(ids); lo += 1000 {
		in, args := inList(ids[lo:min(lo+1000, len(ids))])
		rows, err := db.Query(ctx, `SELECT account_id, type, amount FROM movements WHERE id IN (`+in+`) AND ledger_id = ?
			AND date >= ? AND date < ? AND type IN ('expense', 'earning')`, append(args, ledgerID, from+"-01", thisMonth+"-01")...)
		if err != nil {
			return nil, 0, err
		}
		for rows.Next() {
			var acc, amount int64
			var typ string
			if err := rows.Scan(&acc, &typ, &amount); err != nil {
				rows.Close()
				return nil, 0, err
			}
			out[acc] -= signed(typ, amount)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, 0, err
		}
	}
	first, _ := time.Parse(finance.MonthLayout, from)
	last, _ := time.Parse(finance.MonthLayout, thisMonth)
	return out, int64(last.Sub(first).Hours() / 24), nil
}

func signed(kind string, v int64) int64 {
	if kind == finance.MovementExpense {
		return -v
	}
	return v
}
