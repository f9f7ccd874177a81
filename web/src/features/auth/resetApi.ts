import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ForgotPasswordRequest, ResetLinkReply, ResetPasswordRequest } from '@/shared/api/schema.gen';

// Password resets: a one-time link (/login/reset?token=…) from an
// administrator or, when the server sends email, asked for on the login page.

/** "Forgot password": 202 whether or not an account uses the email (409 password_reset_unavailable when the server sends no email). */
export function requestPasswordReset(email: string) {
  return api.post<void>('/api/v1/auth/password-reset', { email } satisfies ForgotPasswordRequest);
}

/** The email a reset link is for, while it works (404 reset_link_invalid: unknown, used, expired, replaced, or its user disabled). */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => api.get<ResetLinkReply>(`/api/v1/auth/password-reset/${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** Spends the link: the new password is set and every session of the user ends. */
export function resetPassword(token: string, newPassword: string) {
  return api.post<void>(`/api/v1/auth/password-reset/${encodeURIComponent(token)}`, { newPassword } satisfies ResetPasswordRequest);
}
