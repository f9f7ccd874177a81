import accountEn from './account/en';
import accountEs from './account/es';
import accountFr from './account/fr';
import en from './en';
import es from './es';
import fr from './fr';

type Tree = { [key: string]: string | Tree };

/** a with b's keys added, section by section (b's account sections share
 * some names, such as twoFactor, with the signed-out strings). */
function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const had = out[k];
    out[k] = typeof v === 'object' && typeof had === 'object' ? merge(had, v) : v;
  }
  return out;
}

/** All three dictionaries at once, each with its account part: for tests and
 * checks, never for the app (which loads only the language it shows, and the
 * account part with the pages that use it; see loadDictionary). */
export const dictionaries = {
  es: merge(es, accountEs) as typeof es,
  en: merge(en, accountEn) as typeof en,
  fr: merge(fr, accountFr) as typeof fr,
} as const;
