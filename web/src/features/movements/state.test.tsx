import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionaries } from '@/shared/i18n/all';
import { api, fixedLayout, mockFetch, renderApp, sample, user } from '@/test/render';

beforeEach(fixedLayout);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const { account, category } = sample;
const movements = [
  { ...sample.movement, id: '9', description: 'Bakery', state: 'uncleared' },
  { ...sample.movement, id: '10', description: 'Rent', state: 'reconciled' },
];

function serve(lang: string) {
  const patches: { url: string; body: unknown }[] = [];
  mockFetch(
    api({ ...user, languagePreference: lang }, (url, init) => {
      if (url.startsWith('/api/v1/movements/bulk')) {
        patches.push({ url, body: JSON.parse(String(init?.body)) });
        if (!url.includes('confirm=true')) return { status: 409, body: { code: 'reconciled', status: 409 } };
        return { status: 200, body: { affected: 1, deleted: [movements[1]] } };
      }
      if (init?.method === 'PATCH') {
        patches.push({ url, body: JSON.parse(String(init.body)) });
        return { status: 200, body: { ...movements[0], state: 'cleared' } };
      }
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [account], nextCursor: null } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: [category], nextCursor: null } };
      if (url.startsWith('/api/v1/movements/totals'))
        return { status: 200, body: { count: 2, byCurrency: [{ currency: 'EUR', count: 2, earnings: 0, expenses: 2500, net: -2500 }] } };
      if (url.startsWith('/api/v1/movements')) return { status: 200, body: { items: movements, nextCursor: null } };
      return undefined;
    }),
  );
  return patches;
}

describe.each([
  ['es', 'SWITCH_TO_SPANISH'],
  ['en', 'SWITCH_TO_ENGLISH'],
  ['fr', 'SWITCH_TO_FRENCH'],
] as const)('a movement’s state in the list (%s)', (lang, pref) => {
  const s = dictionaries[lang].movements;
  it('a click on an uncleared mark clears the movement; a reconciled one is a mark, not a button', async () => {
    const patches = serve(pref);
    renderApp('/movements', lang);
    const list = await screen.findByRole('list');
    const mark = await within(list).findByRole('button', { name: `${s.state}: ${s.states.uncleared}, Bakery` });
    expect(mark).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(mark);
    await vi.waitFor(() => expect(patches).toEqual([{ url: '/api/v1/movements/9', body: { state: 'cleared' } }]));
    expect(within(list).getByRole('img', { name: `${s.state}: ${s.states.reconciled}, Rent` })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: `${s.state}: ${s.states.reconciled}, Rent` })).toBeNull();
  });

  it('deleting a reconciled movement asks once more, then deletes it with confirm', async () => {
    const sent = serve(pref);
    renderApp('/movements', lang);
    const list = await screen.findByRole('list');
    await userEvent.click(await within(list).findByRole('checkbox', { name: new RegExp(`: Rent`) }));
    await userEvent.click(screen.getByRole('button', { name: s.deleteSelected }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(dictionaries[lang].errors.reconciled);
    expect(sent.map((r) => r.url)).toEqual(['/api/v1/movements/bulk']);
    await userEvent.click(within(dialog).getByRole('button', { name: dictionaries[lang].common.delete }));
    await vi.waitFor(() => expect(sent.map((r) => r.url)).toEqual(['/api/v1/movements/bulk', '/api/v1/movements/bulk?confirm=true']));
    expect(sent[1]?.body).toEqual({ action: 'delete', ids: ['10'] });
  });
});
