import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerRole } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import type { Rule } from './api';

afterEach(() => vi.unstubAllGlobals());

const rule = (id: string, name: string, enabled: boolean): Rule => ({
  id,
  name,
  position: Number(id),
  enabled,
  match: 'all',
  stop: false,
  conditions: [{ field: 'description', op: 'contains', text: name.toUpperCase() }],
  actions: { categoryId: '4', tags: [], description: null, notes: null },
});
const category = { id: '4', name: 'Groceries', type: 'expense', parentId: null, color: 'red', icon: 'tools-kitchen-2', position: 1, archived: false };
const movement = { id: '9', type: 'expense', date: '2026-01-05', amount: 1250, currency: 'EUR', accountId: '1', categoryId: '4', description: 'Mercadona' };

/** A ledger with rules where the user has role. */
function serve(role: LedgerRole, rules: Rule[], languagePreference = 'SWITCH_TO_ENGLISH') {
  mockFetch(
    api({ ...user, languagePreference, ledgerId: '2', ledgerRole: role, defaultLedgerId: '1' }, (url) => {
      if (url === '/api/v1/rules') return { status: 200, body: { items: rules } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: [category], nextCursor: null } };
      if (url === '/api/v1/movements/9') return { status: 200, body: movement };
      return undefined;
    }),
  );
}

const rules = [rule('1', 'Mercadona', true), rule('2', 'Gym', false)];

describe('rules', () => {
  it('a viewer reads every rule, which is off, and can create, switch, edit, apply, move or delete none', async () => {
    serve('viewer', rules);
    renderApp('/categories/rules?from=9', 'en');
    expect(await screen.findByText('Mercadona')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('You can only view this ledger');
    expect(screen.getByText(/contains “GYM”/)).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions:/ })).toBeNull();
    // ?from= (a rule from a movement) opens no form for a viewer.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an editor has them all', async () => {
    serve('editor', rules);
    renderApp('/categories/rules', 'en');
    expect(await screen.findByRole('button', { name: 'New rule' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(await screen.findByRole('switch', { name: 'On: Mercadona' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'On: Gym' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Actions: Gym' })).toBeInTheDocument();
  });

  it('without rules, a viewer is not asked to make one', async () => {
    serve('viewer', []);
    renderApp('/categories/rules', 'en');
    expect(await screen.findByText('This ledger has no rules yet.')).toBeInTheDocument();
    expect(screen.queryByText(/on autopilot/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
  });

  it('an editor with a movement to start from gets the new rule form', async () => {
    serve('owner', []);
    renderApp('/categories/rules?from=9', 'en');
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    expect(within(dialog).getByText(/From the movement “Mercadona”/)).toBeInTheDocument();
  });

  it.each([
    ['es', 'SWITCH_TO_SPANISH'],
    ['en', 'SWITCH_TO_ENGLISH'],
    ['fr', 'SWITCH_TO_FRENCH'],
  ] as const)('has the title of Categories above its tabs, then its own heading, as the other tabs (%s)', async (lang, preference) => {
    serve('editor', rules, preference);
    renderApp('/categories/rules', lang);
    const d = dictionaries[lang];
    const own = await screen.findByRole('heading', { level: 2, name: d.rules.title });
    const title = screen.getByRole('heading', { level: 1, name: d.categories.title });
    const tabs = screen.getByRole('navigation', { name: d.categories.sections });
    expect(title.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tabs.compareDocumentPosition(own) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
