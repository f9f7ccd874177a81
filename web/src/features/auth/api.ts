import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Provider, User } from '@/shared/api/types';
import { browserTimeZone } from '@/shared/dates';
import type { LanguagePreference } from '@/shared/i18n';

export function useProviders() {
  return useQuery({ queryKey: ['providers'], queryFn: () => api.get<Provider[]>('/api/v1/auth/providers'), staleTime: Infinity });
}

export function signIn(email: string, password: string) {
  return api.post<User>('/api/v1/auth/login', { email, password });
}

export function signUp(body: { email: string; password: string; name: string; languagePreference: LanguagePreference }) {
  return api.post<User>('/api/v1/auth/signup', { ...body, timeZone: browserTimeZone() });
}
