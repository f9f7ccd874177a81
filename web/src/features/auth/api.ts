import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { LoginRequest, SecondStepRequest, SignUpBody } from '@/shared/api/schema.gen';
import type { Provider, TwoFactorChallenge, User } from '@/shared/api/types';
import { browserTimeZone } from '@/shared/timeZone';
import type { LanguagePreference } from '@/shared/i18n';

export function useProviders() {
  return useQuery({ queryKey: ['providers'], queryFn: () => api.get<Provider[]>('/api/v1/auth/providers'), staleTime: Infinity });
}

/** The user (200), or, when two-step verification is on, a challenge (202) that a code answers (signInWithCode). */
export function signIn(email: string, password: string) {
  return api.post<User | TwoFactorChallenge>('/api/v1/auth/login', { email, password } satisfies LoginRequest);
}

/** The client returns bodies, not statuses: the 202's body is the one that says twoFactorRequired. */
export function needsSecondStep(answer: User | TwoFactorChallenge): answer is TwoFactorChallenge {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired === true;
}

/** The second step of a sign-in: the authenticator's code or one of the recovery codes. */
export function signInWithCode(body: { code: string } | { recoveryCode: string }) {
  return api.post<User>('/api/v1/auth/login/two-factor', body satisfies SecondStepRequest);
}

export function signUp(body: { email: string; password: string; name: string; languagePreference: LanguagePreference }) {
  return api.post<User>('/api/v1/auth/signup', { ...body, timeZone: browserTimeZone() } satisfies SignUpBody);
}
