import en from './en';
import es from './es';
import fr from './fr';

/** All three dictionaries at once: for tests and checks, never for the app
 * (which loads only the language it shows; see loadDictionary). */
export const dictionaries = { es, en, fr } as const;
