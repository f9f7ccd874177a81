-- A small Actual Budget database written by hand after Actual's schema
-- (loot-core init.sql and migrations up to 1759842823172): the tables and
-- columns the reader uses, with Actual's names and defaults. Amounts are in
-- hundredths, dates YYYYMMDD, months YYYYMM.

CREATE TABLE __migrations__ (id INT PRIMARY KEY NOT NULL);
INSERT INTO __migrations__ VALUES (1548957970627), (1550601598648), (1567699552727), (1608652596043),
  (1632571489012), (1685007876841), (1685123304382), (1721071985001), (1749799110000), (1749799110001);

CREATE TABLE accounts
   (id TEXT PRIMARY KEY, account_id TEXT, name TEXT, balance_current INTEGER, balance_available INTEGER,
    balance_limit INTEGER, mask TEXT, official_name TEXT, subtype TEXT, bank TEXT,
    offbudget INTEGER DEFAULT 0, closed INTEGER DEFAULT 0, tombstone INTEGER DEFAULT 0,
    sort_order REAL, type TEXT, account_sync_source TEXT, last_sync text, last_reconciled text);

CREATE TABLE category_groups
   (id TEXT PRIMARY KEY, name TEXT, is_income INTEGER DEFAULT 0, sort_order REAL,
    tombstone INTEGER DEFAULT 0, hidden BOOLEAN NOT NULL DEFAULT 0);

CREATE TABLE categories
 (id TEXT PRIMARY KEY, name TEXT, is_income INTEGER DEFAULT 0, cat_group TEXT, sort_order REAL,
  tombstone INTEGER DEFAULT 0, hidden BOOLEAN NOT NULL DEFAULT 0, goal_def TEXT DEFAULT null);

CREATE TABLE category_mapping (id TEXT PRIMARY KEY, transferId TEXT);

CREATE TABLE payees
  (id TEXT PRIMARY KEY, name TEXT, category TEXT, tombstone INTEGER DEFAULT 0, transfer_acct TEXT,
   favorite INTEGER DEFAULT 0, learn_categories BOOLEAN DEFAULT 1);

CREATE TABLE payee_mapping (id TEXT PRIMARY KEY, targetId TEXT);

CREATE TABLE transactions
  (id TEXT PRIMARY KEY, isParent INTEGER DEFAULT 0, isChild INTEGER DEFAULT 0, acct TEXT, category TEXT,
   amount INTEGER, description TEXT, notes TEXT, date INTEGER, financial_id TEXT, type TEXT, location TEXT,
   error TEXT, imported_description TEXT, starting_balance_flag INTEGER DEFAULT 0, transferred_id TEXT,
   sort_order REAL, tombstone INTEGER DEFAULT 0, cleared INTEGER DEFAULT 1, pending INTEGER DEFAULT 0,
   parent_id TEXT, schedule TEXT, reconciled INTEGER DEFAULT 0, raw_synced_data text);

CREATE TABLE zero_budget_months (id TEXT PRIMARY KEY, buffered INTEGER DEFAULT 0);
CREATE TABLE zero_budgets
  (id TEXT PRIMARY KEY, month INTEGER, category TEXT, amount INTEGER DEFAULT 0, carryover INTEGER DEFAULT 0,
   goal INTEGER DEFAULT null, long_goal INTEGER DEFAULT null);
CREATE TABLE reflect_budgets
  (id TEXT PRIMARY KEY, month INTEGER, category TEXT, amount INTEGER DEFAULT 0, carryover INTEGER DEFAULT 0,
   goal INTEGER DEFAULT null, long_goal INTEGER DEFAULT null);

CREATE TABLE preferences (id TEXT PRIMARY KEY, value TEXT);
CREATE TABLE tags (id TEXT PRIMARY KEY, tag TEXT UNIQUE, color TEXT, description TEXT,
  tombstone integer DEFAULT 0, hidden BOOLEAN DEFAULT 0);

INSERT INTO preferences VALUES ('budgetType', 'envelope'), ('defaultCurrencyCode', 'EUR'), ('dateFormat', 'dd/MM/yyyy');
INSERT INTO tags VALUES ('tag-food', 'food', '#ff0000', NULL, 0, 0);

-- Accounts: on budget, off budget, closed, deleted.
INSERT INTO accounts (id, name, offbudget, closed, tombstone, sort_order) VALUES
  ('acc-check', 'Checking', 0, 0, 0, 16384),
  ('acc-sav', 'Savings', 1, 0, 0, 32768),
  ('acc-card', 'Old Card', 0, 1, 0, 49152),
  ('acc-gone', 'Deleted account', 0, 0, 1, 65536);

-- Groups and categories: an expense group, the income group, a deleted
-- group; a hidden category, and a deleted one merged into Food.
INSERT INTO category_groups (id, name, is_income, sort_order, tombstone, hidden) VALUES
  ('grp-bills', 'Bills', 0, 16384, 0, 0),
  ('grp-income', 'Income', 1, 32768, 0, 0),
  ('grp-gone', 'Old group', 0, 49152, 1, 0);
INSERT INTO categories (id, name, is_income, cat_group, sort_order, tombstone, hidden) VALUES
  ('cat-food', 'Food', 0, 'grp-bills', 16384, 0, 0),
  ('cat-rent', 'Rent', 0, 'grp-bills', 32768, 0, 0),
  ('cat-fun', 'Fun', 0, 'grp-bills', 49152, 0, 1),
  ('cat-groc', 'Groceries', 0, 'grp-bills', 65536, 1, 0),
  ('cat-salary', 'Salary', 1, 'grp-income', 16384, 0, 0),
  ('cat-start', 'Starting Balances', 1, 'grp-income', 32768, 0, 0);
INSERT INTO category_mapping VALUES ('cat-food', 'cat-food'), ('cat-rent', 'cat-rent'), ('cat-fun', 'cat-fun'),
  ('cat-groc', 'cat-food'), ('cat-salary', 'cat-salary'), ('cat-start', 'cat-start');

-- Payees: plain ones, a deleted one merged into Supermarket, and the
-- transfer payees Actual makes for each account.
INSERT INTO payees (id, name, tombstone, transfer_acct) VALUES
  ('pay-shop', 'Supermarket', 0, NULL),
  ('pay-shop2', 'SUPERMKT 123', 1, NULL),
  ('pay-landlord', 'Landlord', 0, NULL),
  ('pay-acme', 'ACME Corp', 0, NULL),
  ('pay-start', 'Starting Balance', 0, NULL),
  ('pay-to-check', '', 0, 'acc-check'),
  ('pay-to-sav', '', 0, 'acc-sav'),
  ('pay-to-card', '', 0, 'acc-card');
INSERT INTO payee_mapping VALUES ('pay-shop', 'pay-shop'), ('pay-shop2', 'pay-shop'), ('pay-landlord', 'pay-landlord'),
  ('pay-acme', 'pay-acme'), ('pay-start', 'pay-start'), ('pay-to-check', 'pay-to-check'), ('pay-to-sav', 'pay-to-sav'),
  ('pay-to-card', 'pay-to-card');

INSERT INTO transactions (id, acct, category, amount, description, notes, date, starting_balance_flag,
    isParent, isChild, parent_id, transferred_id, tombstone, sort_order) VALUES
  -- starting balances: 1000.00, 5000.00 and -25.00
  ('t-start-check', 'acc-check', 'cat-start', 100000, 'pay-start', NULL, 20250101, 1, 0, 0, NULL, NULL, 0, 1),
  ('t-start-sav', 'acc-sav', NULL, 500000, 'pay-start', NULL, 20250101, 1, 0, 0, NULL, NULL, 0, 2),
  ('t-start-card', 'acc-card', 'cat-start', -2500, 'pay-start', NULL, 20250101, 1, 0, 0, NULL, NULL, 0, 3),
  -- an expense on the closed card
  ('t-card', 'acc-card', 'cat-food', -1500, 'pay-shop', NULL, 20250102, 0, 0, 0, NULL, NULL, 0, 4),
  -- income with a tag
  ('t-salary', 'acc-check', 'cat-salary', 250000, 'pay-acme', 'January pay #work', 20250105, 0, 0, 0, NULL, NULL, 0, 5),
  ('t-rent', 'acc-check', 'cat-rent', -120000, 'pay-landlord', NULL, 20250106, 0, 0, 0, NULL, NULL, 0, 6),
  -- a merged payee and a merged category, two tags
  ('t-food', 'acc-check', 'cat-groc', -4550, 'pay-shop2', 'weekly shop #food #Family', 20250110, 0, 0, 0, NULL, NULL, 0, 7),
  -- a transfer: both sides
  ('t-tr-out', 'acc-check', NULL, -50000, 'pay-to-sav', NULL, 20250115, 0, 0, 0, NULL, 't-tr-in', 0, 8),
  ('t-tr-in', 'acc-sav', NULL, 50000, 'pay-to-check', 'monthly saving', 20250115, 0, 0, 0, NULL, 't-tr-out', 0, 9),
  -- a split: the parent and two children
  ('t-split', 'acc-check', NULL, -9000, 'pay-shop', 'trip #trip', 20250120, 0, 1, 0, NULL, NULL, 0, 10),
  ('t-split-1', 'acc-check', 'cat-food', -6000, 'pay-shop', 'groceries', 20250120, 0, 0, 1, 't-split', NULL, 0, 11),
  ('t-split-2', 'acc-check', 'cat-fun', -3000, 'pay-shop', 'cinema #movies', 20250120, 0, 0, 1, 't-split', NULL, 0, 12),
  -- deleted: a tombstoned row, a row on a deleted account, the child of a deleted parent
  ('t-deleted', 'acc-check', 'cat-food', -99900, 'pay-shop', '#deleted', 20250121, 0, 0, 0, NULL, NULL, 1, 13),
  ('t-gone', 'acc-gone', 'cat-food', -700, 'pay-shop', NULL, 20250122, 0, 0, 0, NULL, NULL, 0, 14),
  ('t-dsplit', 'acc-check', NULL, -800, 'pay-shop', NULL, 20250123, 0, 1, 0, NULL, NULL, 1, 15),
  ('t-dsplit-1', 'acc-check', 'cat-food', -800, 'pay-shop', NULL, 20250123, 0, 0, 1, 't-dsplit', NULL, 0, 16),
  -- a row of 0: skipped
  ('t-zero', 'acc-check', 'cat-food', 0, 'pay-shop', NULL, 20250124, 0, 0, 0, NULL, NULL, 0, 17);

-- Envelope budgets (budgetType 'envelope'): 0 is no budget; the merged
-- category's budget goes to Food. reflect_budgets is not read.
INSERT INTO zero_budgets (id, month, category, amount, carryover) VALUES
  ('202501-cat-food', 202501, 'cat-food', 40000, 0),
  ('202501-cat-rent', 202501, 'cat-rent', 120000, 1),
  ('202501-cat-fun', 202501, 'cat-fun', 0, 0),
  ('202502-cat-groc', 202502, 'cat-groc', 5000, 0);
INSERT INTO reflect_budgets (id, month, category, amount, carryover) VALUES
  ('202501-cat-food', 202501, 'cat-food', 77700, 0);
