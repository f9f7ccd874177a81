import { api } from '@/shared/api/client';
import type { SettingsBody } from '@/shared/api/schema.gen';

/** Saves the theme and the language; the user as the server has them now. */
export function saveSettings(body: SettingsBody) {
  return api.PUT('/api/v1/me/settings', { body });
}
