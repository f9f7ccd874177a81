package finance

// Forecasts: each account's balance day by day from today's, with the
// scheduled movements (and, optionally, the average of the unscheduled
// spending and earning of the last months) added on their days.

// Forecast limits.
const (
	MaxForecastDays    = 366
	MaxForecastAverage = 12
)

// ForecastPoint is a balance at the end of a day.
type ForecastPoint struct {
	Date    string `json:"date"`
	Balance int64  `json:"balance"`
}

// ForecastSeries is one account's projected balance (or the ledger's, in
// its base currency, without an account), a point per day from today.
type ForecastSeries struct {
	AccountID int64           `json:"accountId,string,omitempty"`
	Name      string          `json:"name,omitempty"`
	Currency  string          `json:"currency"`
	Points    []ForecastPoint `json:"points"`
	// Lowest is the first day of the lowest balance.
	Lowest ForecastPoint `json:"lowest"`
}

// Forecast is the projection of every open account and of the ledger.
type Forecast struct {
	Today    string           `json:"today"`
	Days     int              `json:"days"`
	Average  int              `json:"average"`
	Ledger   ForecastSeries   `json:"ledger"`
	Accounts []ForecastSeries `json:"accounts"`
	// Incomplete lists currencies without a rate, left out of the ledger's.
	Incomplete []string `json:"incomplete"`
}

// Project builds a series of days+1 points from start on day 0 (today):
// deltas[i] is added on day i, and spread (per spreadDays days, 0 for none)
// is spread evenly, exactly in minor units, over the days after today.
func Project(dates []string, start int64, deltas []int64, spread int64, spreadDays int64) []ForecastPoint {
	out := make([]ForecastPoint, len(dates))
	bal := start
	for i, d := range dates {
		bal += deltas[i]
		if spreadDays > 0 && i > 0 {
			bal += spread*int64(i)/spreadDays - spread*int64(i-1)/spreadDays
		}
		out[i] = ForecastPoint{Date: d, Balance: bal}
	}
	return out
}

// Lowest is the first point of the lowest balance.
func Lowest(points []ForecastPoint) ForecastPoint {
	var low ForecastPoint
	for i, p := range points {
		if i == 0 || p.Balance < low.Balance {
			low = p
		}
	}
	return low
}

// Upcoming is one occurrence of a schedule: Status due (posts by itself
// today), waiting (for a confirmation) or upcoming.
type Upcoming struct {
	ScheduleID  int64  `json:"scheduleId,string"`
	Date        string `json:"date"`
	Status      string `json:"status" enum:"due,waiting,upcoming"`
	Type        string `json:"type" enum:"expense,earning,transfer"`
	Amount      int64  `json:"amount"`
	AskAmount   bool   `json:"askAmount"`
	Currency    string `json:"currency"`
	AccountID   int64  `json:"accountId,string"`
	CategoryID  *int64 `json:"categoryId,string"`
	ToAccountID *int64 `json:"toAccountId,string"`
	Description string `json:"description"`
}

// Upcoming statuses.
const (
	UpcomingDue      = "due"
	UpcomingWaiting  = "waiting"
	UpcomingUpcoming = "upcoming"
)
