import { describe, expect, it } from 'vitest';
import { ApiProblem } from '@/shared/api/client';
import { createI18n } from '@/shared/i18n';
import en from '@/shared/i18n/en';
import es from '@/shared/i18n/es';
import fr from '@/shared/i18n/fr';
import { errorMessage } from './problems';

describe('errorMessage', () => {
  const mismatch = new ApiProblem(422, 'currency_mismatch', 'the file is in BRL', [], null, {
    code: 'currency_mismatch',
    params: { fileCurrency: 'BRL', accountCurrency: 'EUR' },
  });
  it('names what the problem names, in each language', () => {
    expect(errorMessage(createI18n('en', { en }).t, mismatch)).toBe(
      'The file’s statement is in BRL and the account in EUR: choose an account in BRL. Nothing was imported.',
    );
    expect(errorMessage(createI18n('es', { es }).t, mismatch)).toContain('está en BRL y la cuenta en EUR');
    expect(errorMessage(createI18n('fr', { fr }).t, mismatch)).toContain('est en BRL et le compte en EUR');
  });
  it('reads a problem without parameters as before', () => {
    const t = createI18n('en', { en }).t;
    expect(errorMessage(t, new ApiProblem(409, 'too_many_files', ''))).toBe(en.errors.too_many_files);
    expect(errorMessage(t, new ApiProblem(500, 'no_such_code', ''))).toBe(en.errors.internal);
  });
  it('says what an unread file is, by its kind, in each language', () => {
    const gnucash = new ApiProblem(415, 'unsupported_media_type', 'this is a GnuCash file', [], null, {
      code: 'unsupported_media_type',
      params: { kind: 'gnucash' },
    });
    expect(errorMessage(createI18n('en', { en }).t, gnucash)).toBe(en.errors.unsupported_media_type_gnucash);
    expect(errorMessage(createI18n('en', { en }).t, gnucash)).toContain('This is a GnuCash file: export');
    expect(errorMessage(createI18n('es', { es }).t, gnucash)).toContain('Es un archivo de GnuCash');
    expect(errorMessage(createI18n('fr', { fr }).t, gnucash)).toContain('C’est un fichier GnuCash');
    const image = new ApiProblem(415, 'unsupported_media_type', '', [], null, { code: 'unsupported_media_type', params: { kind: 'image' } });
    expect(errorMessage(createI18n('fr', { fr }).t, image)).toBe(fr.errors.unsupported_media_type_image);
    const other = new ApiProblem(415, 'unsupported_media_type', '', [], null, { code: 'unsupported_media_type', params: {} });
    expect(errorMessage(createI18n('es', { es }).t, other)).toBe(es.errors.unsupported_media_type);
  });
});
