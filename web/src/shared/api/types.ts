// The API's resources, as docs/API.md describes them. Money is integer minor units.
import type { LanguagePreference } from '../i18n';
import type { ThemePreference } from '../theme';

export interface User {
  uid: string;
  name: string;
  lastName: string;
  email: string;
  rol: string;
  providerId: string;
  photoURL: string;
  phone: string;
  address: string;
  firstTime: boolean;
  languagePreference: LanguagePreference;
  themePreference: ThemePreference;
  baseCurrency: string;
  /** IANA time zone ('' for UTC): which day is today for the schedules. */
  timeZone: string;
  hasPassword: boolean;
  /** The current ledger: every ledger-scoped request acts on it. */
  ledgerId: string;
  /** The user's role in the current ledger. */
  ledgerRole: LedgerRole;
  /** The personal ledger made at sign-up: it cannot be deleted or left. */
  defaultLedgerId: string;
}

export interface Meta {
  version: string;
  supportEmail: string;
  analyticsId: string;
  signupEnabled: boolean;
}

export interface Provider {
  id: string;
  name: string;
  loginUrl: string;
}

export interface Currency {
  code: string;
  exponent: number;
}

export type AccountType = 'cash' | 'bank' | 'card' | 'savings' | 'investment' | 'loan';
export const accountTypes: AccountType[] = ['cash', 'bank', 'card', 'savings', 'investment', 'loan'];

export interface Account {
  id: string;
  name: string;
  type: AccountType;
  currency: string;
  openingBalance: number;
  balance: number;
  position: number;
  archived: boolean;
  hasMovements: boolean;
}

export type CategoryType = 'expense' | 'earning';

export interface Category {
  id: string;
  name: string;
  type: CategoryType;
  parentId: string | null;
  color: string;
  icon: string;
  position: number;
  archived: boolean;
}

export type MovementType = 'expense' | 'earning' | 'transfer';

export interface Movement {
  id: string;
  type: MovementType;
  date: string;
  amount: number;
  currency: string;
  accountId: string;
  categoryId: string | null;
  toAccountId: string | null;
  toAmount: number | null;
  toCurrency?: string;
  description: string;
  notes: string;
  tags: string[];
  /** The amount in the ledger's base currency; null when no rate exists for
   * its currency (absent from a server that does not convert). */
  baseAmount?: number | null;
  /** A transfer's received amount in the base currency. */
  toBaseAmount?: number | null;
  /** Converted at the rate of a later date (none existed on or before it). */
  baseEstimated?: boolean;
  /** How many files the movement keeps (absent from an older server). */
  attachments?: number;
  /** What the ledger's rules changed, in the answer to its creation only. */
  rules?: { ruleName: string; field: string; from: string; to: string }[];
  /** A split expense or earning's lines, adding up to its amount ([] when it is whole; categoryId is then null when split). */
  splits?: MovementSplit[];
  /** Who recorded it and who changed it last (user ids; null: the server, or before this was recorded) and when (Unix ms). */
  createdBy?: string | null;
  createdAt?: number;
  updatedBy?: string | null;
  updatedAt?: number;
}

/** One line of a split movement: a part of its amount in a category of its own. */
export interface MovementSplit {
  categoryId: string;
  amount: number;
  note: string;
  /** The line's part of the movement's baseAmount (null without a rate). */
  baseAmount?: number | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The ledger: its base currency is the one every converted figure is in. */
export interface Ledger {
  id: string;
  name: string;
  baseCurrency: string;
  /** The European Central Bank's reference rates are downloaded daily. */
  ecbRates: boolean;
  /** When they were last downloaded (Unix seconds; 0: never). */
  ecbFetchedAt: number;
}

export type RateSource = 'manual' | 'csv' | 'ecb' | 'transfer';

/** On date, 1 unit of currency = rate units of quote. The rate is an exact decimal string. */
export interface Rate {
  id: string;
  currency: string;
  quote: string;
  date: string;
  rate: string;
  source: RateSource;
  movementId?: string;
}

/** owner > editor > viewer: a viewer reads, an editor also writes, an owner also manages the ledger, its members and invitations. */
export type LedgerRole = 'owner' | 'editor' | 'viewer';
export const ledgerRoles: LedgerRole[] = ['owner', 'editor', 'viewer'];

/** One of the user's ledgers (GET /api/v1/ledgers): the ledger, and the user's place in it. */
export interface UserLedger extends Ledger {
  role: LedgerRole;
  /** The user's personal ledger. */
  default: boolean;
  /** The ledger every screen shows now. */
  current: boolean;
  /** How many members it has. */
  members: number;
}

/** A member of a ledger. */
export interface Member {
  userId: string;
  name: string;
  lastName: string;
  email: string;
  role: LedgerRole;
  /** The signed-in user. */
  you: boolean;
  /** Unix milliseconds. */
  joinedAt: number;
}

/** A pending invitation to a ledger (not accepted, not expired). */
export interface Invitation {
  id: string;
  email: string;
  role: LedgerRole;
  /** Unix milliseconds. */
  createdAt: number;
  expiresAt: number;
}

/** The answer to a new invitation: the only time its link is shown. */
export interface NewInvitation extends Invitation {
  token: string;
  /** The link to send: it works once, for 7 days. */
  url: string;
  /** The server also sent the link by email. */
  emailed: boolean;
}

/** What an invitation's link shows before it is accepted (GET /api/v1/invitations/{token}). */
export interface InvitationPreview {
  ledgerName: string;
  invitedBy: string;
  email: string;
  role: LedgerRole;
  /** Unix milliseconds. */
  expiresAt: number;
}

/** One entry of a ledger's activity (GET /api/v1/ledgers/{id}/activity): who did what, when. */
export interface Activity {
  id: string;
  /** Unix milliseconds. */
  at: number;
  /** null: the server itself (a scheduled movement). */
  userId: string | null;
  /** "" once the user's account is gone. */
  userName: string;
  action: ActivityAction;
  subject: ActivitySubject;
  subjectId: string | null;
  /** How many things a bulk change touched (1 otherwise). */
  count: number;
  details: {
    name?: string;
    type?: MovementType;
    amount?: number;
    currency?: string;
    date?: string;
    role?: LedgerRole;
    email?: string;
  };
}

export type ActivityAction =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'imported'
  | 'recategorized'
  | 'joined'
  | 'left'
  | 'removed'
  | 'role_changed'
  | 'transferred'
  | 'invited'
  | 'revoked'
  | 'renamed';
export type ActivitySubject = 'movement' | 'account' | 'category' | 'member' | 'invitation' | 'ledger';
