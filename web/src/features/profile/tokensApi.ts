import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestBody } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import { useSecurityChanged } from './api';

// The user's personal API tokens. Like the two-step status, they belong to
// the person, not to the current ledger: the key lives under the user's.
const tokensKey = [...keys.me, 'tokens'] as const;

/** A new token: its name and scope; without expiresAt it never expires. */
export type NewApiToken = RequestBody<'/api/v1/me/tokens', 'post'>;

export function useApiTokens() {
  return useQuery({ queryKey: tokensKey, queryFn: () => api.GET('/api/v1/me/tokens') });
}

/** Creating and revoking a token: the list changes, and the security activity tells of it. */
export function useTokenMutations() {
  const qc = useQueryClient();
  const securityChanged = useSecurityChanged();
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: tokensKey }), securityChanged()]);
  return {
    create: useMutation({ mutationFn: (body: NewApiToken) => api.POST('/api/v1/me/tokens', { body }), onSuccess: done }),
    // Settled, not only on success: a token revoked elsewhere (404) leaves the list too.
    revoke: useMutation({ mutationFn: (id: string) => api.DELETE('/api/v1/me/tokens/{id}', { params: { path: { id } } }), onSettled: done }),
  };
}

export type Expiry = '30' | '90' | '365' | 'never';
export const expiries: Expiry[] = ['30', '90', '365', 'never'];

/**
 * The last millisecond of the day a token of this expiry stops working, on
 * the user's clock (30 or 90 days, or the same date next year, from today);
 * undefined for a token that never expires.
 */
export function expiryDay(expiry: Expiry, now: Date = new Date()): Date | undefined {
  if (expiry === 'never') return undefined;
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  return expiry === '365' ? new Date(y + 1, m, d, 23, 59, 59, 999) : new Date(y, m, d + Number(expiry), 23, 59, 59, 999);
}
