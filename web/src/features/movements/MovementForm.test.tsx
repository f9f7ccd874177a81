import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderWithProviders, user } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import type { Language } from '@/shared/i18n';
import { MemoryRouter } from 'react-router';
import { notifications } from '@mantine/notifications';
import { MovementForm } from './MovementForm';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const account = { id: '1', name: 'Bank', type: 'bank', currency: 'EUR', openingBalance: 0, balance: 0, position: 1, archived: false, hasMovements: true };
const category = (id: string, name: string, type = 'expense') => ({ id, name, type, parentId: null, color: '', icon: '', position: 1, archived: false });

describe.each<Language>(['es', 'en', 'fr'])('the movement form in %s', (lang) => {
  it(`takes the category the description suggests, says why, and saves it (${lang})`, async () => {
    const posts: Record<string, unknown>[] = [];
    const asked: string[] = [];
    mockFetch(
      api(user, (url, init) => {
        if (url === '/api/v1/accounts') return { status: 200, body: { items: [account] } };
        if (url === '/api/v1/categories') return { status: 200, body: { items: [category('10', 'Groceries'), category('11', 'Eating out')] } };
        if (url.startsWith('/api/v1/categories/suggest')) {
          asked.push(url);
          const known = new URL(url, 'http://x').searchParams.get('description')?.toLowerCase().includes('mercadona');
          return {
            status: 200,
            body: { items: known ? [{ categoryId: '10', confidence: 97, confident: true, word: 'mercadona', count: 14, total: 15 }] : [] },
          };
        }
        if (url === '/api/v1/movements' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
          return { status: 201, body: { id: '99', rules: [{ ruleName: 'Mercadona', field: 'tags', from: '', to: 'food' }] } };
        }
        return undefined;
      }),
    );
    const d = dictionaries[lang];
    renderWithProviders(
      <MemoryRouter>
        <MovementForm compact />
      </MemoryRouter>,
      lang,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(d.movements.amount) }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: d.movements.description }), 'Compra MERCADONA');
    const why = d.movements.suggestedBecause_other.replace('{{count}}', '14').replace('{{total}}', '15').replace('{{word}}', 'mercadona');
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(asked.some((u) => u.includes('type=expense') && u.includes('accountId=1') && u.includes('amount=1200'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ categoryId: '10', description: 'Compra MERCADONA', amount: 1200 });
    // The notice names the rules that changed it.
    expect(await screen.findByText(`${d.movements.created} · ${d.import.byRules.replace('{{names}}', 'Mercadona')}`)).toBeInTheDocument();
    // The form is empty again: no description, so no suggested category.
    await waitFor(() => expect(screen.queryByText(why)).not.toBeInTheDocument());
  });

  it(`takes the category a rule sets as the user types, over the learned one, and names the rule (${lang})`, async () => {
    const posts: Record<string, unknown>[] = [];
    mockFetch(
      api(user, (url, init) => {
        if (url === '/api/v1/accounts') return { status: 200, body: { items: [account] } };
        if (url === '/api/v1/categories') return { status: 200, body: { items: [category('10', 'Groceries'), category('11', 'Supermercado')] } };
        if (url.startsWith('/api/v1/categories/suggest')) {
          const known = new URL(url, 'http://x').searchParams.get('description')?.toLowerCase().includes('mercadona');
          return {
            status: 200,
            body: known
              ? {
                  items: [{ categoryId: '10', confidence: 97, confident: true, word: 'mercadona', count: 14, total: 15 }],
                  rule: { ruleId: '3', ruleName: 'Mercadona', field: 'categoryId', from: '', to: '11' },
                }
              : { items: [] },
          };
        }
        if (url === '/api/v1/movements' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
          return { status: 201, body: { id: '99', rules: [] } };
        }
        return undefined;
      }),
    );
    const d = dictionaries[lang];
    renderWithProviders(
      <MemoryRouter>
        <MovementForm compact />
      </MemoryRouter>,
      lang,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(d.movements.amount) }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: d.movements.description }), 'MERCADONA 123');
    expect(await screen.findByText(d.movements.setByRule.replace('{{name}}', 'Mercadona'))).toBeInTheDocument();
    expect(screen.queryByText(/mercadona»|“mercadona”|« mercadona »/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ categoryId: '11', description: 'MERCADONA 123' });
  });

  it(`offers a rule after a movement is moved to another category by hand (${lang})`, async () => {
    const patches: Record<string, unknown>[] = [];
    mockFetch(
      api(user, (url, init) => {
        if (url === '/api/v1/accounts') return { status: 200, body: { items: [account] } };
        if (url === '/api/v1/categories') return { status: 200, body: { items: [category('10', 'Groceries'), category('11', 'Eating out')] } };
        if (url === '/api/v1/movements/5' && init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)) as Record<string, unknown>);
          return { status: 200, body: { id: '5' } };
        }
        return undefined;
      }),
    );
    const d = dictionaries[lang];
    const movement = {
      id: '5',
      state: 'uncleared' as const,
      type: 'expense' as const,
      date: '2026-03-01',
      amount: 3120,
      currency: 'EUR',
      accountId: '1',
      categoryId: '11',
      toAccountId: null,
      toAmount: null,
      description: 'COMPRA MERCADONA 0042',
      notes: '',
      tags: [],
      splits: [],
      baseAmount: 3120,
      toBaseAmount: null,
      baseEstimated: false,
      attachments: 0,
      createdBy: null,
      createdAt: 0,
      updatedBy: null,
      updatedAt: 0,
    };
    renderWithProviders(
      <MemoryRouter>
        <MovementForm compact movement={movement} />
      </MemoryRouter>,
      lang,
    );
    await userEvent.click(await screen.findByRole('combobox', { name: new RegExp(d.movements.category) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Groceries', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    const offer = d.movements.alwaysPut.replace('{{word}}', 'MERCADONA').replace('{{category}}', 'Groceries');
    expect(await screen.findByText(offer)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: d.movements.makeRuleNow })).toBeInTheDocument();
  });
});
