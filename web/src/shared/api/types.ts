// The API's resources, under the names the app uses. They are generated from
// the server's OpenAPI document (schema.gen.ts, by scripts/api-types.sh):
// describe a change in the Go types, never here. Money is integer minor units.
// A request's answer needs no name here: the client types it from its path
// (client.ts); these are the ones the screens pass around.
import type * as Schema from './schema.gen';

export type { Account, Category, CustomCurrency, Member, Meta, Movement, Rate, User } from './schema.gen';
export type { Activity, AdminSecurityEvent, AdminUser, AdminUserPatch, Passkey, PasswordResetLink } from './schema.gen';
export type { ApiToken, SecurityEvent, TwoFactorSetup, TwoFactorStatus } from './schema.gen';
/** The administration's backups: the schedule's settings, and each backup taken (Unix ms; finishedAt 0 while it runs or when its server stopped). */
export type { BackupRun, BackupStatus } from './schema.gen';

export type AccountType = Schema.Account['type'];
export const accountTypes: AccountType[] = ['cash', 'bank', 'card', 'savings', 'investment', 'loan'];

export type CategoryType = Schema.Category['type'];

export type MovementType = Schema.Movement['type'];

/** One line of a split movement: a part of its amount in a category of its own. */
export type MovementSplit = Schema.Split;

export type RateSource = Schema.Rate['source'];

/** owner > editor > viewer: a viewer reads, an editor also writes, an owner also manages the ledger, its members and invitations. */
export type LedgerRole = Schema.User['ledgerRole'];
export const ledgerRoles: LedgerRole[] = ['owner', 'editor', 'viewer'];

/** One of the user's ledgers (GET /api/v1/ledgers): the ledger, and the user's place in it. */
export type UserLedger = Schema.LedgerInfo;

/** The answer to a new invitation: the only time its token and link are sent. */
export type NewInvitation = Schema.Invitation;

/** POST /api/v1/auth/login when two-step verification is on: no session yet, a code must follow (POST /api/v1/auth/login/two-factor). */
export type TwoFactorChallenge = Schema.TwoFactorRequired;

/** What a personal API token may do: read only answers GET; write everything its user may do. */
export type ApiTokenScope = Schema.ApiToken['scope'];

/** POST /api/v1/me/tokens's answer: the token and its secret, shown this once (the server keeps only its hash). */
export type CreatedApiToken = Schema.CreatedToken;

/** A user's rol: the first account is an administrator. */
export type Rol = Schema.User['rol'];
export const ADMIN_ROL: Rol = 'Administrador';
