import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, makeQueryClient } from '@/app/providers';
import { dictionaries } from '@/shared/i18n/all';
import { AppRoutes } from '@/app/router';
import type { Dictionaries, Language } from '@/shared/i18n';

/**
 * The movement list is virtualised: it shows the rows that fit its box, and
 * jsdom lays nothing out (every box is 0 × 0). After this every box is
 * 800 × 800 (call it in beforeEach; vi.restoreAllMocks undoes it). The notes'
 * autosizing textarea listens to document.fonts, which jsdom lacks.
 */
export function fixedLayout() {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
}

/** A ledger's account, expense category and movement in it, for screens that list movements. */
export const sample = {
  account: {
    id: '1',
    name: 'Bank',
    type: 'bank',
    currency: 'EUR',
    openingBalance: 0,
    balance: -1250,
    position: 1,
    archived: false,
    hasMovements: true,
    lastReconciled: null,
    reconcileDraft: null,
  },
  category: { id: '4', name: 'Food', type: 'expense', parentId: null, color: 'red', icon: 'tools-kitchen-2', position: 1, archived: false },
  movement: {
    id: '9',
    state: 'uncleared',
    type: 'expense',
    date: '2026-01-05',
    amount: 1250,
    currency: 'EUR',
    accountId: '1',
    categoryId: '4',
    toAccountId: null,
    toAmount: null,
    description: 'Bakery',
    notes: '',
    tags: [] as string[],
    splits: [],
    attachments: 0,
  },
};

export type Handler = (url: string, init?: RequestInit) => { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch: each request goes to handler; unknown ones answer 404. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const r = handler(url, init) ?? { status: 404, body: { code: 'not_found', status: 404 } };
    const isProblem = r.status >= 400;
    return new Response(r.status === 204 ? null : JSON.stringify(r.body ?? {}), {
      status: r.status,
      headers: { 'Content-Type': isProblem ? 'application/problem+json' : 'application/json', ...r.headers },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Sets or removes the server's session hint cookie (on in every test by default). */
export function setSessionHint(on: boolean) {
  document.cookie = on ? 'cc_signed_in=1; path=/' : 'cc_signed_in=; path=/; max-age=0';
}

export const user = {
  uid: '1',
  name: 'Ana',
  lastName: '',
  email: 'ana@example.com',
  rol: 'Usuario',
  providerId: 'Email',
  photoURL: '',
  phone: '',
  address: '',
  firstTime: false,
  languagePreference: 'SWITCH_TO_SPANISH',
  themePreference: 'LIGHT_MODE',
  baseCurrency: 'EUR',
  hasPassword: true,
  twoFactor: false,
};

/** The common public endpoints, then the test's own. */
export function api(me: unknown, extra: Handler = () => undefined): Handler {
  return (url, init) =>
    extra(url, init) ??
    (url === '/api/v1/me' && (!init?.method || init.method === 'GET')
      ? me === null
        ? { status: 401, body: { code: 'unauthorized', status: 401 } }
        : { status: 200, body: me }
      : url.startsWith('/api/v1/meta')
        ? { status: 200, body: { version: '1.0.0', supportEmail: 'help@example.com', analyticsId: '', signupEnabled: true } }
        : url.startsWith('/api/v1/auth/providers')
          ? { status: 200, body: [] }
          : url.startsWith('/api/v1/accounts') || url.startsWith('/api/v1/categories')
            ? { status: 200, body: { items: [], nextCursor: null } }
            : url.startsWith('/api/v1/dashboard')
              ? {
                  status: 200,
                  body: {
                    today: '2026-01-01',
                    month: '2026-01',
                    balances: [],
                    accounts: [],
                    thisMonth: [],
                    lastMonth: [],
                    topCategories: [],
                    trend: [],
                    recent: [],
                  },
                }
              : undefined);
}

/** Renders the app at path; loaded says which dictionaries are there from the
 * start (all by default; the app itself starts with the browser's only). */
export function renderApp(path: string, language: Language = 'es', loaded: Dictionaries = dictionaries) {
  const at = { pathname: path };
  function Where() {
    at.pathname = useLocation().pathname;
    return null;
  }
  const client = makeQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const utils = render(
    <AppProviders client={client} language={language} dictionaries={loaded}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
  /** pathname() is where the app is now. */
  return { ...utils, pathname: () => at.pathname };
}

/** Renders one component inside the app's providers (theme, i18n, queries). */
export function renderWithProviders(ui: React.ReactNode, language: Language = 'es') {
  return render(
    <AppProviders language={language} dictionaries={dictionaries}>
      {ui}
    </AppProviders>,
  );
}
