import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { User } from '../api/types';
import type { AccountDictionary, Dictionary, SignedInDictionary, QuickAddDictionary } from './types';

export type Language = 'es' | 'en' | 'fr';
/** The user's language as the API stores it. */
export type LanguagePreference = User['languagePreference'];

export type Dictionaries = Partial<Record<Language, Dictionary>>;

/** Each language is its own chunk: a page loads only the one it shows. */
export async function loadDictionary(lang: Language): Promise<Dictionary> {
  // One import() per statement: in one expression (a ? import() : import())
  // the build preloads every branch's chunk, fetching two languages.
  if (lang === 'en') return (await import('./en')).default;
  if (lang === 'fr') return (await import('./fr')).default;
  return (await import('./es')).default;
}

/** The account dictionary (Profile's security sections, the administration):
 * its own chunk per language, loaded by those pages only. */
export async function loadAccountDictionary(lang: Language): Promise<AccountDictionary> {
  if (lang === 'en') return (await import('./account/en')).default;
  if (lang === 'fr') return (await import('./account/fr')).default;
  return (await import('./account/es')).default;
}

/** The signed-in pages' dictionary (shared ledgers, their members and activity,
 * the offline notices, the bank connections): its own chunk per language,
 * which the sign-in page does not load. */
export async function loadSignedInDictionary(lang: Language): Promise<SignedInDictionary> {
  if (lang === 'en') return (await import('./signedin/en')).default;
  if (lang === 'fr') return (await import('./signedin/fr')).default;
  return (await import('./signedin/es')).default;
}

/** The quick-add box's dictionary: its own chunk per language, loaded with the box (never with a page). */
export async function loadQuickAddDictionary(lang: Language): Promise<QuickAddDictionary> {
  if (lang === 'en') return (await import('./quickadd/en')).default;
  if (lang === 'fr') return (await import('./quickadd/fr')).default;
  return (await import('./quickadd/es')).default;
}

/** Adds lang's quick-add dictionary to i18n (once). */
export async function ensureQuickAddStrings(i18n: I18n, lang: Language): Promise<true> {
  if (!i18n.exists('quickAdd.title', { lng: lang })) i18n.addResourceBundle(lang, 'translation', await loadQuickAddDictionary(lang), true, false);
  return true;
}

/** Adds lang's signed-in dictionary to i18n (once). */
export async function ensureSignedInStrings(i18n: I18n, lang: Language): Promise<true> {
  if (!hasSignedInStrings(i18n, lang)) i18n.addResourceBundle(lang, 'translation', await loadSignedInDictionary(lang), true, false);
  return true;
}

export function hasSignedInStrings(i18n: I18n, lang: Language): boolean {
  return i18n.exists('ledgers.switcherLabel', { lng: lang });
}

/** Merges lang's account dictionary into its dictionary (once; the keys it
 * shares a section with, such as twoFactor, stay). */
export async function ensureAccountStrings(i18n: I18n, lang: Language): Promise<true> {
  if (!i18n.exists('security.title', { lng: lang })) i18n.addResourceBundle(lang, 'translation', await loadAccountDictionary(lang), true, false);
  return true;
}

/** Adds lang's dictionary to i18n when it is not there yet. */
export async function ensureLanguage(i18n: I18n, lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', await loadDictionary(lang));
}

const byPreference: Record<LanguagePreference, Language> = {
  SWITCH_TO_SPANISH: 'es',
  SWITCH_TO_ENGLISH: 'en',
  SWITCH_TO_FRENCH: 'fr',
};

/** The seed's language action: an unknown one resets to Spanish. */
export function languageOf(pref: string | undefined | null): Language {
  return byPreference[pref as LanguagePreference] ?? 'es';
}

export function preferenceOf(lang: Language): LanguagePreference {
  return lang === 'en' ? 'SWITCH_TO_ENGLISH' : lang === 'fr' ? 'SWITCH_TO_FRENCH' : 'SWITCH_TO_SPANISH';
}

/** The language the app showed last in this browser (a cookie the server
 * reads too, to send that dictionary with the page), else the browser's. */
export function rememberedLanguage(): Language {
  const m = /(?:^|;\s*)cc_lang=(es|en|fr)(?:;|$)/.exec(document.cookie);
  return m ? (m[1] as Language) : browserLanguage();
}

/** Remembers the language shown, for the next visit's first paint. */
export function rememberLanguage(lang: Language): void {
  document.cookie = `cc_lang=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** Before sign-in: the browser's first language among es/en/fr, else Spanish. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const l of languages) {
    const base = l.toLowerCase().slice(0, 2);
    if (base === 'es' || base === 'en' || base === 'fr') return base;
  }
  return 'es';
}

/** Intl locale for number and date formatting. */
export function localeOf(lang: string): string {
  return lang === 'en' ? 'en-GB' : lang === 'fr' ? 'fr-FR' : 'es-ES';
}

/** An i18next instance on the dictionaries already loaded (lng's among them). */
export function createI18n(lng: Language, dictionaries: Dictionaries): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(dictionaries).map(([l, d]) => [l, { translation: d }]));
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
