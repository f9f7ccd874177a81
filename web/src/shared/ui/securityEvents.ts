import type { TFunction } from 'i18next';
import type { SecurityEvent } from '../api/types';

// The sentences of security events, as their user reads them (Profile's
// security activity). The administration's list of everyone's events says
// the same, except for the changes an administrator made (see
// features/admin/SecurityEventsCard), which it tells in the third person.

/** The sentence of one event ("Signed in with password and authenticator code"); an unknown kind or method still says something. */
export function eventSentence(t: TFunction, e: Pick<SecurityEvent, 'kind' | 'detail'>): string {
  switch (e.kind) {
    case 'sign_up':
      return t('security.signUp');
    case 'sign_in':
      if (e.detail === 'password') return t('security.signInPassword');
      if (e.detail === 'password+totp') return t('security.signInTotp');
      if (e.detail === 'password+recovery_code') return t('security.signInRecovery');
      if (e.detail === 'passkey') return t('security.signInPasskey');
      if (e.detail.startsWith('oidc:')) {
        const provider = e.detail.slice('oidc:'.length);
        return t('security.signInProvider', { provider: provider.charAt(0).toUpperCase() + provider.slice(1) });
      }
      return t('security.signIn');
    case 'sign_in_failed':
      if (e.detail === 'password') return t('security.failedPassword');
      if (e.detail === 'two_factor') return t('security.failedCode');
      return t('security.failed');
    case 'two_factor_enabled':
      return t('security.twoFactorEnabled');
    case 'two_factor_disabled':
      return t('security.twoFactorDisabled');
    case 'recovery_codes_regenerated':
      return t('security.recoveryCodesRegenerated');
    case 'password_changed':
      return t('security.passwordChanged');
    case 'signed_out_everywhere':
      return t('security.signedOutEverywhere');
    case 'token_created':
      return t('security.tokenCreated', { name: e.detail });
    case 'token_revoked':
      return t('security.tokenRevoked', { name: e.detail });
    case 'token_used':
      return t('security.tokenUsed', { name: e.detail });
    // An administrator's changes: the detail is the administrator's email.
    case 'account_disabled':
      return t('security.accountDisabled', { email: e.detail });
    case 'account_enabled':
      return t('security.accountEnabled', { email: e.detail });
    case 'made_administrator':
      return t('security.madeAdministrator', { email: e.detail });
    case 'administrator_removed':
      return t('security.administratorRemoved', { email: e.detail });
    case 'password_reset_link_created':
      return t('security.resetLinkCreated', { email: e.detail });
    case 'password_reset_requested':
      return t('security.resetRequested');
    case 'password_reset':
      return t('security.passwordReset');
    case 'passkey_added':
      return t('security.passkeyAdded', { name: e.detail });
    case 'passkey_removed':
      return t('security.passkeyRemoved', { name: e.detail });
    default:
      return t('security.other');
  }
}
