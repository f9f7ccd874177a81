package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"cashcontrol/internal/finance"
)

// Shared ledgers: a user's ledgers, their members and roles, and the
// invitations that add members. Every change to a ledger's members runs in
// writeLedger, which takes the ledger's row lock on PostgreSQL (SQLite has
// one writer), so two owners demoting each other at once cannot leave a
// ledger without an owner.

const ledgerInfoColumns = `l.id, l.name, l.base_currency, l.ecb_rates, l.ecb_fetched_at, m.role,
	(SELECT COUNT(*) FROM ledger_members c WHERE c.ledger_id = l.id),
	COALESCE((SELECT CASE WHEN ou.name = '' THEN ou.email ELSE ou.name END FROM ledger_members o JOIN users ou ON ou.id = o.user_id
		WHERE o.ledger_id = l.id AND o.role = 'owner' ORDER BY o.user_id LIMIT 1), '')`

func scanLedgerInfo(s RowScanner, u *finance.User) (finance.LedgerInfo, error) {
	var l finance.LedgerInfo
	err := s.Scan(&l.ID, &l.Name, &l.BaseCurrency, &l.ECBRates, &l.ECBFetchedAt, &l.Role, &l.Members, &l.Owner)
	l.Default = l.ID == u.DefaultLedgerID
	l.Current = l.ID == u.LedgerID
	return l, err
}

// Ledgers lists the ledgers u belongs to: the default first, then by name.
func (db *DB) Ledgers(ctx context.Context, u *finance.User) ([]finance.LedgerInfo, error) {
	rows, err := db.Query(ctx, `SELECT `+ledgerInfoColumns+` FROM ledger_members m JOIN ledgers l ON l.id = m.ledger_id
		WHERE m.user_id = ? ORDER BY CASE WHEN l.id = ? THEN 0 ELSE 1 END, LOWER(l.name), l.id`, u.ID, u.DefaultLedgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.LedgerInfo{}
	for rows.Next() {
		l, err := scanLedgerInfo(rows, u)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// LedgerOf is one of u's ledgers; not_found when u is no member.
func (db *DB) LedgerOf(ctx context.Context, u *finance.User, ledgerID int64) (finance.LedgerInfo, error) {
	l, err := scanLedgerInfo(db.QueryRow(ctx, `SELECT `+ledgerInfoColumns+` FROM ledger_members m JOIN ledgers l ON l.id = m.ledger_id
		WHERE m.user_id = ? AND m.ledger_id = ?`, u.ID, ledgerID), u)
	return l, NotFound(err, "ledger")
}

// MemberRole is userID's role in the ledger; not_found when they are no
// member (or there is no such ledger).
func (db *DB) MemberRole(ctx context.Context, ledgerID, userID int64) (string, error) {
	var role string
	err := db.QueryRow(ctx, `SELECT role FROM ledger_members WHERE ledger_id = ? AND user_id = ?`, ledgerID, userID).Scan(&role)
	return role, NotFound(err, "ledger")
}

// CreateLedger makes a ledger with u as its owner and returns its id. Its
// base currency is an ISO 4217 code the instance knows.
func (db *DB) CreateLedger(ctx context.Context, u *finance.User, name, base string) (int64, error) {
	name, err := finance.CleanLedgerName(name)
	if err != nil {
		return 0, err
	}
	base = strings.ToUpper(strings.TrimSpace(base))
	if !db.currencies.Known(base) {
		return 0, finance.FieldErr("baseCurrency", finance.FCodeUnknown, "unknown currency")
	}
	var id int64
	err = db.Write(ctx, func(tx *Tx) error {
		id, err = insertLedger(ctx, tx, u, name, base)
		return err
	})
	return id, err
}

// RenameLedger gives the ledger a new name.
func (db *DB) RenameLedger(ctx context.Context, ledgerID int64, name string) error {
	name, err := finance.CleanLedgerName(name)
	if err != nil {
		return err
	}
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE ledgers SET name = ? WHERE id = ?`, name, ledgerID); err != nil {
			return err
		}
		return tx.logActivity(ctx, finance.ActRenamed, finance.SubjectLedger, ledgerID, 1, finance.ActivityDetails{Name: name})
	})
}

// DeleteLedger deletes the ledger and everything in it, for all its members.
// A user's default ledger cannot be deleted.
func (db *DB) DeleteLedger(ctx context.Context, ledgerID int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var n int64
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE default_ledger_id = ?`, ledgerID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return finance.Errorf(finance.ECodeDefaultLedger, "a default ledger (the one made at sign-up) cannot be deleted")
		}
		keys, err := attachmentKeys(ctx, tx, `ledger_id = ?`, ledgerID)
		if err != nil {
			return err
		}
		tx.gone = keys
		res, err := tx.Exec(ctx, `DELETE FROM ledgers WHERE id = ?`, ledgerID)
		if err != nil {
			return fmt.Errorf("delete ledger: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "ledger not found")
		}
		return nil
	})
}

// SetCurrentLedger makes ledgerID the user's current ledger (not_found when
// they are no member).
func (db *DB) SetCurrentLedger(ctx context.Context, userID, ledgerID int64) error {
	return db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE users SET current_ledger_id = ? WHERE id = ?
			AND EXISTS (SELECT 1 FROM ledger_members m WHERE m.ledger_id = ? AND m.user_id = ?)`, ledgerID, userID, ledgerID, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "ledger not found")
		}
		return nil
	})
}

// Members lists the ledger's members, owners first, then by name; you marks
// the caller.
func (db *DB) Members(ctx context.Context, ledgerID, you int64) ([]finance.Member, error) {
	return membersOf(ctx, db, ledgerID, you)
}

func membersOf(ctx context.Context, q RowsQuerier, ledgerID, you int64) ([]finance.Member, error) {
	rows, err := q.Query(ctx, `SELECT u.id, u.name, u.last_name, u.email, m.role, m.created_at FROM ledger_members m JOIN users u ON u.id = m.user_id
		WHERE m.ledger_id = ? ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, LOWER(u.name), LOWER(u.email), u.id`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.Member{}
	for rows.Next() {
		var m finance.Member
		if err := rows.Scan(&m.UserID, &m.Name, &m.LastName, &m.Email, &m.Role, &m.JoinedAt); err != nil {
			return nil, err
		}
		m.You = m.UserID == you
		out = append(out, m)
	}
	return out, rows.Err()
}

// memberRoleTx is userID's role in the transaction's ledger.
func memberRoleTx(ctx context.Context, tx *Tx, userID int64) (string, error) {
	var role string
	err := tx.QueryRow(ctx, `SELECT role FROM ledger_members WHERE ledger_id = ? AND user_id = ?`, tx.ledgerID, userID).Scan(&role)
	return role, NotFound(err, "member")
}

// keepAnOwner refuses a change that would leave the transaction's ledger
// without an owner, and points ledgers.owner_id at one of its owners.
func keepAnOwner(ctx context.Context, tx *Tx) error {
	var owner sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT MIN(user_id) FROM ledger_members WHERE ledger_id = ? AND role = 'owner'`, tx.ledgerID).Scan(&owner); err != nil {
		return err
	}
	if !owner.Valid {
		return finance.Errorf(finance.ECodeLastOwner, "a ledger needs an owner: make another member owner first")
	}
	_, err := tx.Exec(ctx, `UPDATE ledgers SET owner_id = ? WHERE id = ? AND owner_id NOT IN
		(SELECT user_id FROM ledger_members WHERE ledger_id = ? AND role = 'owner')`, owner.Int64, tx.ledgerID, tx.ledgerID)
	return err
}

// SetMemberRole changes a member's role and returns the member.
func (db *DB) SetMemberRole(ctx context.Context, ledgerID, userID int64, role string, you int64) (finance.Member, error) {
	if !finance.ValidRole(role) {
		return finance.Member{}, finance.FieldErr("role", finance.FCodeInvalid, "role must be owner, editor or viewer")
	}
	var out finance.Member
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if _, err := memberRoleTx(ctx, tx, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE ledger_members SET role = ? WHERE ledger_id = ? AND user_id = ?`, role, ledgerID, userID); err != nil {
			return err
		}
		if err := keepAnOwner(ctx, tx); err != nil {
			return err
		}
		if err := tx.logMember(ctx, finance.ActRoleChanged, userID, role); err != nil {
			return err
		}
		members, err := membersOf(ctx, tx, ledgerID, you)
		for _, m := range members {
			if m.UserID == userID {
				out = m
			}
		}
		return err
	})
	return out, err
}

// RemoveMember ends a user's membership (an owner removing them, or the
// user leaving). Their access ends with the transaction: every request
// checks membership. Nobody leaves their default ledger.
func (db *DB) RemoveMember(ctx context.Context, ledgerID, userID int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if _, err := memberRoleTx(ctx, tx, userID); err != nil {
			return err
		}
		var def sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT default_ledger_id FROM users WHERE id = ?`, userID).Scan(&def); err != nil {
			return err
		}
		if def.Int64 == ledgerID {
			return finance.Errorf(finance.ECodeDefaultLedger, "nobody can leave, or be removed from, the ledger made at their sign-up")
		}
		action := finance.ActRemoved
		if userID == tx.actor {
			action = finance.ActLeft
		}
		if err := tx.logMember(ctx, action, userID, ""); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM ledger_members WHERE ledger_id = ? AND user_id = ?`, ledgerID, userID); err != nil {
			return err
		}
		return keepAnOwner(ctx, tx)
	})
}

// TransferLedger makes member to an owner and from (an owner) an editor, at once.
func (db *DB) TransferLedger(ctx context.Context, ledgerID, from, to int64) ([]finance.Member, error) {
	var out []finance.Member
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if from == to {
			return finance.FieldErr("userId", finance.FCodeInvalid, "the ledger is already yours")
		}
		if _, err := memberRoleTx(ctx, tx, to); err != nil {
			return finance.FieldErr("userId", finance.FCodeUnknown, "not a member of this ledger")
		}
		if _, err := tx.Exec(ctx, `UPDATE ledger_members SET role = ? WHERE ledger_id = ? AND user_id = ?`, finance.RoleOwner, ledgerID, to); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE ledger_members SET role = ? WHERE ledger_id = ? AND user_id = ?`, finance.RoleEditor, ledgerID, from); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE ledgers SET owner_id = ? WHERE id = ?`, to, ledgerID); err != nil {
			return err
		}
		if err := tx.logMember(ctx, finance.ActTransferred, to, finance.RoleOwner); err != nil {
			return err
		}
		var err error
		out, err = membersOf(ctx, tx, ledgerID, from)
		return err
	})
	return out, err
}

// releaseLedgers runs before a user's account is deleted: each ledger they
// are the recorded owner of passes to another owner; a ledger with other
// members but no other owner stops the deletion (its members would lose it).
// Ledgers nobody else belongs to go with the user (owner_id cascades).
func releaseLedgers(ctx context.Context, tx *Tx, userID int64) error {
	rows, err := tx.Query(ctx, `SELECT l.id, l.name,
		(SELECT MIN(o.user_id) FROM ledger_members o WHERE o.ledger_id = l.id AND o.role = 'owner' AND o.user_id <> ?),
		(SELECT COUNT(*) FROM ledger_members o WHERE o.ledger_id = l.id AND o.user_id <> ?)
		FROM ledgers l WHERE l.owner_id = ?`, userID, userID, userID)
	if err != nil {
		return err
	}
	type pass struct{ ledger, to int64 }
	var passes []pass
	var stuck []string
	for rows.Next() {
		var id, others int64
		var name string
		var owner sql.NullInt64
		if err := rows.Scan(&id, &name, &owner, &others); err != nil {
			rows.Close()
			return err
		}
		switch {
		case owner.Valid:
			passes = append(passes, pass{id, owner.Int64})
		case others > 0:
			stuck = append(stuck, name)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(stuck) > 0 {
		return finance.Errorf(finance.ECodeLastOwner, "you are the only owner of ledgers others belong to (%s): make one of them owner, or remove them, first",
			strings.Join(stuck, ", "))
	}
	for _, p := range passes {
		if _, err := tx.Exec(ctx, `UPDATE ledgers SET owner_id = ? WHERE id = ?`, p.to, p.ledger); err != nil {
			return err
		}
	}
	return nil
}

// Invitations.

// CreateInvitation records an invitation whose link's secret hashes to
// tokenHash, valid until expires (ms).
func (db *DB) CreateInvitation(ctx context.Context, ledgerID, invitedBy int64, in finance.InvitationInput, tokenHash string, expires int64) (finance.Invitation, error) {
	if err := in.Validate(); err != nil {
		return finance.Invitation{}, err
	}
	inv := finance.Invitation{Email: in.Email, Role: in.Role, ExpiresAt: expires}
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		now := db.NowMillis()
		var member, pending int64
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ledger_members m JOIN users u ON u.id = m.user_id WHERE m.ledger_id = ? AND u.email = ?`,
			ledgerID, in.Email).Scan(&member); err != nil {
			return err
		}
		if member > 0 {
			return finance.FieldErr("email", finance.FCodeTaken, "this person already belongs to the ledger").WithCode(finance.ECodeAlreadyMember)
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ledger_invitations WHERE ledger_id = ? AND accepted_at IS NULL AND revoked_at IS NULL
			AND expires_at > ?`, ledgerID, now).Scan(&pending); err != nil {
			return err
		}
		if pending >= finance.MaxPendingInvitations {
			return finance.Errorf(finance.ECodeLimitExceeded, "the ledger has %d invitations waiting: revoke some first", pending)
		}
		inv.CreatedAt = now
		if err := tx.QueryRow(ctx, `INSERT INTO ledger_invitations (ledger_id, email, role, token_hash, invited_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, ledgerID, in.Email, in.Role, tokenHash, invitedBy, now, expires).Scan(&inv.ID); err != nil {
			return err
		}
		return tx.logActivity(ctx, finance.ActInvited, finance.SubjectInvitation, inv.ID, 1, finance.ActivityDetails{Email: in.Email, Role: in.Role})
	})
	return inv, err
}

// PendingInvitations lists the ledger's invitations not yet accepted,
// revoked or expired, newest first.
func (db *DB) PendingInvitations(ctx context.Context, ledgerID int64) ([]finance.Invitation, error) {
	rows, err := db.Query(ctx, `SELECT id, email, role, created_at, expires_at FROM ledger_invitations
		WHERE ledger_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC, id DESC`,
		ledgerID, db.NowMillis())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.Invitation{}
	for rows.Next() {
		var inv finance.Invitation
		if err := rows.Scan(&inv.ID, &inv.Email, &inv.Role, &inv.CreatedAt, &inv.ExpiresAt); err != nil {
			return nil, err
		}
		out = append(out, inv)
	}
	return out, rows.Err()
}

// RevokeInvitation ends a pending invitation; its link stops working.
func (db *DB) RevokeInvitation(ctx context.Context, ledgerID, id int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE ledger_invitations SET revoked_at = ? WHERE id = ? AND ledger_id = ? AND accepted_at IS NULL
			AND revoked_at IS NULL`, db.NowMillis(), id, ledgerID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "invitation not found")
		}
		var d finance.ActivityDetails
		if err := tx.QueryRow(ctx, `SELECT email, role FROM ledger_invitations WHERE id = ?`, id).Scan(&d.Email, &d.Role); err != nil {
			return err
		}
		return tx.logActivity(ctx, finance.ActRevoked, finance.SubjectInvitation, id, 1, d)
	})
}

// errNoInvitation is the one answer for a token that is unknown, used,
// revoked or expired: nothing tells a guesser which.
var errNoInvitation = finance.Errorf(finance.ECodeNotFound, "this invitation does not exist, was already used, was revoked or has expired")

// Invitation is what the link's holder sees of a pending invitation.
func (db *DB) Invitation(ctx context.Context, tokenHash string) (finance.InvitationView, error) {
	var v finance.InvitationView
	var name, last sql.NullString
	err := db.QueryRow(ctx, `SELECT i.ledger_id, l.name, u.name, u.last_name, i.email, i.role, i.expires_at FROM ledger_invitations i
		JOIN ledgers l ON l.id = i.ledger_id LEFT JOIN users u ON u.id = i.invited_by
		WHERE i.token_hash = ? AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ?`, tokenHash, db.NowMillis()).
		Scan(&v.LedgerID, &v.LedgerName, &name, &last, &v.Email, &v.Role, &v.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return v, errNoInvitation
	}
	v.InvitedBy = strings.TrimSpace(name.String + " " + last.String)
	return v, err
}

// AcceptInvitation makes u a member with the invitation's role and the
// ledger u's current one, and uses the invitation up. It must be for u's
// email. Two accepts at once: one wins, the other finds it used.
func (db *DB) AcceptInvitation(ctx context.Context, tokenHash string, u *finance.User) (int64, error) {
	var ledgerID int64
	var email, role string
	var id int64
	err := db.QueryRow(ctx, `SELECT id, ledger_id, email, role FROM ledger_invitations WHERE token_hash = ?
		AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?`, tokenHash, db.NowMillis()).Scan(&id, &ledgerID, &email, &role)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errNoInvitation
	}
	if err != nil {
		return 0, err
	}
	if !strings.EqualFold(email, u.Email) {
		return 0, finance.Errorf(finance.ECodeInvitationEmail, "this invitation is for another email address: sign in with that one")
	}
	err = db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		now := db.NowMillis()
		res, err := tx.Exec(ctx, `UPDATE ledger_invitations SET accepted_at = ?, accepted_by = ? WHERE id = ? AND accepted_at IS NULL
			AND revoked_at IS NULL AND expires_at > ?`, now, u.ID, id, now)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoInvitation
		}
		if _, err := memberRoleTx(ctx, tx, u.ID); err == nil {
			return finance.Errorf(finance.ECodeAlreadyMember, "you already belong to this ledger")
		}
		if _, err := tx.Exec(ctx, `INSERT INTO ledger_members (ledger_id, user_id, role, created_at) VALUES (?, ?, ?, ?)`, ledgerID, u.ID, role, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET current_ledger_id = ? WHERE id = ?`, ledgerID, u.ID); err != nil {
			return err
		}
		return tx.logMember(ctx, finance.ActJoined, u.ID, role)
	})
	return ledgerID, err
}

// logMember records a change of the member userID in the activity, named by
// their name (or email).
func (t *Tx) logMember(ctx context.Context, action string, userID int64, role string) error {
	var name, last, email string
	if err := t.QueryRow(ctx, `SELECT name, last_name, email FROM users WHERE id = ?`, userID).Scan(&name, &last, &email); err != nil {
		return err
	}
	return t.logActivity(ctx, action, finance.SubjectMember, userID, 1, finance.ActivityDetails{Name: strings.TrimSpace(name + " " + last), Email: email, Role: role})
}

// CreatePersonalLedgerTx makes a new user's first ledger, named in their
// language, with the user as its owner (identity's CreateUser, in its
// transaction), and returns its id.
func CreatePersonalLedgerTx(ctx context.Context, tx *Tx, userID int64, language string) (int64, error) {
	var ledgerID int64
	now := tx.db.NowMillis()
	if err := tx.QueryRow(ctx, `INSERT INTO ledgers (owner_id, name, created_at) VALUES (?, ?, ?) RETURNING id`,
		userID, finance.PersonalLedgerName(language), now).Scan(&ledgerID); err != nil {
		return 0, fmt.Errorf("insert ledger: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO ledger_members (ledger_id, user_id, role, created_at) VALUES (?, ?, 'owner', ?)`, ledgerID, userID, now); err != nil {
		return 0, fmt.Errorf("insert member: %w", err)
	}
	return ledgerID, nil
}

// ReleaseUserLedgersTx readies a user's deletion (identity's DeleteUser, in
// its transaction): their ledgers pass to another owner or go with them
// (releaseLedgers), and the files of those that go are removed after the
// commit.
func ReleaseUserLedgersTx(ctx context.Context, tx *Tx, userID int64) error {
	if err := releaseLedgers(ctx, tx, userID); err != nil {
		return err
	}
	keys, err := attachmentKeys(ctx, tx, `ledger_id IN (SELECT id FROM ledgers WHERE owner_id = ?)`, userID)
	if err != nil {
		return err
	}
	tx.gone = append(tx.gone, keys...)
	return nil
}

// LedgerWelcome is what a first-time user's welcome sets up in their ledger.
type LedgerWelcome struct {
	Language, Currency string
	StarterCategories  bool
	// CashAccountName: a cash account of Currency, when the ledger has no account yet ("": none).
	CashAccountName string
}

// WelcomeLedgerTx sets up a first-time user's ledger as they chose (the
// base currency, the starter categories, a cash account), in the ledger
// write of identity's CompleteWelcome. Repeating it creates nothing twice.
func WelcomeLedgerTx(ctx context.Context, tx *Tx, ledgerID int64, w LedgerWelcome) error {
	if err := tx.setBase(ctx, w.Currency); err != nil {
		return err
	}
	if w.StarterCategories {
		if _, err := createStartersTx(ctx, tx, ledgerID, w.Language); err != nil {
			return err
		}
	}
	var accounts int64
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM accounts WHERE ledger_id = ?`, ledgerID).Scan(&accounts); err != nil {
		return err
	}
	if accounts == 0 && w.CashAccountName != "" {
		typ := "cash"
		_, err := createAccountTx(ctx, tx, ledgerID, finance.AccountInput{Name: &w.CashAccountName, Type: &typ, Currency: &w.Currency})
		return err
	}
	return nil
}
