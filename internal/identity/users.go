package identity

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// NewUser is what sign-up (by email or by a provider) knows about a user.
type NewUser struct {
	Email              string
	PasswordHash       string
	Name               string
	LastName           string
	PhotoURL           string
	ProviderID         string
	LanguagePreference string
	// TimeZone is the browser's at sign-up (IANA name; "" for UTC).
	TimeZone string
	// Identity links the provider account when the user signs up through one.
	Identity *Identity
}

// Identity is an OpenID Connect account (issuer + subject) linked to a user.
type Identity struct {
	Issuer  string
	Subject string
	Email   string
}

const userColumns = `u.id, u.email, u.password_hash, u.name, u.last_name, u.rol, u.provider_id, u.photo_url,
	u.phone, u.address, u.first_time, u.language_preference, u.theme_preference, u.base_currency, u.timezone, u.created_at,
	u.default_ledger_id, cm.ledger_id, cm.role, dm.role,
	EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL), u.disabled_at IS NOT NULL`

// usersFrom joins a user's memberships of their current and default ledgers:
// the current one while they still belong to it, else the default.
const usersFrom = ` FROM users u` + userLedgers

// userLedgers are usersFrom's joins, after a join of users u.
const userLedgers = `
	LEFT JOIN ledger_members cm ON cm.user_id = u.id AND cm.ledger_id = u.current_ledger_id
	LEFT JOIN ledger_members dm ON dm.user_id = u.id AND dm.ledger_id = u.default_ledger_id`

func scanUser(s store.RowScanner) (*finance.User, string, error) {
	var u finance.User
	var hash string
	var created int64
	var def, current sql.NullInt64
	var currentRole, defRole sql.NullString
	err := s.Scan(&u.ID, &u.Email, &hash, &u.Name, &u.LastName, &u.Rol, &u.ProviderID, &u.PhotoURL,
		&u.Phone, &u.Address, &u.FirstTime, &u.LanguagePreference, &u.ThemePreference, &u.BaseCurrency, &u.TimeZone, &created,
		&def, &current, &currentRole, &defRole, &u.TwoFactor, &u.Disabled)
	if err != nil {
		return nil, "", err
	}
	u.UID = strconv.FormatInt(u.ID, 10)
	u.HasPassword = hash != ""
	u.CreatedAt = time.UnixMilli(created)
	u.DefaultLedgerID = def.Int64
	if current.Valid {
		u.LedgerID, u.LedgerRole = current.Int64, currentRole.String
	} else if defRole.Valid {
		u.LedgerID, u.LedgerRole = def.Int64, defRole.String
	}
	return &u, hash, nil
}

// CreateUser creates the user document and the user's personal ledger in one
// transaction. The first user of an instance is its administrator.
func (st *Store) CreateUser(ctx context.Context, nu NewUser) (*finance.User, error) {
	var id int64
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		var n int64
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
			return err
		}
		rol := finance.RolUser
		if n == 0 {
			rol = finance.RolAdmin
		}
		lang := nu.LanguagePreference
		if !finance.ValidLanguage(lang) {
			lang = finance.LangSpanish
		}
		provider := nu.ProviderID
		if provider == "" {
			provider = finance.ProviderEmail
		}
		zone := nu.TimeZone
		if !finance.ValidTimeZone(zone) {
			zone = ""
		}
		now := st.db.NowMillis()
		err := tx.QueryRow(ctx, `INSERT INTO users (email, password_hash, name, last_name, rol, provider_id, photo_url,
			language_preference, timezone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			nu.Email, nu.PasswordHash, nu.Name, nu.LastName, rol, provider, nu.PhotoURL, lang, zone, now, now).Scan(&id)
		if store.IsUniqueViolation(err) {
			return finance.FieldErr("email", finance.FCodeTaken, "an account with this email already exists").WithCode(finance.ECodeEmailTaken)
		}
		if err != nil {
			return fmt.Errorf("insert user: %w", err)
		}
		ledgerID, err := store.CreatePersonalLedgerTx(ctx, tx, id, lang)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET default_ledger_id = ? WHERE id = ?`, ledgerID, id); err != nil {
			return fmt.Errorf("default ledger: %w", err)
		}
		if nu.Identity != nil {
			return linkIdentity(ctx, tx, id, *nu.Identity, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return st.UserByID(ctx, id)
}

func linkIdentity(ctx context.Context, tx *store.Tx, userID int64, id Identity, now int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO user_identities (user_id, issuer, subject, email, created_at) VALUES (?, ?, ?, ?, ?)`,
		userID, id.Issuer, id.Subject, id.Email, now)
	if store.IsUniqueViolation(err) {
		return finance.Errorf(finance.ECodeConflict, "this provider account is linked to another user")
	}
	return err
}

// LinkIdentity links a provider account to an existing user.
func (st *Store) LinkIdentity(ctx context.Context, userID int64, id Identity) error {
	return st.db.Write(ctx, func(tx *store.Tx) error { return linkIdentity(ctx, tx, userID, id, st.db.NowMillis()) })
}

// UserByID loads a user document.
func (st *Store) UserByID(ctx context.Context, id int64) (*finance.User, error) {
	u, _, err := scanUser(st.db.QueryRow(ctx, `SELECT `+userColumns+usersFrom+` WHERE u.id = ?`, id))
	if err != nil {
		return nil, store.NotFound(err, "user")
	}
	return u, nil
}

// UserByEmail loads a user and its password hash ("" when it has none) by
// normalized email.
func (st *Store) UserByEmail(ctx context.Context, email string) (*finance.User, string, error) {
	u, hash, err := scanUser(st.db.QueryRow(ctx, `SELECT `+userColumns+usersFrom+` WHERE u.email = ?`, email))
	if err != nil {
		return nil, "", store.NotFound(err, "user")
	}
	return u, hash, nil
}

// PasswordHash returns a user's password hash ("" when it has none).
func (st *Store) PasswordHash(ctx context.Context, userID int64) (string, error) {
	var h string
	err := st.db.QueryRow(ctx, `SELECT password_hash FROM users WHERE id = ?`, userID).Scan(&h)
	return h, store.NotFound(err, "user")
}

// UserByIdentity finds the user linked to a provider account.
func (st *Store) UserByIdentity(ctx context.Context, issuer, subject string) (*finance.User, error) {
	u, _, err := scanUser(st.db.QueryRow(ctx, `SELECT `+userColumns+usersFrom+`
		JOIN user_identities i ON i.user_id = u.id WHERE i.issuer = ? AND i.subject = ?`, issuer, subject))
	if err != nil {
		return nil, store.NotFound(err, "user")
	}
	return u, nil
}

// SetProviderID records the provider the user last signed in with, as the seed
// does when the stored providerId differs from the current one.
func (st *Store) SetProviderID(ctx context.Context, userID int64, provider string) error {
	return st.updateUser(ctx, userID, `provider_id = ?`, provider)
}

// SetPassword stores a new password hash and, in the same transaction, ends
// every session of the user except keepSession (the token hash of the session
// that changed it; "" ends them all).
func (st *Store) SetPassword(ctx context.Context, userID int64, hash, keepSession string) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		if err := updateUserTx(ctx, tx, userID, `password_hash = ?`, hash); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, keepSession); err != nil {
			return err
		}
		return deleteUserTokensTx(ctx, tx, userID)
	})
}

// UpdateSettings stores the language and theme preferences and returns the document.
func (st *Store) UpdateSettings(ctx context.Context, userID int64, s finance.Settings) (*finance.User, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := st.updateUser(ctx, userID, `language_preference = ?, theme_preference = ?`,
		s.LanguagePreference, s.ThemePreference); err != nil {
		return nil, err
	}
	return st.UserByID(ctx, userID)
}

// UpdateProfile validates and applies a profile patch and returns the document.
func (st *Store) UpdateProfile(ctx context.Context, userID int64, p finance.ProfilePatch) (*finance.User, error) {
	p.Normalize()
	if err := p.Validate(st.db.CurrencyTable().Known); err != nil {
		return nil, err
	}
	sets, args := "", []any{}
	add := func(col string, v *string) {
		if v != nil {
			if sets != "" {
				sets += ", "
			}
			sets += col + " = ?"
			args = append(args, *v)
		}
	}
	add("name", p.Name)
	add("last_name", p.LastName)
	add("phone", p.Phone)
	add("address", p.Address)
	add("photo_url", p.PhotoURL)
	add("base_currency", p.BaseCurrency)
	add("timezone", p.TimeZone)
	if sets != "" {
		if err := st.updateUser(ctx, userID, sets, args...); err != nil {
			return nil, err
		}
	}
	return st.UserByID(ctx, userID)
}

// Welcome is what a first-time user chooses on the welcome screen.
type Welcome struct {
	Language          string
	Currency          string
	StarterCategories bool
	// CashAccountName names the cash account created when the ledger has no
	// account yet, so that the simple path needs no account choice.
	CashAccountName string
	// TimeZone is the browser's; it is kept when the user has none yet (a
	// sign-up through a provider) and the server knows it.
	TimeZone string
}

// CompleteWelcome stores the first-run choices, creates the starter
// categories and a cash account as asked, and clears firstTime, all in one
// transaction. Repeating it creates nothing twice.
func (st *Store) CompleteWelcome(ctx context.Context, userID int64, w Welcome) (*finance.User, error) {
	w.Currency = strings.ToUpper(strings.TrimSpace(w.Currency))
	if err := finance.ValidateWelcome(w.Language, w.Currency, st.db.CurrencyTable().Known); err != nil {
		return nil, err
	}
	u, err := st.UserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	err = st.db.WriteLedger(ctx, u.DefaultLedgerID, func(tx *store.Tx) error {
		if err := updateUserTx(ctx, tx, userID, `language_preference = ?, base_currency = ?, first_time = ?`,
			w.Language, w.Currency, false); err != nil {
			return err
		}
		if u.TimeZone == "" && w.TimeZone != "" && finance.ValidTimeZone(w.TimeZone) {
			if err := updateUserTx(ctx, tx, userID, `timezone = ?`, w.TimeZone); err != nil {
				return err
			}
		}
		return store.WelcomeLedgerTx(ctx, tx, u.DefaultLedgerID, store.LedgerWelcome{
			Language: w.Language, Currency: w.Currency, StarterCategories: w.StarterCategories, CashAccountName: w.CashAccountName})
	})
	if err != nil {
		return nil, err
	}
	return st.UserByID(ctx, userID)
}

func (st *Store) updateUser(ctx context.Context, userID int64, sets string, args ...any) error {
	return st.db.Write(ctx, func(tx *store.Tx) error { return updateUserTx(ctx, tx, userID, sets, args...) })
}

func updateUserTx(ctx context.Context, tx *store.Tx, userID int64, sets string, args ...any) error {
	args = append(args, tx.NowMillis(), userID)
	res, err := tx.Exec(ctx, `UPDATE users SET `+sets+`, updated_at = ? WHERE id = ?`, args...)
	if err != nil {
		return fmt.Errorf("update user: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return finance.Errorf(finance.ECodeNotFound, "user not found")
	}
	return nil
}

// DeleteUser deletes the user and, through foreign keys, every row that
// belongs to it: ledgers it owns and their contents, identities, sessions.
func (st *Store) DeleteUser(ctx context.Context, userID int64) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		if err := store.ReleaseUserLedgersTx(ctx, tx, userID); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `DELETE FROM users WHERE id = ?`, userID)
		if err != nil {
			return fmt.Errorf("delete user: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "user not found")
		}
		return nil
	})
}

// CountUsers returns how many users the instance has.
func (st *Store) CountUsers(ctx context.Context) (int64, error) {
	var n int64
	err := st.db.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, err
}
