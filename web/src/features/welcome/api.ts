import { api } from '@/shared/api/client';
import type { WelcomeRequest } from '@/shared/api/schema.gen';

/** Ends the first visit: language, base currency, starter categories. */
export function completeWelcome(body: WelcomeRequest) {
  return api.POST('/api/v1/me/welcome', { body });
}
