import { api } from '@/shared/api/client';
import type { WelcomeRequest } from '@/shared/api/schema.gen';
import type { User } from '@/shared/api/types';

/** Ends the first visit: language, base currency, starter categories. */
export function completeWelcome(body: WelcomeRequest) {
  return api.post<User>('/api/v1/me/welcome', body);
}
