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
  /** Two-step verification is on: signing in with the password also asks for a code. */
  twoFactor: boolean;
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
  /** The server sends email: "forgot password" mails a reset link. Without it, an administrator makes one. */
  passwordResetByEmail: boolean;
  /** The server's address is a host name (CASHCONTROL_BASE_URL): passkeys can be added and sign in. */
  passkeys: boolean;
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

/** POST /api/v1/auth/login when two-step verification is on: no session yet, a code must follow (POST /api/v1/auth/login/two-factor). */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
}

/** GET /api/v1/me/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Unix milliseconds; null while off. */
  enabledAt: number | null;
  recoveryCodesLeft: number;
}

/** POST /api/v1/me/two-factor/setup: what the authenticator app needs (nothing changes until confirmed). */
export interface TwoFactorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** A data: URL of the QR code's PNG. */
  qrCode: string;
}

/** POST /api/v1/me/two-factor/confirm and …/recovery-codes: shown once, each signs in once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

export type SecurityEventKind =
  | 'sign_up'
  | 'sign_in'
  | 'sign_in_failed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'recovery_codes_regenerated'
  | 'password_changed'
  | 'signed_out_everywhere'
  | 'token_created'
  | 'token_revoked'
  | 'token_used'
  | 'account_disabled'
  | 'account_enabled'
  | 'made_administrator'
  | 'administrator_removed'
  | 'password_reset_link_created'
  | 'password_reset_requested'
  | 'password_reset'
  | 'passkey_added'
  | 'passkey_removed';

/** One entry of GET /api/v1/me/security-events, newest first. */
export interface SecurityEvent {
  id: string;
  kind: SecurityEventKind;
  /** How: sign_in's 'password', 'password+totp', 'password+recovery_code', 'passkey' or 'oidc:<provider>'; sign_in_failed's 'password' or 'two_factor'; the token's name for token_*, the passkey's for passkey_*; the administrator's email for account_*, *administrator* and password_reset_link_created; '' otherwise. */
  detail: string;
  /** Unix milliseconds. */
  at: number;
  ip: string;
  userAgent: string;
}

/** What a personal API token may do: read only answers GET; write everything its user may do. */
export type ApiTokenScope = 'read' | 'write';

/** One of GET /api/v1/me/passkeys: a device's key that signs its user in alone. */
export interface Passkey {
  id: string;
  name: string;
  /** Unix milliseconds. */
  createdAt: number;
  /** Unix milliseconds; null: never used to sign in. */
  lastUsedAt: number | null;
}

/** One of GET /api/v1/me/tokens, newest first: never its secret. */
export interface ApiToken {
  id: string;
  name: string;
  scope: ApiTokenScope;
  /** 'cc_…' and the secret's last 4 characters, to tell tokens apart. */
  hint: string;
  /** Unix milliseconds. */
  createdAt: number;
  /** Unix milliseconds; null: it never expires. */
  expiresAt: number | null;
  /** Unix milliseconds, to the minute; null: never used. */
  lastUsedAt: number | null;
}

/** POST /api/v1/me/tokens's body; without expiresAt the token never expires. */
export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  expiresAt?: number;
}

/** POST /api/v1/me/tokens's answer: the token and its secret, shown this once (the server keeps only its hash). */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** A user's rol: the first account is an administrator. */
export type Rol = 'Administrador' | 'Usuario';
export const ADMIN_ROL: Rol = 'Administrador';

/** One of GET /api/v1/admin/users (administrators only). */
export interface AdminUser {
  id: string;
  name: string;
  lastName: string;
  email: string;
  rol: Rol;
  /** 'Email', 'google.com' or an OpenID Connect issuer's URL. */
  providerId: string;
  /** Unix milliseconds. */
  createdAt: number;
  /** Unix milliseconds; null: never signed in. */
  lastSignInAt: number | null;
  /** Movements in the ledgers the user owns. */
  movements: number;
  disabled: boolean;
  twoFactor: boolean;
  /** The administrator asking. */
  you: boolean;
}

/** PATCH /api/v1/admin/users/{id}'s body. */
export interface AdminUserPatch {
  disabled?: boolean;
  rol?: Rol;
}

/** A one-time link to set a new password (POST /api/v1/admin/users/{id}/password-reset). */
export interface PasswordResetLink {
  url: string;
  /** Unix milliseconds. */
  expiresAt: number;
}

/** GET and PUT /api/v1/admin/settings: what an administrator switches for every server at once. */
export interface InstanceSettings {
  signupEnabled: boolean;
}

/** One of GET /api/v1/admin/security-events: any user's, with whose it is. */
export interface AdminSecurityEvent extends SecurityEvent {
  userId: string;
  email: string;
}
