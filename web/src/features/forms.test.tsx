import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderApp, user } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import { preferenceOf, type Language } from '@/shared/i18n';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const languages: Language[] = ['es', 'en', 'fr'];
const problem = (errors: { field: string; code: string }[]) => ({ status: 400, body: { status: 400, code: 'invalid', errors } });

describe.each(languages)('category and account forms in %s', (lang) => {
  const d = dictionaries[lang];
  const me = { ...user, languagePreference: preferenceOf(lang) };

  it(`the category form checks the name, then shows the server’s field errors translated (${lang})`, async () => {
    const posts: string[] = [];
    mockFetch(
      api(me, (url, init) => {
        if (url === '/api/v1/categories' && init?.method === 'POST') {
          posts.push(String(init.body));
          return problem([
            { field: 'name', code: 'taken' },
            { field: 'parentId', code: 'invalid' },
          ]);
        }
        return undefined;
      }),
    );
    renderApp('/categories', lang);
    await userEvent.click(await screen.findByRole('button', { name: d.categories.add }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
    expect(within(dialog).getByText(d.fieldErrors.required)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: d.categories.name }), 'Food');
    await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
    expect(await within(dialog).findByText(d.fieldErrors.taken)).toBeInTheDocument();
    expect(within(dialog).getByText(d.fieldErrors.invalid)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
  });

  it(`the account form checks the opening balance, then shows the server’s field errors translated (${lang})`, async () => {
    const posts: string[] = [];
    mockFetch(
      api(me, (url, init) => {
        if (url === '/api/v1/currencies')
          return {
            status: 200,
            body: [
              { code: 'EUR', exponent: 2 },
              { code: 'JPY', exponent: 0 },
            ],
          };
        if (url === '/api/v1/accounts' && init?.method === 'POST') {
          posts.push(String(init.body));
          return problem([
            { field: 'currency', code: 'unknown' },
            { field: 'openingBalance', code: 'out_of_range' },
          ]);
        }
        return undefined;
      }),
    );
    renderApp('/config', lang);
    await userEvent.click(await screen.findByRole('button', { name: d.accounts.add }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
    expect(within(dialog).getByText(d.fieldErrors.required)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: d.accounts.name }), 'Wallet');
    await userEvent.type(within(dialog).getByRole('textbox', { name: d.accounts.openingBalance }), '12x');
    await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
    expect(within(dialog).getByText(d.fieldErrors.invalid)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: d.accounts.openingBalance }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: d.accounts.openingBalance }), lang === 'en' ? '12.50' : '12,50');
    await userEvent.click(within(dialog).getByRole('button', { name: d.common.save }));
    expect(await within(dialog).findByText(d.fieldErrors.unknown)).toBeInTheDocument();
    expect(within(dialog).getByText(d.fieldErrors.out_of_range)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!)).toMatchObject({ name: 'Wallet', openingBalance: 1250 });
  });
});
