import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

// Password resets: a one-time link (/login/reset?token=…) from an
// administrator or, when the server sends email, asked for on the login page.

/** "Forgot password": 202 whether or not an account uses the email (409 password_reset_unavailable when the server sends no email). */
export function requestPasswordReset(email: string) {
  return api.POST('/api/v1/auth/password-reset', { body: { email } });
}

/** The email a reset link is for, while it works (404 reset_link_invalid: unknown, used, expired, replaced, or its user disabled). */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => api.GET('/api/v1/auth/password-reset/{token}', { params: { path: { token } } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** Spends the link: the new password is set and every session of the user ends. */
export function resetPassword(token: string, newPassword: string) {
  return api.POST('/api/v1/auth/password-reset/{token}', { params: { path: { token } }, body: { newPassword } });
}
