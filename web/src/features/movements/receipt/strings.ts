import type { i18n as I18n } from 'i18next';
import type { Language } from '@/shared/i18n';
import type { ReceiptDictionary } from '@/shared/i18n/types';

/**
 * The receipt reader's dictionary: its own chunk per language, loaded with
 * the movement form's receipt button. It lives here rather than in
 * shared/i18n so that not even its loader reaches the sign-in page.
 */
async function loadReceiptDictionary(lang: Language): Promise<ReceiptDictionary> {
  // One import() per statement: in one expression the build would preload every branch's chunk.
  if (lang === 'en') return (await import('@/shared/i18n/receipt/en')).default;
  if (lang === 'fr') return (await import('@/shared/i18n/receipt/fr')).default;
  return (await import('@/shared/i18n/receipt/es')).default;
}

/** Adds lang's receipt dictionary to i18n (once). */
export async function ensureReceiptStrings(i18n: I18n, lang: Language): Promise<true> {
  if (!i18n.exists('receipt.read', { lng: lang })) i18n.addResourceBundle(lang, 'translation', await loadReceiptDictionary(lang), true, false);
  return true;
}
