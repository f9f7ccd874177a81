import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { TwoFactorChallenge, User } from '@/shared/api/types';
import { browserTimeZone } from '@/shared/timeZone';
import type { LanguagePreference } from '@/shared/i18n';

export function useProviders() {
  return useQuery({ queryKey: ['providers'], queryFn: () => api.GET('/api/v1/auth/providers'), staleTime: Infinity });
}

/** The user (200), or, when two-step verification is on, a challenge (202) that a code answers (signInWithCode). */
export function signIn(email: string, password: string) {
  return api.POST('/api/v1/auth/login', { body: { email, password } });
}

/** The client returns bodies, not statuses: the 202's body is the one that says twoFactorRequired. */
export function needsSecondStep(answer: User | TwoFactorChallenge): answer is TwoFactorChallenge {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired === true;
}

/** The second step of a sign-in: the authenticator's code or one of the recovery codes. */
export function signInWithCode(body: { code: string } | { recoveryCode: string }) {
  return api.POST('/api/v1/auth/login/two-factor', { body });
}

export function signUp(body: { email: string; password: string; name: string; languagePreference: LanguagePreference }) {
  return api.POST('/api/v1/auth/signup', { body: { ...body, timeZone: browserTimeZone() } });
}
