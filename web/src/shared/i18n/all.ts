import accountEn from './account/en';
import accountEs from './account/es';
import accountFr from './account/fr';
import en from './en';
import es from './es';
import fr from './fr';
import signedInEn from './signedin/en';
import signedInEs from './signedin/es';
import signedInFr from './signedin/fr';
import quickAddEn from './quickadd/en';
import quickAddEs from './quickadd/es';
import quickAddFr from './quickadd/fr';
import receiptEn from './receipt/en';
import receiptEs from './receipt/es';
import receiptFr from './receipt/fr';

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

/** All three dictionaries at once, each with its signed-in, account and quick-add parts: for tests and
 * checks, never for the app (which loads only the language it shows, and the
 * account part with the pages that use it; see loadDictionary). */
export const dictionaries = {
  es: merge(merge(merge(merge(es, signedInEs), accountEs), quickAddEs), receiptEs) as typeof es & typeof signedInEs & typeof quickAddEn & typeof receiptEn,
  en: merge(merge(merge(merge(en, signedInEn), accountEn), quickAddEn), receiptEn) as typeof en & typeof signedInEn & typeof quickAddEn & typeof receiptEn,
  fr: merge(merge(merge(merge(fr, signedInFr), accountFr), quickAddFr), receiptFr) as typeof fr & typeof signedInFr & typeof quickAddEn & typeof receiptEn,
} as const;
