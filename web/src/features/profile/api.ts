import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { ChangePasswordRequest, DeleteMeRequest, ProfilePatch } from '@/shared/api/schema.gen';
import type { TwoFactorStatus } from '@/shared/api/types';

// Two-step verification and the security activity of the signed-in user.
// Their keys live under the user's: they belong to the person, not to the
// current ledger, so a ledger switch keeps them (see ledgerFree).
const twoFactorKey = [...keys.me, 'two-factor'] as const;
const securityEventsKey = [...keys.me, 'security-events'] as const;

/** How many entries the profile's security activity shows. */
export const SECURITY_EVENTS = 20;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => api.GET('/api/v1/me/two-factor') });
}

export function useSecurityEvents() {
  return useQuery({ queryKey: securityEventsKey, queryFn: () => api.GET('/api/v1/me/security-events', { params: { query: { limit: SECURITY_EVENTS } } }) });
}

/**
 * After a change to how the user signs in: the two-step status and the
 * activity say something new. status: what the change made of it, shown at
 * once (no flash of the old state) while the server's answer comes.
 */
export function useSecurityChanged() {
  const qc = useQueryClient();
  return (status?: TwoFactorStatus) => {
    if (status) qc.setQueryData(twoFactorKey, status);
    return Promise.all([qc.invalidateQueries({ queryKey: twoFactorKey }), qc.invalidateQueries({ queryKey: securityEventsKey })]);
  };
}

/** Starts (or restarts) a pending setup: nothing changes at sign-in until it is confirmed. */
export function startTwoFactor(currentPassword: string) {
  return api.POST('/api/v1/me/two-factor/setup', { body: { currentPassword } });
}

/** The first code from the app turns two-step verification on; the answer's recovery codes are shown once. */
export function confirmTwoFactor(code: string) {
  return api.POST('/api/v1/me/two-factor/confirm', { body: { code } });
}

/** Ten new recovery codes; the old ones stop working. code: the app's, or a recovery code. */
export function newRecoveryCodes(currentPassword: string, code: string) {
  return api.POST('/api/v1/me/two-factor/recovery-codes', { body: { currentPassword, code } });
}

export function turnOffTwoFactor(currentPassword: string, code: string) {
  return api.DELETE('/api/v1/me/two-factor', { body: { currentPassword, code } });
}

/** Saves the profile's fields; the user as the server has them now. */
export function updateProfile(patch: ProfilePatch) {
  return api.PATCH('/api/v1/me', { body: patch });
}

/** Changes the password (the other sessions and the API tokens end). */
export function changePassword(body: ChangePasswordRequest) {
  return api.PUT('/api/v1/me/password', { body });
}

/** Deletes the account and what only it owns. */
export function deleteAccount(body: DeleteMeRequest) {
  return api.DELETE('/api/v1/me', { body });
}

export { signOut } from '@/shared/api/queries';

/** Ends every session of the user, this one too, and the API tokens. */
export function signOutEverywhere() {
  return api.DELETE('/api/v1/me/sessions');
}
