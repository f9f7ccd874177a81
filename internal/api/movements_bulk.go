package api

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
	"cashcontrol/internal/money"
	"cashcontrol/internal/store"
)

// MaxBulk bounds one bulk request.
const MaxBulk = 5000

type bulkRequest struct {
	Action     string                  `json:"action" enum:"delete,recategorize,create"` // delete | recategorize | create
	IDs        []finance.IDInput       `json:"ids"`
	CategoryID *finance.IDInput        `json:"categoryId"`
	Movements  []finance.MovementInput `json:"movements"`
}

type bulkReply struct {
	Affected int                `json:"affected"`
	Deleted  []finance.Movement `json:"deleted,omitempty"`
	IDs      []string           `json:"ids,omitempty"`
}

type bulkRowProblem struct {
	Problem
	Rows []finance.RowError `json:"rows"`
}

func bulkIDs(in []finance.IDInput) ([]int64, error) {
	if len(in) == 0 || len(in) > MaxBulk {
		return nil, finance.FieldErr("ids", finance.FCodeOutOfRange, "give between 1 and 5000 ids")
	}
	out := make([]int64, 0, len(in))
	for _, id := range in {
		if !id.Set {
			return nil, finance.FieldErr("ids", finance.FCodeInvalid, "ids must be movement ids")
		}
		out = append(out, id.ID)
	}
	return out, nil
}

// bulkMovements deletes, re-categorises or creates many movements in one
// transaction: all of them or none. Delete answers the deleted movements so
// that the web app can undo with a create.
func (a *API) bulkMovements(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req bulkRequest
	idem, err := decodeOnce(w, r, &req)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var reply bulkReply
	var replayed bool
	switch req.Action {
	case "delete":
		var ids []int64
		if ids, err = bulkIDs(req.IDs); err == nil {
			reply.Deleted, err = a.db.DeleteMovementsConfirmed(r.Context(), u.LedgerID, ids, confirmed(r))
			reply.Affected = len(reply.Deleted)
		}
	case "recategorize":
		var ids []int64
		if ids, err = bulkIDs(req.IDs); err == nil {
			if req.CategoryID == nil || !req.CategoryID.Set {
				err = finance.FieldErr("categoryId", finance.FCodeRequired, "categoryId is required")
			} else {
				reply.Affected, err = a.db.RecategorizeMovements(r.Context(), u.LedgerID, ids, req.CategoryID.ID)
			}
		}
	case "create":
		if len(req.Movements) == 0 || len(req.Movements) > MaxBulk {
			err = finance.FieldErr("movements", finance.FCodeOutOfRange, "give between 1 and 5000 movements")
			break
		}
		drafts := make([]finance.MovementDraft, len(req.Movements))
		for i, in := range req.Movements {
			drafts[i] = finance.DraftFrom(finance.MovementDraft{}, in)
		}
		var ids []int64
		if ids, replayed, err = a.db.CreateMovementsOnce(r.Context(), u.LedgerID, drafts, idem); err == nil {
			reply.Affected = len(ids)
			for _, id := range ids {
				reply.IDs = append(reply.IDs, strconv.FormatInt(id, 10))
			}
		}
	default:
		err = finance.FieldErr("action", finance.FCodeUnknown, "action must be delete, recategorize or create")
	}
	if be, ok := err.(*finance.BulkError); ok {
		writeProblemWith(w, bulkRowProblem{Problem: Problem{Type: "about:blank", Title: "Bad Request", Status: http.StatusBadRequest,
			Code: finance.ECodeInvalid, Detail: be.Unwrap().(*finance.Error).Message}, Rows: be.Rows})
		return
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	markReplayed(w, replayed)
	writeJSON(w, http.StatusOK, reply)
}

func writeProblemWith(w http.ResponseWriter, p bulkRowProblem) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = jsonEncode(w, p)
}

// csvSafe is statement.SpreadsheetSafe: what the export writes, the import
// reads back.
func csvSafe(s string) string { return statement.SpreadsheetSafe(s) }

// exportMovements streams the filtered movements as CSV: signed amounts
// (expenses and transfers out negative) in the account's currency. A split
// movement is a row a line (its amount and category the line's, its note in
// lineNote), every row naming its movement's id, so that importing the file
// joins the lines again.
func (a *API) exportMovements(w http.ResponseWriter, r *http.Request, u *finance.User) {
	f, err := movementFilter(r.URL.Query())
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="movements-`+time.Now().Format("2006-01-02")+`.csv"`)
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"date", "type", "amount", "currency", "account", "category", "toAccount", "toAmount", "toCurrency", "description", "notes", "tags", "movement", "lineNote", "state"})
	book, err := a.db.Currencies(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	exp := book.Exponent
	err = a.db.ExportMovements(r.Context(), u.LedgerID, f, func(m store.ExportRow) error {
		amount := m.Amount
		if m.Type != finance.MovementEarning {
			amount = -amount
		}
		toAmount := ""
		if m.ToAmount != nil {
			toAmount = money.FormatDecimal(*m.ToAmount, exp(m.ToCurrency))
		}
		row := func(amount int64, category, note string) error {
			return cw.Write([]string{m.Date, m.Type, money.FormatDecimal(amount, exp(m.Currency)), m.Currency, csvSafe(m.AccountName),
				csvSafe(category), csvSafe(m.ToAccountName), toAmount, m.ToCurrency, csvSafe(m.Description), csvSafe(m.Notes),
				csvSafe(strings.Join(m.Tags, " ")), strconv.FormatInt(m.ID, 10), csvSafe(note), m.State})
		}
		if len(m.Splits) == 0 {
			return row(amount, m.CategoryName, "")
		}
		for i, l := range m.Splits {
			line := l.Amount
			if m.Type != finance.MovementEarning {
				line = -line
			}
			if err := row(line, m.SplitCategoryNames[i], l.Note); err != nil {
				return err
			}
		}
		return nil
	})
	cw.Flush()
	if err != nil {
		// Headers are gone; the truncated file is the best we can do. Log it.
		a.log.ErrorContext(r.Context(), "export movements", "err", err, "request_id", RequestID(r.Context()))
	}
}
