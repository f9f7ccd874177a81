package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"

	"cashcontrol/internal/finance"
)

// suggestAccuracy measures the category suggestion model on the user's
// ledger (in the database of the server's settings): it hides the category
// of the newest 10 % of the categorised movements, learns the rest, and
// prints how often the best suggestion was the hidden category.
func suggestAccuracy(email string) error {
	ctx := context.Background()
	db, _, u, err := openStore(ctx, email)
	if err != nil {
		return err
	}
	defer db.Close()
	cats, err := db.ListCategories(ctx, u.LedgerID)
	if err != nil {
		return err
	}
	types := map[int64]string{}
	for _, ct := range cats {
		types[ct.ID] = ct.Type
	}
	var ms []finance.MovementDraft
	if err := db.CategorisedMovements(ctx, u.LedgerID, func(d finance.MovementDraft) { ms = append(ms, d) }); err != nil {
		return err
	}
	t := finance.SuggestionHoldout(ms, 10, func(id int64) string { return types[id] })
	if t.Tried == 0 {
		return fmt.Errorf("the ledger of %s has no categorised movements", email)
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	fmt.Printf("%-32s top-1 %.1f %% of %d hidden categories; confident on %.1f %%, right on %.1f %% of those\n",
		"category suggestions", pct(t.Right, t.Tried), t.Tried, pct(t.Confident, t.Tried), pct(t.ConfidentRight, t.Confident))
	return nil
}

// suggestScenario asks for the category of the newest expense's
// description, as the form does while it is typed.
func suggestScenario(ctx context.Context, c *client, accountID string) (func(ctx context.Context, w, i int) error, error) {
	code, b, err := c.do(ctx, "GET", "/api/v1/movements?limit=20&type=expense", nil)
	if err != nil || code != 200 {
		return nil, fmt.Errorf("movements: %d %v", code, err)
	}
	var list struct {
		Items []struct {
			Description string `json:"description"`
		} `json:"items"`
	}
	_ = json.Unmarshal(b, &list)
	desc := "supermarket"
	for _, m := range list.Items {
		if len(finance.SuggestWords(m.Description)) > 0 {
			desc = m.Description
			break
		}
	}
	return get(c, "/api/v1/categories/suggest?type=expense&amount=4520&accountId="+accountID+"&description="+url.QueryEscape(desc)), nil
}
